import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import t from 'tap';
import {
  activityProjection,
  auditProjection,
  betsProjection,
  buttonValuesProjection,
  casinoProjection,
  catalogueProjection,
  ledgerProjection,
  marketLocksProjection,
  partnershipProjection,
  paymentsProjection,
  providerProjection,
  riskProjection,
  streamsProjection,
  usersProjection,
} from '@exch/projector';
import { repoRoot } from '../helpers/server.js';

// The typed read side (docs/architecture.md): the gateway, the server and the scripts read a typed
// projection's tables only through the queries its folder in services/projector exports, so no
// rm_ name of such a table is written outside the projector. The list grows a projection at a time;
// once it holds every projection the check is "no rm_ outside services/projector".
const TYPED = [
  catalogueProjection,
  betsProjection,
  buttonValuesProjection,
  marketLocksProjection,
  riskProjection,
  streamsProjection,
  providerProjection,
  paymentsProjection,
  casinoProjection,
  activityProjection,
  auditProjection,
  ledgerProjection,
  partnershipProjection,
  usersProjection,
];

// References left, by file, that the test counts down to none.
const PENDING: Record<string, number> = {};

const READERS = ['services/gateway/src', 'services/server/src', 'scripts'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(path);
    return /\.(ts|tsx|js|mjs|cjs|sql)$/.test(e.name) ? [path] : [];
  });
}

t.test('no table of a typed projection is named outside the projector', async (t) => {
  const typed = new Set(TYPED.flatMap((p) => p.tables));
  t.ok(typed.has('rm_markets') && typed.has('rm_matches') && typed.has('rm_news'), 'the catalogue is typed');
  const files = READERS.flatMap((d) => sources(join(repoRoot, d)));
  t.ok(files.length > 100, `scanned ${files.length} files`);
  const found: Record<string, string[]> = {};
  for (const file of files) {
    const names = (readFileSync(file, 'utf8').match(/\brm_[a-z0-9_]+\b/g) ?? []).filter((n) => typed.has(n));
    if (names.length) found[relative(repoRoot, file)] = names;
  }
  for (const [file, names] of Object.entries(found)) {
    const allowed = PENDING[file] ?? 0;
    t.ok(
      names.length <= allowed,
      `${file} names ${names.join(', ')}: read them through @exch/projector/read (a query in the owning projection's queries.ts)`,
    );
  }
  for (const [file, allowed] of Object.entries(PENDING))
    t.equal(found[file]?.length ?? 0, allowed, `${file}: lower its count in PENDING (or drop it) as references move`);
});
