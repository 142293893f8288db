import spanish from 'i18n-iso-countries/langs/es.json';
import type { Option } from '../definitions/types';

/**
 * The alpha-2 codes in the Spanish alphabetical order of their names (the unit tests check it):
 * sorting in the browser would load its Spanish collation data at page load, some 50–120 ms of a
 * throttled phone's main thread. A country the package adds later goes at the end, never missing.
 */
const SPANISH_ORDER = [
  'AF AL DE AD AO AI AQ AG SA DZ AR AM AW AU AT AZ BS BH BD BB BE BZ BJ BM BY BO BQ BA BW BR BN BG',
  'BF BI BT CV KH CM CA QA TD CL CN CY CO KM CG CD CI CR HR CU CW DK DM EC EG SV AE ER SK SI ES US',
  'EE SZ ET FJ PH FI FR GA GM GE GS GH GI GD GR GL GP GU GT GF GG GN GW GQ GY HT HM HN HK HU IN ID',
  'IR IQ IE BV IM CX NF IS AX KY CC CK FO FK MP MH SB TC UM VG VI IL IT JM JP JE JO KZ KE KG KI XK',
  'KW LS LV LB LR LY LI LT LU MO MK MG MY MW MV ML MT MA MQ MU MR YT MX FM MD MC MN ME MS MZ MM NA',
  'NR NP NI NE NG NU NO NC NZ OM NL PK PW PS PA PG PY PE PN PF PL PT PR GB SY CF CZ KR LA DO KP RE',
  'RW RO RU EH BL KN MF WS AS SM PM VC SH LC VA ST SN RS SC SL SG SX SO LK ZA SD SS SE CH SR SJ TH',
  'TW TZ TJ IO TF TL TG TK TO TT TN TM TR TV UA UG UY UZ VU VE VN WF YE DJ ZM ZW',
].join(' ').split(' ');
const inSpanishOrder = new Set(SPANISH_ORDER);

const names = spanish.countries as Record<string, string | string[]>;
const officialName = (code: string): string => {
  const name = names[code] ?? code;
  return Array.isArray(name) ? (name[0] ?? code) : name;
};

/**
 * Every ISO 3166-1 country: value = alpha-2 code (what is sent and stored), label = Spanish name,
 * in the order a Spanish reader expects ('Åland' near 'Albania', 'Perú' before 'Polonia').
 *
 * Read straight from i18n-iso-countries' Spanish data, each country's official name (the first where
 * it has aliases), as the package's getNames('es', { select: 'official' }) gives it: its index
 * module would also bring its alpha-3 and numeric tables and the diacritics package (about 12 kB
 * gzip) to every form page, for lookups the site never makes.
 */
export const countries: readonly Option[] = [...SPANISH_ORDER.filter((code) => code in names), ...Object.keys(names).filter((code) => !inSpanishOrder.has(code))].map((code) => ({
  value: code,
  label: officialName(code),
}));
