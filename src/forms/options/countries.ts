import english from 'i18n-iso-countries/langs/en.json';
import type { Option } from '../definitions/types';

/**
 * The alpha-2 codes in the English alphabetical order of their names (the unit tests check it):
 * sorting in the browser would load its collation data at page load, some 50–120 ms of a
 * throttled phone's main thread. A country the package adds later goes at the end, never missing.
 */
const ENGLISH_ORDER = [
  'AF AX AL DZ AS AD AO AI AQ AG AR AM AW AU AT AZ BS BH BD BB BY BE BZ BJ BM BT BO BQ BA BW BV BR IO',
  'BN BG BF BI KH CM CA CV KY CF TD CL CX CC CO KM CK CR CI HR CU CW CY CZ CD DK DJ DM DO EC EG SV GQ',
  'ER EE SZ ET FK FO FJ FI FR GF PF TF GA GE DE GH GI GR GL GD GP GU GT GG GN GW GY HT HM VA HN HK HU',
  'IS IN ID IQ IE IR IM IL IT JM JP JE JO KZ KE KI XK KW KG LA LV LB LS LR LY LI LT LU MO MG MW MY MV',
  'ML MT MH MQ MR MU YT MX FM MD MC MN ME MS MA MZ MM NA NR NP NL NC NZ NI NE NG NU NF KP MP NO OM PK',
  'PW PA PG PY CN PE PH PN PL PT PR QA CG GM RE RO RU RW BL SH KN LC MF PM VC WS SM ST SA SN RS SC SL',
  'SG SX SK SI SB SO ZA GS KR SS ES LK PS SD SR SJ SE CH SY TW TJ TH MK TL TG TK TO TT TN TR TM TC TV',
  'UG UA AE GB TZ UM US UY UZ VU VE VN VG VI WF EH YE ZM ZW',
].join(' ').split(' ');
const inEnglishOrder = new Set(ENGLISH_ORDER);

const names = english.countries as Record<string, string | string[]>;
const officialName = (code: string): string => {
  const name = names[code] ?? code;
  return Array.isArray(name) ? (name[0] ?? code) : name;
};

/**
 * Every ISO 3166-1 country: value = alpha-2 code (what is sent and stored), label = English name,
 * like the rest of the English forms, in English alphabetical order ('Åland Islands' after
 * 'Afghanistan').
 *
 * Read straight from i18n-iso-countries' English data, each country's official name (the first where
 * it has aliases), as the package's getNames('en', { select: 'official' }) gives it: its index
 * module would also bring its alpha-3 and numeric tables and the diacritics package (about 12 kB
 * gzip) to every form page, for lookups the site never makes.
 */
export const countries: readonly Option[] = [...ENGLISH_ORDER.filter((code) => code in names), ...Object.keys(names).filter((code) => !inEnglishOrder.has(code))].map((code) => ({
  value: code,
  label: officialName(code),
}));
