/**
 * CSV as RFC 4180 writes it: CRLF between records, a field quoted when it holds a comma, a quote,
 * CR or LF, quotes doubled inside. UTF-8 with a byte order mark, so spreadsheet apps (Excel in
 * particular) read the accents right; csv-parse and most tools skip the mark.
 */
export const UTF8_BOM = '\uFEFF';

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function toCsv(records: ReadonlyArray<readonly string[]>): string {
  return UTF8_BOM + records.map((record) => record.map(csvField).join(',') + '\r\n').join('');
}
