/**
 * The engine's command endpoint takes only envelopes signed with ENGINE_SECRET (HMAC-SHA256 over the
 * leader's epoch, a timestamp and the exact body; services/server/src/distributed/engine-signature.ts).
 * A real engine process on real PostgreSQL, posted to as an attacker on its network would: nothing
 * unsigned, wrongly signed, stale, altered or replayed is decided, and the log (every balance is a
 * fold of it) does not move. No Kafka: with the feed off the engine never connects to it.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import pg from 'pg';
import type { Command, CommandEnvelope } from '@exch/contracts';
import { signCommand } from '../../services/server/src/distributed/engine-signature.js';
import { eventually, newEngineSecret, startMember, type ClusterEnv } from '../helpers/cluster.js';
import { pgSkip, startPostgres } from '../helpers/postgres.js';

t.test(
  'the engine decides only fresh requests signed with the cluster secret',
  { skip: pgSkip(), timeout: 300_000 },
  async (t) => {
    const pgServer = await startPostgres();
    // KAFKA_BROKERS is required by every process; with FEED=off the engine never dials it.
    const env: ClusterEnv = {
      databaseUrl: pgServer.connectionString,
      kafkaBrokers: '127.0.0.1:9',
      logDir: mkdtempSync(join(tmpdir(), 'exch-engine-auth-')),
      engineSecret: newEngineSecret(),
    };
    t.comment(`process logs in ${env.logDir}`);
    const db = new pg.Pool({ connectionString: env.databaseUrl, max: 2 });
    const engine = await startMember(env, 'engine', 'engine', { SEED_DEMO: '1' });
    t.teardown(async () => {
      await engine.kill();
      await db.end();
      await pgServer.stop();
    });
    await eventually(
      'the engine to lead',
      async () => (await db.query(`select 1 from engine_leader`).catch(() => ({ rowCount: 0 }))).rowCount === 1,
    );
    const {
      rows: [leader],
    } = await db.query<{ epoch: string; url: string }>(`select epoch, url from engine_leader`);
    const epoch = Number(leader!.epoch);
    const { rows: users } = await db.query<{ username: string; id: string }>(
      `select data->>'username' as username, data->>'userId' as id from events where type = 'UserCreated'`,
    );
    const id = (username: string) => users.find((u) => u.username === username)!.id;
    const head = async () =>
      Number((await db.query<{ position: string }>(`select position from log_head`)).rows[0]!.position);

    const envelope = (commandId: string, actor: string | null, command: Command): string =>
      JSON.stringify({
        commandId,
        correlationId: commandId,
        actor,
        ip: null,
        device: null,
        at: new Date().toISOString(),
        command,
      } satisfies CommandEnvelope);
    const post = async (body: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${leader!.url}/commands`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', ...headers },
      });
      return {
        status: res.status,
        body: (await res.json()) as { ok?: boolean; duplicate?: boolean; message?: string; refusal?: { code: string } },
      };
    };
    // Chips made out of nothing: the most an attacker could want from the endpoint.
    const mint = envelope('attack-mint', null, { type: 'MintChips', userId: id('admin'), amount: 1_000_000_00 });

    await t.test(
      'unsigned, wrongly signed, stale, altered or for another leader: refused and nothing moves',
      async (t) => {
        const before = await head();
        const cases: [string, Promise<{ status: number; body: { message?: string } }>, number, RegExp][] = [
          ['unsigned', post(mint), 401, /unsigned/],
          ['signed with another secret', post(mint, signCommand(newEngineSecret(), epoch, mint)), 401, /bad signature/],
          [
            'signed 60 s ago',
            post(mint, signCommand(env.engineSecret, epoch, mint, Date.now() - 60_000)),
            401,
            /outside the window/,
          ],
          [
            'signed 60 s ahead',
            post(mint, signCommand(env.engineSecret, epoch, mint, Date.now() + 60_000)),
            401,
            /outside the window/,
          ],
          [
            'body altered after signing',
            post(mint.replace('100000000', '900000000'), signCommand(env.engineSecret, epoch, mint)),
            401,
            /bad signature/,
          ],
          [
            'signed for another epoch',
            post(mint, signCommand(env.engineSecret, epoch + 1, mint)),
            503,
            /not the leader/,
          ],
        ];
        for (const [what, answer, status, message] of cases) {
          const r = await answer;
          t.equal(r.status, status, `${what}: ${status}`);
          t.match(r.body.message, message, `${what}: ${r.body.message}`);
        }
        t.equal(await head(), before, 'the log did not move: no balance changed');
      },
    );

    await t.test('a replay of a journalled command: refused, and a gateway retry gets the first answer', async (t) => {
      const headers = signCommand(env.engineSecret, epoch, mint);
      const first = await post(mint, headers);
      t.same([first.status, first.body.ok, first.body.duplicate], [200, true, false], 'signed, it is decided');
      const after = await head();
      const replay = await post(mint, headers);
      t.same(
        [replay.status, replay.body.message],
        [401, 'replayed request'],
        'the captured request sent again is refused',
      );
      const retry = await post(mint, signCommand(env.engineSecret, epoch, mint));
      t.same(
        [retry.status, retry.body.ok, retry.body.duplicate],
        [200, true, true],
        'signed afresh (what a gateway retry sends), the first answer',
      );
      t.equal(await head(), after, 'neither wrote anything');
    });

    await t.test('a replay of a refused command cannot be decided again once it would pass', async (t) => {
      // dealer1 holds ₹3,25,000: giving player1 ₹4,00,000 is refused, and a refusal is not journalled.
      const give = envelope('attack-give', id('dealer1'), {
        type: 'TransferChips',
        fromUserId: id('dealer1'),
        toUserId: id('player1'),
        amount: 400_000_00,
        remark: '',
      });
      const headers = signCommand(env.engineSecret, epoch, give);
      const refused = await post(give, headers);
      t.same(
        [refused.status, refused.body.ok, refused.body.refusal?.code],
        [200, false, 'INSUFFICIENT_FUNDS'],
        'refused for want of funds',
      );
      const topUp = envelope('top-up', id('agent1'), {
        type: 'TransferChips',
        fromUserId: id('agent1'),
        toUserId: id('dealer1'),
        amount: 100_000_00,
        remark: '',
      });
      t.equal(
        (await post(topUp, signCommand(env.engineSecret, epoch, topUp))).body.ok,
        true,
        'dealer1 now holds enough',
      );
      const after = await head();
      const replay = await post(give, headers);
      t.same(
        [replay.status, replay.body.message],
        [401, 'replayed request'],
        'the captured refusal sent again is refused, not decided afresh',
      );
      t.equal(await head(), after, 'and nothing moved');
      const { rows } = await db.query(`select 1 from events where metadata->>'commandId' = 'attack-give'`);
      t.equal(rows.length, 0, 'the transfer is not in the log');
    });

    await t.test('without ENGINE_SECRET neither an engine nor a gateway starts', async (t) => {
      for (const role of ['engine', 'gateway'] as const) {
        await t.rejects(
          startMember({ ...env, engineSecret: '' }, role, `${role}-without-secret`),
          /exited with 1/,
          role,
        );
        t.match(
          readFileSync(join(env.logDir, `${role}-without-secret.log`), 'utf8'),
          /ENGINE_SECRET must be set/,
          `${role}: says why`,
        );
      }
    });

    const { rows: minted } = await db.query<{ n: string }>(
      `select count(*) as n from events where type = 'ChipsMinted' and metadata->>'commandId' not like 'seed:%'`,
    );
    t.equal(Number(minted[0]!.n), 1, 'chips were minted once besides the demo seed: by the one signed request');
  },
);
