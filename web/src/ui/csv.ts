/** One CSV cell: quoted when it holds a comma, quote or line break; formula-looking text defused for spreadsheets. */
const cell = (value: string | number): string => {
  let s = String(value);
  if (/^[=+\-@]/.test(s) && typeof value === 'string') s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export const toCsv = (header: string[], rows: (string | number)[][]): string =>
  [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';

/** Saves text as a file through the browser's download. */
export function downloadCsv(filename: string, csv: string): void {
  // The byte order mark makes spreadsheet programs read the ₹ and names as UTF-8.
  const url = URL.createObjectURL(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
