import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import t from 'tap';
import { allProjections } from '@exch/projector';
import { repoRoot } from '../helpers/server.js';

// The typed read side (docs/architecture.md): a projection owns its read-model tables, and every
// other package reads them only through the typed queries its folder in services/projector exports
// (`@exch/projector/read`). So no `rm_` name is written anywhere else in the product's code: not in
// the gateway, the server, the contracts, the web or the scripts. (Tests may look at the tables
// themselves: checking what a projection wrote is their job.)
const READERS = ['services', 'contracts/src', 'web/src', 'scripts', 'infra'];
const OWNER = 'services/projector/';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return ['node_modules', 'dist', 'test'].includes(e.name) ? [] : sources(path);
    return /\.(ts|tsx|js|mjs|cjs|sql|sh)$/.test(e.name) ? [path] : [];
  });
}

t.test('every read-model table belongs to a projection and is named by rm_', async (t) => {
  const tables = allProjections.flatMap((p) => p.tables);
  t.ok(tables.length >= 25, `${tables.length} tables in ${allProjections.length} projections`);
  t.same(
    tables.filter((n) => !n.startsWith('rm_')),
    [],
    'so the scan below finds any of them',
  );
  t.equal(new Set(tables).size, tables.length, 'no table is two projections’');
});

t.test('no rm_ table is named outside the projector', async (t) => {
  const files = READERS.flatMap((d) => sources(join(repoRoot, d))).filter(
    (f) => !relative(repoRoot, f).startsWith(OWNER),
  );
  t.ok(files.length > 300, `scanned ${files.length} files`);
  for (const file of files) {
    const names = readFileSync(file, 'utf8').match(/\brm_[a-z0-9_]+\b/g) ?? [];
    if (names.length)
      t.fail(
        `${relative(repoRoot, file)} names ${[...new Set(names)].join(', ')}: read them through @exch/projector/read (a query in the owning projection's queries.ts)`,
      );
  }
  t.pass('none');
});
