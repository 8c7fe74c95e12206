/**
 * The in-memory bet bench (betting.ts's runInMemory) on two engines in one process, run by turns:
 * the working tree's against a git revision's, with the same harness. On this VM one process runs
 * the same code up to 40% faster or slower than the next, so figures from separate processes
 * cannot tell a 5% change from noise; here both engines share the process, its heap and the
 * minute, and the median of the per-pair ratios moves by a few percent at most between runs
 * (docs/performance.md, "Measuring a change to the engine").
 *
 *   npx tsx scripts/bench/engine-ab.ts [REV=HEAD] [PAIRS=15]
 *
 * Prints each engine's median bets/s (the whole loop, and the time inside decide+evolve alone)
 * and the median of the ratios, the working tree over REV. The harness is the working tree's for
 * both, so REV's engine must still have what it calls (`decide`, `evolve`, `fold`, `Quotes`).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { median } from '../../tests/engine/fixtures.js';

const root = resolve(import.meta.dirname, '../..');
const [rev = 'HEAD', pairsArg = '15'] = process.argv.slice(2);
const PAIRS = Number(pairsArg);
const BETS = 20_000;

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

type Run = (seed: number, ops: number) => { opsPerSec: number; engineOpsPerSec: number };

async function bundle(tree: string, out: string): Promise<Run> {
  await build({
    stdin: {
      contents: `export { runInMemory } from ${JSON.stringify(join(root, 'scripts/bench/betting.ts'))};`,
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
  return ((await import(pathToFileURL(out).href)) as { runInMemory: Run }).runInMemory;
}

const work = join(root, '.tmp', 'engine-ab');
mkdirSync(work, { recursive: true });
const tree = mkdtempSync(join(tmpdir(), 'engine-ab-'));
try {
  execFileSync('git', ['worktree', 'add', '--detach', '--quiet', tree, rev], { cwd: root, stdio: 'inherit' });
  const before = await bundle(tree, join(work, 'before.mjs'));
  const after = await bundle(root, join(work, 'after.mjs'));
  // Warm-up of both: the JIT settles before the first timed pair.
  for (const run of [before, after, before, after]) run(1, 5_000);
  const loop = { before: [] as number[], after: [] as number[] };
  const inside = { before: [] as number[], after: [] as number[] };
  const ratios: number[] = [];
  for (let i = 0; i < PAIRS; i++) {
    // Who goes first alternates: a pair's second run meets the heap the first one left.
    const order = i % 2 === 0 ? ([before, after] as const) : ([after, before] as const);
    const [x, y] = order.map((run) => run(100 + i, BETS));
    const [b, a] = i % 2 === 0 ? [x!, y!] : [y!, x!];
    loop.before.push(b.opsPerSec);
    loop.after.push(a.opsPerSec);
    inside.before.push(b.engineOpsPerSec);
    inside.after.push(a.engineOpsPerSec);
    ratios.push(a.opsPerSec / b.opsPerSec);
  }
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  console.log(`${PAIRS} pairs of ${BETS.toLocaleString('en-US')} bets, load ${loadavg()[0]!.toFixed(2)}`);
  console.log(
    `${rev}: ${fmt(median(loop.before))} bets/s (decide+evolve alone ${fmt(median(inside.before))})\n` +
      `working tree: ${fmt(median(loop.after))} bets/s (decide+evolve alone ${fmt(median(inside.after))})\n` +
      `working tree / ${rev}, median of the pairs: ${median(ratios).toFixed(3)}`,
  );
} finally {
  execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: root });
  rmSync(tree, { recursive: true, force: true });
}
