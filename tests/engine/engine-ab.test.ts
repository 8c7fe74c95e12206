/**
 * scripts/bench/engine-ab.ts, the A/B of two engines in one process (docs/performance.md): it
 * bundles a git revision's engine beside the working tree's, so a change to how the workspace
 * resolves its packages would stop it unnoticed. One pair against HEAD, the revision every
 * checkout has.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import t from 'tap';

t.test('engine-ab runs a pair of the in-memory bench on HEAD and the working tree', async (t) => {
  const root = resolve(import.meta.dirname, '../..');
  const out = execFileSync('npx', ['tsx', 'scripts/bench/engine-ab.ts', 'HEAD', '1'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  t.match(out, /^1 pairs of 20,000 bets/m);
  t.match(out, /^HEAD: [\d,]+ bets\/s \(decide\+evolve alone [\d,]+\)$/m);
  t.match(out, /^working tree: [\d,]+ bets\/s/m);
  const ratio = Number(/median of the pairs: ([\d.]+)$/m.exec(out)?.[1]);
  // Two builds of the same engine, one pair: the same to within this VM's noise.
  t.ok(ratio > 0.5 && ratio < 2, `ratio ${ratio}`);
  const worktrees = execFileSync('git', ['worktree', 'list'], { cwd: root, encoding: 'utf8' });
  t.notMatch(worktrees, /engine-ab-/, 'its worktree is gone');
});
