/** The byte order mark that tells Excel a CSV file is UTF-8. */
export const utf8Bom = '\uFEFF';

// A spreadsheet runs a cell that starts with one of these as a formula (OWASP: CSV injection); tab
// and carriage return lead to the same on some imports.
const formulaStart = /^[=+\-@\t\r]/;

/** One cell, safe to open in a spreadsheet: a leading formula character is defused with an apostrophe. */
export function neutraliseCell(value: string): string {
  return formulaStart.test(value) ? `'${value}` : value;
}

/** One field as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. */
function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * Rows as an RFC 4180 CSV document (CRLF line ends) for Excel and the rest: UTF-8 with a byte order
 * mark, every cell neutralised against formula injection.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return utf8Bom + rows.map((row) => row.map((cell) => field(neutraliseCell(cell))).join(',') + '\r\n').join('');
}
