/**
 * A projector member killed with SIGKILL (no goodbye to its groups): the other member owns its
 * partitions again within about 3 s (PROJECTOR_SESSION_TIMEOUT_MS and PROJECTOR_HEARTBEAT_MS,
 * docs/distributed.md "Projector failover"), and a read carrying the X-Read-After of a command
 * written after the kill is answered once the survivor has folded it, not after the gateway's 10 s.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { parseReadToken, READ_AFTER_HEADER } from '@exch/contracts';
import { caller } from '../helpers/api.js';
import { eventually, throwawayCluster, type Member } from '../helpers/cluster.js';
import { kafkaSkip } from '../helpers/kafka.js';
import { pgSkip } from '../helpers/postgres.js';
import type { TestServer } from '../helpers/server.js';

const skip = pgSkip() || kafkaSkip();
/** The target (3 s) and a margin for a loaded machine. */
const WITHIN_MS = 3_500;

t.test("a killed projector's partitions are owned again within 3 s", { skip, timeout: 300_000 }, async (t) => {
  const { env, member } = await throwawayCluster(t, 'exch-failover-');
  await member(env, 'engine', 'engine', { SEED_DEMO: '1' });
  await member(env, 'relay', 'relay');
  const projectors = [
    await member(env, 'projector', 'projector-1', {}, ['--name', 'all']),
    await member(env, 'projector', 'projector-2', {}, ['--name', 'all']),
  ];
  const gateway = await member(env, 'gateway', 'gateway');
  const api = caller({ url: gateway.url } as TestServer);
  await eventually('the demo accounts in the read models', async () => (await api.login('player1')).status === 200);
  const { token, user } = (await api.login('player1')).body as { token: string; user: { _id: string } };

  const owned = async (m: Member) =>
    ((await (await fetch(`${m.url}/health`)).json()) as { partitions: Record<string, number[]> }).partitions;
  await eventually('both projectors to share every group', async () => {
    const [one, two] = await Promise.all(projectors.map(owned));
    return Object.entries(one!).every(
      ([group, ps]) => ps.length > 0 && (two![group] ?? []).length > 0 && ps.length + two![group]!.length === 4,
    );
  });
  // Every member's /metrics gives the group's lag per read model, the same figure on each (aggregated with max, not a sum).
  const usersLag = async (m: Member) =>
    /^projector_lag\{projection="users",role="projector",instance="[^"]+"\} (\d+)$/m.exec(
      await (await fetch(`${m.url}/metrics`)).text(),
    )?.[1];
  await eventually('both members to report the group caught up', async () =>
    (await Promise.all(projectors.map(usersLag))).every((lag) => lag === '0'),
  );
  t.pass("the group's lag per read model on both members, no partition label");
  const save = async (value: number) => {
    const r = await fetch(`${gateway.url}/api/betting-buttons`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        sportsButtons: [{ label: String(value), value }],
        casinoButtons: [{ label: '50', value: 50 }],
      }),
    });
    t.equal(r.status, 200, `buttons saved at ${value}`);
    return r.headers.get(READ_AFTER_HEADER)!;
  };
  // Kill the member folding the partition the player's commands land in, in most groups.
  const [partition] = [...parseReadToken(await save(100))!.keys()];
  const holders = await Promise.all(
    projectors.map(async (m) => Object.values(await owned(m)).filter((ps) => ps.includes(partition!)).length),
  );
  const [victim, survivor] = holders[0]! >= holders[1]! ? projectors : [projectors[1]!, projectors[0]!];
  t.comment(`partition ${partition} of the player's commands; killing the member that folds it in most groups`);

  await victim!.kill();
  const killedAt = Date.now();
  let ownedAfter = 0;
  const takeover = eventually(
    'the survivor to own every partition of every group',
    async () => {
      const groups = Object.values(await owned(survivor!));
      if (!groups.every((ps) => ps.length === 4)) return false;
      ownedAfter = Date.now() - killedAt;
      return true;
    },
    30_000,
  );
  const readAfter = await save(200);
  const read = await fetch(`${gateway.url}/api/betting-buttons/${user._id}`, {
    headers: { authorization: `Bearer ${token}`, [READ_AFTER_HEADER]: readAfter },
  });
  const answeredAfter = Date.now() - killedAt;
  t.equal(
    ((await read.json()) as { data: { sportsButtons: { value: number }[] } }).data.sportsButtons[0]!.value,
    200,
    'the read with X-Read-After sees the command written after the kill',
  );
  await takeover;
  t.comment(`partitions owned again ${ownedAfter} ms after the kill; the read answered after ${answeredAfter} ms`);
  t.ok(ownedAfter <= WITHIN_MS, `every partition owned again within ${WITHIN_MS} ms (${ownedAfter} ms)`);
  // A first start on a fresh broker and a take-over are the group protocol at work: kafkajs's chatter about them is info.
  for (const name of ['projector-1', 'projector-2'])
    t.notMatch(
      readFileSync(join(env.logDir, `${name}.log`), 'utf8'),
      /"level":[45]0/,
      `no warning or error from ${name}`,
    );
  t.ok(answeredAfter <= WITHIN_MS, `the read answered within ${WITHIN_MS} ms (${answeredAfter} ms)`);
});
