import type { Option } from '../definitions/types';
import { spanishOrder } from './spanishOrder';

/**
 * About a hundred time zones for the applicant to say when they can be reached: value = IANA
 * zone id (what is sent and stored), label = '(GMT±hh:mm) Name', the name in Spanish like the
 * country list's (Islas Malvinas, Cabo Verde).
 *
 * Offsets are hand-kept STANDARD offsets (without daylight saving), not computed with Intl:
 * the list is rendered at build time by Node and again in the browser, and a computed offset
 * would change with the date and with each runtime's tz database (hydration mismatches, labels
 * drifting twice a year). A unit test checks every entry against Intl's tz data, so a change of
 * rules (as Mexico, Kazakhstan or Paraguay have made lately) is caught by the tests.
 * Zones whose standard offset is itself in flux are left out.
 */
const zones: ReadonlyArray<readonly [zone: string, standardOffset: string, name: string]> = [
  ['Etc/GMT+12', '-12:00', 'Línea internacional de cambio de fecha (oeste)'],
  ['Pacific/Pago_Pago', '-11:00', 'Samoa Americana'],
  ['Pacific/Honolulu', '-10:00', 'Hawái'],
  ['Pacific/Marquesas', '-09:30', 'Islas Marquesas'],
  ['America/Anchorage', '-09:00', 'Alaska'],
  ['America/Los_Angeles', '-08:00', 'Hora del Pacífico (EE. UU. y Canadá)'],
  ['America/Tijuana', '-08:00', 'Tijuana'],
  ['America/Denver', '-07:00', 'Hora de las Montañas (EE. UU. y Canadá)'],
  ['America/Phoenix', '-07:00', 'Arizona'],
  ['America/Mazatlan', '-07:00', 'Mazatlán'],
  ['America/Hermosillo', '-07:00', 'Hermosillo'],
  ['America/Chicago', '-06:00', 'Hora central (EE. UU. y Canadá)'],
  ['America/Regina', '-06:00', 'Saskatchewan'],
  ['America/Mexico_City', '-06:00', 'Ciudad de México'],
  ['America/Monterrey', '-06:00', 'Monterrey'],
  ['America/Guatemala', '-06:00', 'Guatemala'],
  ['America/El_Salvador', '-06:00', 'San Salvador'],
  ['America/Tegucigalpa', '-06:00', 'Tegucigalpa'],
  ['America/Managua', '-06:00', 'Managua'],
  ['America/Costa_Rica', '-06:00', 'San José (Costa Rica)'],
  ['America/Belize', '-06:00', 'Belice'],
  ['Pacific/Easter', '-06:00', 'Isla de Pascua'],
  ['Pacific/Galapagos', '-06:00', 'Galápagos'],
  ['America/New_York', '-05:00', 'Hora del Este (EE. UU. y Canadá)'],
  ['America/Bogota', '-05:00', 'Bogotá'],
  ['America/Lima', '-05:00', 'Lima'],
  ['America/Guayaquil', '-05:00', 'Quito, Guayaquil'],
  ['America/Panama', '-05:00', 'Panamá'],
  ['America/Cancun', '-05:00', 'Cancún'],
  ['America/Havana', '-05:00', 'La Habana'],
  ['America/Jamaica', '-05:00', 'Kingston (Jamaica)'],
  ['America/Port-au-Prince', '-05:00', 'Puerto Príncipe'],
  ['America/Rio_Branco', '-05:00', 'Rio Branco'],
  ['America/Halifax', '-04:00', 'Hora del Atlántico (Canadá)'],
  ['America/Caracas', '-04:00', 'Caracas'],
  ['America/La_Paz', '-04:00', 'La Paz'],
  ['America/Santiago', '-04:00', 'Santiago'],
  ['America/Santo_Domingo', '-04:00', 'Santo Domingo'],
  ['America/Puerto_Rico', '-04:00', 'San Juan (Puerto Rico)'],
  ['America/Manaus', '-04:00', 'Manaos'],
  ['America/Guyana', '-04:00', 'Georgetown'],
  ['America/Port_of_Spain', '-04:00', 'Puerto España'],
  ['America/St_Johns', '-03:30', 'Terranova'],
  ['America/Asuncion', '-03:00', 'Asunción'],
  ['America/Sao_Paulo', '-03:00', 'São Paulo, Brasilia'],
  ['America/Argentina/Buenos_Aires', '-03:00', 'Buenos Aires'],
  ['America/Argentina/Cordoba', '-03:00', 'Córdoba'],
  ['America/Montevideo', '-03:00', 'Montevideo'],
  ['America/Fortaleza', '-03:00', 'Fortaleza'],
  ['America/Bahia', '-03:00', 'Salvador de Bahía'],
  ['America/Paramaribo', '-03:00', 'Paramaribo'],
  ['America/Cayenne', '-03:00', 'Cayena'],
  ['America/Punta_Arenas', '-03:00', 'Punta Arenas'],
  ['Atlantic/Stanley', '-03:00', 'Stanley (Islas Malvinas)'],
  ['America/Noronha', '-02:00', 'Fernando de Noronha'],
  ['Atlantic/South_Georgia', '-02:00', 'Georgia del Sur'],
  ['Atlantic/Azores', '-01:00', 'Azores'],
  ['Atlantic/Cape_Verde', '-01:00', 'Cabo Verde'],
  ['Etc/UTC', '+00:00', 'Tiempo universal coordinado'],
  ['Europe/London', '+00:00', 'Londres'],
  ['Europe/Dublin', '+00:00', 'Dublín'],
  ['Europe/Lisbon', '+00:00', 'Lisboa'],
  ['Atlantic/Canary', '+00:00', 'Islas Canarias'],
  ['Atlantic/Reykjavik', '+00:00', 'Reykjavík'],
  ['Africa/Accra', '+00:00', 'Acra'],
  ['Africa/Dakar', '+00:00', 'Dakar'],
  ['Europe/Madrid', '+01:00', 'Madrid'],
  ['Europe/Paris', '+01:00', 'París'],
  ['Europe/Berlin', '+01:00', 'Berlín'],
  ['Europe/Rome', '+01:00', 'Roma'],
  ['Europe/Amsterdam', '+01:00', 'Ámsterdam'],
  ['Europe/Zurich', '+01:00', 'Zúrich'],
  ['Europe/Warsaw', '+01:00', 'Varsovia'],
  ['Africa/Lagos', '+01:00', 'Lagos'],
  ['Africa/Algiers', '+01:00', 'Argel'],
  ['Europe/Athens', '+02:00', 'Atenas'],
  ['Europe/Helsinki', '+02:00', 'Helsinki'],
  ['Europe/Kyiv', '+02:00', 'Kiev'],
  ['Africa/Cairo', '+02:00', 'El Cairo'],
  ['Africa/Johannesburg', '+02:00', 'Johannesburgo'],
  ['Asia/Jerusalem', '+02:00', 'Jerusalén'],
  ['Europe/Istanbul', '+03:00', 'Estambul'],
  ['Europe/Moscow', '+03:00', 'Moscú'],
  ['Asia/Riyadh', '+03:00', 'Riad'],
  ['Africa/Nairobi', '+03:00', 'Nairobi'],
  ['Asia/Tehran', '+03:30', 'Teherán'],
  ['Asia/Dubai', '+04:00', 'Dubái'],
  ['Asia/Baku', '+04:00', 'Bakú'],
  ['Asia/Tbilisi', '+04:00', 'Tiflis'],
  ['Asia/Kabul', '+04:30', 'Kabul'],
  ['Asia/Karachi', '+05:00', 'Karachi'],
  ['Asia/Tashkent', '+05:00', 'Taskent'],
  ['Asia/Kolkata', '+05:30', 'Bombay, Nueva Delhi, Calcuta'],
  ['Asia/Colombo', '+05:30', 'Colombo'],
  ['Asia/Kathmandu', '+05:45', 'Katmandú'],
  ['Asia/Dhaka', '+06:00', 'Daca'],
  ['Asia/Yangon', '+06:30', 'Rangún'],
  ['Asia/Bangkok', '+07:00', 'Bangkok'],
  ['Asia/Jakarta', '+07:00', 'Yakarta'],
  ['Asia/Ho_Chi_Minh', '+07:00', 'Hanói, Ciudad Ho Chi Minh'],
  ['Asia/Shanghai', '+08:00', 'Pekín, Shanghái'],
  ['Asia/Hong_Kong', '+08:00', 'Hong Kong'],
  ['Asia/Singapore', '+08:00', 'Singapur'],
  ['Asia/Taipei', '+08:00', 'Taipéi'],
  ['Asia/Manila', '+08:00', 'Manila'],
  ['Australia/Perth', '+08:00', 'Perth'],
  ['Asia/Tokyo', '+09:00', 'Tokio'],
  ['Asia/Seoul', '+09:00', 'Seúl'],
  ['Australia/Adelaide', '+09:30', 'Adelaide'],
  ['Australia/Darwin', '+09:30', 'Darwin'],
  ['Australia/Sydney', '+10:00', 'Sídney, Melbourne'],
  ['Australia/Brisbane', '+10:00', 'Brisbane'],
  ['Pacific/Guam', '+10:00', 'Guam'],
  ['Australia/Lord_Howe', '+10:30', 'Isla Lord Howe'],
  ['Pacific/Noumea', '+11:00', 'Nouméa'],
  ['Pacific/Guadalcanal', '+11:00', 'Islas Salomón'],
  ['Pacific/Auckland', '+12:00', 'Auckland, Wellington'],
  ['Pacific/Fiji', '+12:00', 'Fiyi'],
  ['Pacific/Chatham', '+12:45', 'Islas Chatham'],
  ['Pacific/Tongatapu', '+13:00', "Nuku'alofa"],
  ['Pacific/Apia', '+13:00', 'Samoa'],
  ['Pacific/Kiritimati', '+14:00', 'Kiritimati'],
];

/** Minutes east of Greenwich for a '±hh:mm' offset: the sort key of the list. */
export function offsetMinutes(offset: string): number {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!match) throw new Error(`Bad offset ${offset}`);
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** The list with each zone's standard offset kept beside it, for the cross-check against Intl. */
export const timeZoneEntries: ReadonlyArray<{ value: string; label: string; standardOffset: string }> = zones
  .map(([value, standardOffset, name]) => ({ value, label: `(GMT${standardOffset}) ${name}`, standardOffset }))
  .sort((a, b) => offsetMinutes(a.standardOffset) - offsetMinutes(b.standardOffset) || spanishOrder.compare(a.label, b.label));

export const timeZones: readonly Option[] = timeZoneEntries.map(({ value, label }) => ({ value, label }));
