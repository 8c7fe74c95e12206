/**
 * The ten test files that took longest in the last `npm test` (tap's own results in .tap/test-results),
 * printed at the end of .ci/run: where to look first when the run grows longer.
 *
 *   npx tsx scripts/slowest-tests.ts [N]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const results = join(root, '.tap', 'test-results');
const count = Number(process.argv[2] ?? 10);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.tap') ? [join(dir, e.name)] : [],
  );
}

let found: string[] = [];
try {
  found = files(results);
} catch {
  console.log('No test results in .tap/test-results: run npm test first.');
  process.exit(0);
}
// Each file's last line is its whole run's time (`# time=1234.5ms`).
const times = found
  .map((f) => {
    const last = [...readFileSync(f, 'utf8').matchAll(/^# time=([\d.]+)ms$/gm)].at(-1);
    return { file: relative(results, f).replace(/\.tap$/, ''), ms: last ? Number(last[1]) : 0 };
  })
  .sort((a, b) => b.ms - a.ms);
const total = times.reduce((s, t) => s + t.ms, 0);
const jobs = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { tap: { jobs: number } }).tap.jobs;
console.log(
  `\nThe ${Math.min(count, times.length)} slowest of ${times.length} test files (${(total / 60_000).toFixed(1)} min in all, ${jobs} at a time):`,
);
for (const t of times.slice(0, count)) console.log(`${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.file}`);
