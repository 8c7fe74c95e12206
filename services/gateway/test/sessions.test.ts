import t from 'tap';
import { openPGliteStore } from '@exch/eventstore';
import { openedFrom, Sessions } from '../src/auth/sessions.js';
import { migrateGatewayTables } from '../src/schema.js';

t.test('refresh tokens past their expiry are swept, and answered as before: not at all', async (t) => {
  const db = await openPGliteStore({});
  t.teardown(() => db.close());
  await migrateGatewayTables(db.sql);
  const sessions = new Sessions(db.sql);
  const count = async () =>
    Number((await db.sql.query<{ n: string }>('select count(*) as n from auth_refresh_tokens')).rows[0]!.n);

  const old = await sessions.open('u1', 'player', '10.0.0.1', null);
  const rotated = await sessions.rotate(old.refreshToken);
  t.match(rotated, { sessionId: old.sessionId, userId: 'u1' }, 'a refresh');
  const live = await sessions.open('u2', 'player', '10.0.0.2', null);
  t.equal(await count(), 3, 'the spent token, its successor and the second login');

  // The first login's tokens expire; the second's does not.
  await db.sql.query(`update auth_refresh_tokens set expires_at = now() - interval '1 second' where session_id = $1`, [
    old.sessionId,
  ]);
  const freshOfOld = (rotated as { refreshToken: string }).refreshToken;
  t.equal(await sessions.rotate(freshOfOld), null, 'an expired token, before the sweep');
  t.equal(await sessions.rotate(old.refreshToken), null, 'a spent and expired one is no reuse: null');
  await sessions.sweep();
  t.equal(await count(), 1, 'only the live token is left');
  t.equal(await sessions.rotate(freshOfOld), null, 'the same answer after the sweep');
  t.equal(await sessions.rotate(old.refreshToken), null);
  t.equal(
    (await db.sql.query(`select revoked_at from auth_sessions where id = $1`, [old.sessionId])).rows[0]!.revoked_at,
    null,
    'and the session was not ended by either',
  );
  t.match(await sessions.rotate(live.refreshToken), { sessionId: live.sessionId }, 'the live login refreshes');

  t.ok(await openedFrom(db.sql, 'u1', '10.0.0.1'), 'a known address');
  t.notOk(await openedFrom(db.sql, 'u1', '10.0.0.2'), 'another user’s address is not his');
});
