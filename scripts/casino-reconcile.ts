/**
 * `npm run casino:reconcile`: compares the game provider's round log with the operator's ledger by
 * transaction id and prints the differences (docs/international-casino.md).
 *
 * The operator's side: the same storage settings as `npm start` (DATA_DIR or DATABASE_URL; PGlite
 * allows one process, so stop an embedded server first, or pass --force after a crash). The
 * provider's side: its round log, PROVIDER_DATA_DIR (default DATA_DIR/provider)/rounds.jsonl.
 * `--provider ID` (default the built-in game server's) picks whose transactions to compare.
 *
 * stdout: the verdict line, then the differences. Exit code: 0 none, 1 differences, 2 cannot read.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROVIDER_ID, readRounds, ROUNDS_FILE } from '@exch/game-provider';
import { formatReconcile, readOperatorTxns, reconcile } from './casino/reconcile.js';
import { openLog } from './open-store.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const say = (line: string) => process.stderr.write(`${line}\n`);
const argument = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

async function main(): Promise<number> {
  const roundsPath = join(
    resolve(root, process.env.PROVIDER_DATA_DIR || join(process.env.DATA_DIR || 'data', 'provider')),
    ROUNDS_FILE,
  );
  if (!existsSync(roundsPath)) {
    say(`casino:reconcile: no round log at ${roundsPath} (set PROVIDER_DATA_DIR)`);
    return 2;
  }
  let opened;
  try {
    opened = await openLog({ root, env: process.env, force: process.argv.includes('--force') });
  } catch (err) {
    say(`casino:reconcile: cannot open the operator's log: ${err instanceof Error ? err.message : String(err)}`);
    return 2;
  }
  try {
    say(`casino:reconcile: ${roundsPath} against ${opened.where}`);
    const report = reconcile(
      readRounds(roundsPath),
      await readOperatorTxns(opened.store.sql, argument('provider') ?? PROVIDER_ID),
    );
    process.stdout.write(formatReconcile(report).join('\n') + '\n');
    return report.differences.length === 0 ? 0 : 1;
  } finally {
    await opened.store.close().catch(() => {});
  }
}

process.exit(await main());
