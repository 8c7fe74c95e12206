import t from 'tap';
import type { MatchDetail, ProjectionsAnswer } from '@exch/contracts';
import { betsProjection } from '@exch/projector';
import { replayProjection } from '../../scripts/replay/replay.js';
import { caller } from '../helpers/api.js';
import { betBody } from '../helpers/exchange.js';
import { FAST_CLIENT_LIMITS, startTestServer } from '../helpers/server.js';

/**
 * The read models as the operator runs them (docs/architecture.md, "Projection versions"): the top
 * admin sees each one's version and lag, and rebuilds one beside its live tables while bets are
 * placed; the new version ends equal to a replay of the log, with every bet placed meanwhile.
 */
const server = await startTestServer({ feedTickMs: 3_600_000, limits: FAST_CLIENT_LIMITS });
t.teardown(() => server.close());
const { call, login, tokenOf } = caller(server);
const TXN = 'Txn@1234';
const admin = await tokenOf('admin');
const sadmin = await tokenOf('sadmin1');
const p1 = (await login('player1')).body;
const projections = async (): Promise<ProjectionsAnswer> => {
  const r = await call('GET', '/api/admin/projections', undefined, admin);
  if (r.status !== 200) throw new Error(`projections: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
};
const rebuild = (name: string, token = admin, transaction_password = TXN) =>
  call('POST', `/api/admin/projections/${name}/rebuild`, { transaction_password }, token);

t.test('the top admin sees every read model; nobody else does', async (t) => {
  const { head, data } = await projections();
  const bets = data.find((p) => p.name === 'bets');
  t.match(bets, { name: 'bets', version: betsProjection.version, state: 'live', rebuild: null });
  t.ok(
    bets!.checkpoint <= head && bets!.lag === head - bets!.checkpoint && bets!.lag >= 0,
    'lag: head less checkpoint',
  );
  t.ok(data.length >= 15, `${data.length} read models`);
  t.match(await call('GET', '/api/admin/projections', undefined, sadmin), {
    status: 403,
    body: { message: 'Only the top admin manages projections' },
  });
  t.equal((await call('GET', '/api/admin/projections', undefined, p1.token)).status, 403, 'a player: no');
});

t.test('a rebuild asked wrongly is refused and starts nothing', async (t) => {
  t.match(await rebuild('bets', sadmin), { status: 403, body: { message: 'Only the top admin manages projections' } });
  t.match(await rebuild('bets', admin, 'Wrong@123'), { status: 400, body: { message: 'Wrong transaction password' } });
  t.match(await rebuild('nothing'), { status: 404, body: { message: 'Unknown projection nothing' } });
  t.match(await call('POST', '/api/admin/projections/bets/rebuild', {}, admin), { status: 400 });
  t.ok(
    (await projections()).data.every((p) => p.state === 'live'),
    'every read model still live',
  );
});

t.test('a rebuild while bets are placed: the new version equals a replay and misses no bet', async (t) => {
  const detail: MatchDetail = (await call('GET', '/api/matches/sim-201', undefined, p1.token)).body;
  const placed: string[] = [];
  let stop = false;
  const betting = (async () => {
    while (!stop || placed.length < 10) {
      const r = await call(
        'POST',
        '/api/bets',
        betBody(detail, 'sim-201.mo', 301, 'back', 1.01, 100, p1.user._id),
        p1.token,
      );
      if (r.status !== 200) throw new Error(`bet refused: ${JSON.stringify(r.body)}`);
      placed.push(r.body.bet._id);
    }
  })();
  while (placed.length < 3) await new Promise((r) => setTimeout(r, 20));

  // Two at once: a build of the demo's log can end within a poll (a second), so one asked after the
  // other's answer might find it done. Sent together, one starts it and the other finds it running.
  const answers = (await Promise.all([rebuild('bets'), rebuild('bets')])).sort((x, y) => x.status - y.status);
  t.match(
    answers,
    [
      { status: 202, body: { message: 'Rebuild of bets started', name: 'bets', version: betsProjection.version } },
      { status: 409, body: { message: /^A rebuild of bets is already running/ } },
    ],
    'a second request while one runs is refused',
  );
  // Until the new tables serve (a generous ceiling: no test may need an idle machine).
  const deadline = Date.now() + 120_000;
  while ((await projections()).data.find((p) => p.name === 'bets')!.state !== 'live' && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  stop = true;
  await betting;
  t.equal((await projections()).data.find((p) => p.name === 'bets')!.state, 'live', 'the new version serves');

  // Every page of the history: the loop places a bet after another for as long as the rebuild runs.
  const ids = new Set<string>();
  for (let page = 1; ; page++) {
    const rows = (await call('GET', `/api/bets/mine?limit=100&page=${page}`, undefined, p1.token)).body.data as {
      _id: string;
    }[];
    for (const b of rows) ids.add(b._id);
    if (rows.length < 100) break;
  }
  t.same(
    placed.filter((id) => !ids.has(id)),
    [],
    `all ${placed.length} bets placed around the rebuild are in the history`,
  );
  const report = await replayProjection(server.store, betsProjection, {});
  t.equal(report.differences, 0, 'the rebuilt tables equal a replay of the log');
  t.equal(report.exitCode, 0);
  const left = await server.store.sql.query(`select nspname from pg_namespace where nspname like 'build_%'`);
  t.same(left.rows, [], 'no build schema left');
});
