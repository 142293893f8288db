import spanish from 'i18n-iso-countries/langs/es.json';
import type { Option } from '../definitions/types';
import { spanishOrder } from './spanishOrder';

/**
 * Every ISO 3166-1 country: value = alpha-2 code (what is sent and stored), label = Spanish name,
 * sorted as a Spanish reader expects ('Åland' near 'Albania', 'Perú' before 'Polonia').
 *
 * Read straight from i18n-iso-countries' Spanish data, each country's official name (the first where
 * it has aliases), as the package's getNames('es', { select: 'official' }) gives it: its index
 * module would also bring its alpha-3 and numeric tables and the diacritics package (about 12 kB
 * gzip) to every form page, for lookups the site never makes.
 */
export const countries: readonly Option[] = Object.entries(spanish.countries as Record<string, string | string[]>)
  .map(([code, names]) => ({ value: code, label: Array.isArray(names) ? (names[0] ?? code) : names }))
  .sort((a, b) => spanishOrder.compare(a.label, b.label));
