import { stringify } from 'csv-stringify/sync';
import { withDisallowedTextReplaced } from '../../forms/definitions/validate';

/**
 * CSV as RFC 4180 writes it (csv-stringify: CRLF between records, a field quoted when it holds a
 * comma, a quote, CR or LF, quotes doubled inside), in UTF-8 with a byte order mark so that
 * spreadsheet apps (Excel in particular) read the accents right; csv-parse and most tools skip it.
 *
 * Safe by default against CSV injection (OWASP): a cell that begins with =, +, -, @, TAB or CR
 * would run as a formula in Excel, LibreOffice or Sheets, so it gets a leading single quote, which
 * makes the app show it as text. `raw` turns this off for programs that read the file.
 *
 * Never a control character (but TAB, CR and LF inside a quoted cell), bidi control or lone
 * surrogate, raw or not: rows stored before the rule of allowed text may hold them, and a cell
 * printed to a terminal must not move its cursor or recolour it (withDisallowedTextReplaced).
 */
export const UTF8_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as written: with a leading ' when a spreadsheet would take it for a formula. */
export function neutraliseFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** One header row of column names, then the rows; every cell cleaned of control characters, and neutralised unless `raw`. */
export function toCsv(columns: readonly string[], rows: ReadonlyArray<readonly string[]>, options: { readonly raw?: boolean } = {}): string {
  const cell = options.raw ? withDisallowedTextReplaced : (value: string) => neutraliseFormula(withDisallowedTextReplaced(value));
  const records = [columns, ...rows].map((record) => record.map(cell));
  return UTF8_BOM + stringify(records, { record_delimiter: 'windows', eof: true });
}
