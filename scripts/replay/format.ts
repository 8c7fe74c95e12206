import { differencesOf, type RowDiff, type TableDiff } from './compare.js';
import type { ReplayReport } from './replay.js';

const fmt = (n: number): string => n.toLocaleString('en-US');
const plural = (n: number, one: string, many = `${one}s`): string => `${fmt(n)} ${n === 1 ? one : many}`;

const STOP: Record<ReplayReport['mode'], string> = {
  'live-checkpoint': "the live model's checkpoint",
  'to-position': '--to-position',
  'as-of': '--as-of',
};

function keyOf(row: RowDiff): string {
  if (!row.key) return '(no primary key)';
  return Object.entries(row.key)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' ');
}

function rowLines(row: RowDiff): string[] {
  const values = (c: string) => `${c} (live ${JSON.stringify(row.live![c])}, replay ${JSON.stringify(row.replay![c])})`;
  const what =
    row.live && row.replay
      ? `differs in ${row.columns.map((c) => (row.columns.length <= 3 ? values(c) : c)).join(', ') || 'a column compared as text'}`
      : row.live
        ? 'only in live'
        : 'only in the replay';
  const lines = [`  ${keyOf(row)}: ${what}`];
  if (row.live) lines.push(`    - live:   ${JSON.stringify(row.live)}`);
  if (row.replay) lines.push(`    + replay: ${JSON.stringify(row.replay)}`);
  return lines;
}

/** The summary line of one table. */
export function tableSummary(t: TableDiff): string {
  if (!t.liveExists) return `${t.table}: live table missing (${plural(t.replayRows, 'row')} in the replay)`;
  const sizes = `${plural(t.liveRows, 'live row')}, ${plural(t.replayRows, 'replay row')}`;
  const skipped = t.ignored.length > 0 ? `; not compared: ${t.ignored.join(', ')}` : '';
  if (differencesOf(t) === 0) return `${t.table}: identical (${sizes}${skipped})`;
  return `${t.table}: ${plural(t.changed, 'changed row')}, ${fmt(t.onlyLive)} only in live, ${fmt(t.onlyReplay)} only in the replay (${sizes}${skipped})`;
}

/** The report on stdout: per table its differing rows (up to the listed number) and a summary line; notes; the verdict. */
export function formatReport(r: ReplayReport): string[] {
  const stop = r.mode === 'live-checkpoint' && r.live === null ? 'the head of the log' : STOP[r.mode];
  const lines = [
    `replay ${r.projection}: ${plural(r.events, 'event')} folded, to position ${fmt(r.position)} (${stop}), into schema ${r.schema}${r.kept ? ' (kept)' : ''}`,
  ];
  for (const t of r.tables) {
    const n = differencesOf(t);
    if (n > 0 && t.rows.length > 0) {
      lines.push('');
      lines.push(`${t.table}:`);
      for (const row of t.rows) lines.push(...rowLines(row));
      const unlisted = t.changed + t.onlyLive + t.onlyReplay - t.rows.length;
      if (unlisted > 0)
        lines.push(`  ... and ${plural(unlisted, 'more row')}${r.kept ? '' : ' (run with --keep to query them)'}`);
    }
  }
  lines.push('');
  for (const t of r.tables) lines.push(tableSummary(t));
  for (const n of r.notes) lines.push(`note: ${n}`);
  const differing = r.tables.filter((t) => differencesOf(t) > 0).map((t) => t.table);
  if (r.differences === 0) lines.push(`${r.projection}: IDENTICAL to the live model`);
  else if (r.expected)
    lines.push(
      `${r.projection}: ${plural(r.differences, 'difference')} in ${differing.join(', ')}, expected at this point in time (exit 0)`,
    );
  else lines.push(`${r.projection}: DIFFERENT: ${plural(r.differences, 'difference')} in ${differing.join(', ')}`);
  if (r.kept) lines.push(`the replay is kept in schema ${r.schema}; when done: drop schema ${r.schema} cascade;`);
  return lines;
}

/** The timing line (stderr). */
export function formatTiming(r: ReplayReport): string {
  const seconds = r.ms / 1000;
  const rate = seconds > 0 ? Math.round(r.events / seconds) : 0;
  return `${plural(r.events, 'event')} in ${seconds.toFixed(2)} s (${fmt(rate)} events/s)`;
}
