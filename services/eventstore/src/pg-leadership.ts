import pg from 'pg';
import type { Leadership } from '@exch/contracts';
import { LEADER_LOCK_KEY } from './schema.js';

/**
 * The leader lock lives on its own connection: the lock is held exactly as long as that
 * session. pg_advisory_lock blocks while another process leads (that wait is the standby).
 * `open` holds a way to end every leader connection of this store (close() uses it): a
 * deliberate end does not resolve `lost`, only a dropped connection does.
 */
export async function acquireLeaderLock(connectionString: string, open: Set<() => Promise<void>>): Promise<Leadership> {
  const client = new pg.Client({ connectionString, keepAlive: true });
  let released = false;
  let holding = false;
  let markLost!: () => void;
  const lost = new Promise<void>((resolve) => (markLost = resolve));
  const end = async () => {
    if (released) return;
    released = true;
    open.delete(end);
    // Ending the session frees the lock too; unlocking first just makes it prompt. A standby
    // still waiting must not queue a query behind its blocked lock call: it just disconnects.
    if (holding) await client.query('select pg_advisory_unlock($1::bigint)', [LEADER_LOCK_KEY]).catch(() => {});
    await client.end().catch(() => {});
  };
  const onDrop = () => {
    open.delete(end);
    if (!released) markLost();
  };
  client.on('error', onDrop);
  client.on('end', onDrop);
  open.add(end);
  try {
    await client.connect();
    await client.query('select pg_advisory_lock($1::bigint)', [LEADER_LOCK_KEY]);
    holding = true;
    const { rows } = await client.query<{ epoch: string }>('update log_head set epoch = epoch + 1 where id returning epoch');
    return { epoch: Number(rows[0]?.epoch), lost, release: end };
  } catch (err) {
    released = true;
    open.delete(end);
    await client.end().catch(() => {});
    throw err;
  }
}
