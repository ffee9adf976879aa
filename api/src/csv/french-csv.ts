/**
 * CSV as a French spreadsheet opens it as is: semicolons, decimal commas, UTF-8 with a BOM, CRLF.
 * Used by the taxe de séjour declaration and the accounting export.
 */

const NUMBER = /^-?\d+(,\d+)?$/;

/**
 * One cell: quoted when it holds a semicolon, a quote or a line break. Text starting with = + - @
 * (a client's name, a bank reference) is prefixed with ' so a spreadsheet shows it instead of
 * running it as a formula; numbers are left as they are.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !NUMBER.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Cents as a French decimal: 1234 → "12,34", -500 → "-5,00". */
export function decimalComma(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

export function frenchCsv(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  return `\ufeff${[header, ...rows].map((row) => row.map(csvCell).join(';')).join('\r\n')}\r\n`;
}
