import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { repoRoot } from './server.js';

/** Betfair's historic-file fixtures (docs/feeds.md, "Historic files"). */
export const fixtures = join(repoRoot, 'services/feeds/test/fixtures');

/**
 * The Ascot win market's file (race bf-30000001-1430) cut before the off: open and priced (clk
 * 1001, 1002), then nothing, no suspension and no result. In a folder of its own that `remove` deletes.
 */
export async function raceCutBeforeTheOff(): Promise<{ path: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'bf-cut-'));
  const lines = (await readFile(join(fixtures, '1.200000001'), 'utf8')).split('\n');
  const path = join(dir, '1.200000001');
  await writeFile(path, lines.slice(0, 2).join('\n'));
  return { path, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Polls `read` every 100 ms until `done` holds of its answer; fails after `ms`, a ceiling no loaded machine reaches. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`not reached in ${ms} ms: ${JSON.stringify(value)}`);
    await sleep(100);
  }
}
