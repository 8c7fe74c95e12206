/**
 * The in-memory bet bench (betting-in-memory.ts's runInMemory) on two engines in one process, run
 * by turns: the working tree's against a git revision's, with the same harness. On this VM one
 * process runs the same code up to 40% faster or slower than the next, so figures from separate
 * processes cannot tell a 5% change from noise; here both engines share the process, its heap and the
 * minute, and the median of the per-pair ratios moves by a few percent at most between runs
 * (docs/performance.md, "Measuring a change to the engine").
 *
 *   npx tsx scripts/bench/engine-ab.ts [REV=HEAD] [PAIRS=15] [--processes]
 *
 * Prints each engine's median bets/s (the whole loop, and the time inside decide+evolve alone)
 * and the median of the ratios, the working tree over REV. The harness is the working tree's for
 * both, so REV's engine must still have what it calls (`decide`, `evolve`, `fold`, `Quotes`).
 *
 * In one process the engine that leaves more objects behind also pays for them in the other's
 * turns (the old generation both share), which flatters the leaner one: 1.40 there against 1.19
 * in separate processes for the bets-in-typed-arrays change (docs/performance.md, "Measuring a
 * change to the engine"). With
 * `--processes` each run of a pair is a process of its own, as `npm run bench` runs it: two
 * warm-up runs, then the median of five; the processes of a pair start by turns.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { median } from '../../tests/engine/fixtures.js';
import { OPS as BETS, RUNS } from './betting-in-memory.js';

const root = resolve(import.meta.dirname, '../..');
const processes = process.argv.includes('--processes');
const [rev = 'HEAD', pairsArg = '15'] = process.argv.slice(2).filter((a) => a !== '--processes');
const PAIRS = Number(pairsArg);

/**
 * Resolves the workspace's sources (@exch/* and every file under services/ and contracts/) in
 * `tree`; the harness (scripts/, tests/) stays the working tree's, and npm packages stay external.
 */
function sourcesFrom(tree: string): Plugin {
  const inTree = (path: string): string => {
    const rel = relative(root, path);
    return rel.startsWith('services/') || rel.startsWith('contracts/') ? join(tree, rel) : path;
  };
  return {
    name: 'sources-from',
    setup(b) {
      b.onResolve({ filter: /^@exch\// }, (args) => {
        const [, name, ...sub] = args.path.split('/');
        const dir = inTree(realpathSync(join(root, 'node_modules', '@exch', name!)));
        const exports = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).exports as Record<string, string>;
        return { path: join(dir, exports[sub.length > 0 ? `./${sub.join('/')}` : '.']!) };
      });
      b.onResolve({ filter: /^[^./]/ }, () => ({ external: true }));
      b.onResolve({ filter: /^\./ }, async (args) => {
        if (args.pluginData === 'resolved') return undefined;
        const r = await b.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: 'resolved' });
        return r.errors.length > 0 ? { errors: r.errors } : { path: inTree(r.path) };
      });
    },
  };
}

type Result = { opsPerSec: number; engineOpsPerSec: number };
type Run = (seed: number, ops: number) => Result;

/** One process on a bundle: benchDecide's runs (`timedRuns`), and their medians. */
const CHILD = `
const { timedRuns, median } = await import(process.argv[1]);
const runs = timedRuns();
console.log(JSON.stringify({ opsPerSec: median(runs.map((r) => r.opsPerSec)), engineOpsPerSec: median(runs.map((r) => r.engineOpsPerSec)) }));
`;

const inChild = (out: string): Result =>
  JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', CHILD, pathToFileURL(out).href], { encoding: 'utf8' }),
  ) as Result;

async function bundle(tree: string, out: string): Promise<string> {
  await build({
    stdin: {
      contents: `export { runInMemory, timedRuns } from ${JSON.stringify(join(root, 'scripts/bench/betting-in-memory.ts'))};\nexport { median } from ${JSON.stringify(join(root, 'tests/engine/fixtures.ts'))};`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: out,
    logLevel: 'error',
    plugins: [sourcesFrom(tree)],
  });
  return out;
}

const load = async (out: string): Promise<Run> =>
  ((await import(pathToFileURL(out).href)) as { runInMemory: Run }).runInMemory;

const work = join(root, '.tmp', 'engine-ab');
mkdirSync(work, { recursive: true });
const tree = mkdtempSync(join(tmpdir(), 'engine-ab-'));
try {
  execFileSync('git', ['worktree', 'add', '--detach', '--quiet', tree, rev], { cwd: root, stdio: 'inherit' });
  const bundles = [await bundle(tree, join(work, 'before.mjs')), await bundle(root, join(work, 'after.mjs'))] as const;
  let before: (pair: number) => Result;
  let after: (pair: number) => Result;
  if (processes) {
    before = () => inChild(bundles[0]);
    after = () => inChild(bundles[1]);
  } else {
    const [b, a] = [await load(bundles[0]), await load(bundles[1])];
    // Warm-up of both: the JIT settles before the first timed pair.
    for (const run of [b, a, b, a]) run(1, 5_000);
    before = (pair) => b(100 + pair, BETS);
    after = (pair) => a(100 + pair, BETS);
  }
  const loop = { before: [] as number[], after: [] as number[] };
  const inside = { before: [] as number[], after: [] as number[] };
  const ratios: number[] = [];
  for (let i = 0; i < PAIRS; i++) {
    // Who goes first alternates: a pair's second run meets the heap the first one left.
    const order = i % 2 === 0 ? ([before, after] as const) : ([after, before] as const);
    const [x, y] = order.map((run) => run(i));
    const [b, a] = i % 2 === 0 ? [x!, y!] : [y!, x!];
    loop.before.push(b.opsPerSec);
    loop.after.push(a.opsPerSec);
    inside.before.push(b.engineOpsPerSec);
    inside.after.push(a.engineOpsPerSec);
    ratios.push(a.opsPerSec / b.opsPerSec);
  }
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  console.log(
    processes
      ? `${PAIRS} pairs of processes, each the median of ${RUNS} runs of ${BETS.toLocaleString('en-US')} bets, load ${loadavg()[0]!.toFixed(2)}`
      : `${PAIRS} pairs of ${BETS.toLocaleString('en-US')} bets in one process, load ${loadavg()[0]!.toFixed(2)}`,
  );
  console.log(
    `${rev}: ${fmt(median(loop.before))} bets/s (decide+evolve alone ${fmt(median(inside.before))})\n` +
      `working tree: ${fmt(median(loop.after))} bets/s (decide+evolve alone ${fmt(median(inside.after))})\n` +
      `working tree / ${rev}, median of the pairs: ${median(ratios).toFixed(3)}`,
  );
} finally {
  execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: root });
  rmSync(tree, { recursive: true, force: true });
}
