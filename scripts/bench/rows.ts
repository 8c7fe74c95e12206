// A bench's result row and the table every bench prints, shared by the bench scripts.
export interface BenchRow {
  bench: string;
  setup: string;
  opsPerSec: number;
  p50: string;
  p99: string;
  note: string;
}

export function printRows(rows: BenchRow[]): void {
  const header = ['bench', 'setup', 'ops/s', 'p50', 'p99', 'note'];
  const body = rows.map((r) => [
    r.bench,
    r.setup,
    Math.round(r.opsPerSec).toLocaleString('en-US'),
    r.p50,
    r.p99,
    r.note,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const numeric = new Set([2, 3, 4]);
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (numeric.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const b of body) console.log(line(b));
}
