/**
 * Fresh PGlite clusters for tests without paying for initdb each time, which is most of a first
 * open (several seconds on a loaded machine): in memory from a dump made once per process, on disk
 * by copying a cluster made once per machine and PGlite version.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { EventStore } from '@exch/contracts';
import { openPGliteStore } from '../src/index.js';

let dump: Promise<Blob> | undefined;
const emptyDump = (): Promise<Blob> =>
  (dump ??= PGlite.create().then(async (db) => {
    const tar = await db.dumpDataDir('none');
    await db.close();
    return tar;
  }));

/** A store on a fresh, empty in-memory PGlite, as `openPGliteStore({})` opens one, only sooner. */
export async function openMemoryStore(): Promise<EventStore> {
  return openPGliteStore({ pglite: await PGlite.create({ loadDataDir: await emptyDump() }) });
}

/** The installed PGlite's version: a cluster one version made is not for another to open. */
function pgliteVersion(): string {
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  return (JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string }).version;
}

let made: Promise<string> | undefined;
/** The machine's empty cluster: made in a folder of its own, then renamed into place (whoever renames first wins). */
const emptyClusterDir = (): Promise<string> =>
  (made ??= (async () => {
    const dir = join(tmpdir(), `exch-pglite-empty-${pgliteVersion()}`);
    if (existsSync(join(dir, 'PG_VERSION'))) return dir;
    const staging = mkdtempSync(`${dir}-making-`);
    await (await PGlite.create({ dataDir: staging })).close();
    try {
      renameSync(staging, dir);
    } catch {
      rmSync(staging, { recursive: true, force: true });
    }
    return dir;
  })());

/** Fills `dataDir` (missing or empty) with an empty cluster, which openPGliteStore then opens as it would a new one. */
export async function copyEmptyCluster(dataDir: string): Promise<void> {
  cpSync(await emptyClusterDir(), dataDir, { recursive: true });
}
