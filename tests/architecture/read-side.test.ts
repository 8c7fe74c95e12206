import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import t from 'tap';
import {
  activityProjection,
  auditProjection,
  catalogueProjection,
  ledgerProjection,
  partnershipProjection,
  usersProjection,
} from '@exch/projector';
import { repoRoot } from '../helpers/server.js';

// The typed read side (docs/architecture.md): the gateway, the server and the scripts read a typed
// projection's tables only through the queries its folder in services/projector exports, so no
// rm_ name of such a table is written outside the projector. The list grows a projection at a time;
// once it holds every projection the check is "no rm_ outside services/projector".
const TYPED = [
  catalogueProjection,
  activityProjection,
  auditProjection,
  ledgerProjection,
  partnershipProjection,
  usersProjection,
];

// References not moved yet, by file: queries whose main table belongs to a projection not typed yet
// (bets, risk, payments, casino) join the typed ones' tables (rm_users above all), and the scale
// bench lists the tables it grows. Each moves to the owning projection's queries when it is typed;
// the counts may only go down (the test fails when one is stale too).
const PENDING: Record<string, number> = {
  'scripts/bench/scale-read-models.ts': 2,
  'services/gateway/src/bets/admin-routes.ts': 1,
  'services/gateway/src/bets/dto.ts': 3,
  'services/gateway/src/bets/filters.ts': 1,
  'services/gateway/src/bets/player-routes.ts': 2,
  'services/gateway/src/books/routes.ts': 1,
  'services/gateway/src/casino/read.ts': 1,
  'services/gateway/src/limits/limits.ts': 1,
  'services/gateway/src/payments/admin-routes.ts': 1,
  'services/gateway/src/payments/limits-routes.ts': 3,
  'services/gateway/src/payments/player-routes.ts': 3,
  'services/gateway/src/payments/read.ts': 5,
  'services/gateway/src/reports/general.ts': 4,
  'services/gateway/src/reports/routes.ts': 2,
  'services/gateway/src/risk/alerts-route.ts': 3,
  'services/gateway/src/risk/desk-routes.ts': 3,
  'services/gateway/src/risk/settings-routes.ts': 1,
};

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
