import pg from 'pg';
import type { Leadership } from '@exch/contracts';
import { LEADER_LOCK_KEY } from './schema.js';

/** A session-level advisory lock: held exactly as long as its own connection lives. */
export interface SessionLock {
  client: pg.Client;
  /** Resolves when the connection dropped (not on release). */
  lost: Promise<void>;
  release(): Promise<void>;
}

/**
 * Waits for the advisory lock `key` on a connection of its own; pg_advisory_lock blocks while
 * another session holds it (that wait is a standby's). `open` holds a way to end every such
 * connection of the store (close() uses it): a deliberate end does not resolve `lost`, only a
 * dropped connection does.
 */
export async function holdSessionLock(
  connectionString: string,
  key: number,
  open: Set<() => Promise<void>>,
): Promise<SessionLock> {
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
    if (holding) await client.query('select pg_advisory_unlock($1::bigint)', [key]).catch(() => {});
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
    await client.query('select pg_advisory_lock($1::bigint)', [key]);
    holding = true;
    return { client, lost, release: end };
  } catch (err) {
    released = true;
    open.delete(end);
    await client.end().catch(() => {});
    throw err;
  }
}

/** The engine's single-writer lock, and with it a new epoch that fences any earlier leader's appends. */
export async function acquireLeaderLock(connectionString: string, open: Set<() => Promise<void>>): Promise<Leadership> {
  const lock = await holdSessionLock(connectionString, LEADER_LOCK_KEY, open);
  try {
    const { rows } = await lock.client.query<{ epoch: string }>(
      'update log_head set epoch = epoch + 1 where id returning epoch',
    );
    return { epoch: Number(rows[0]?.epoch), lost: lock.lost, release: lock.release };
  } catch (err) {
    await lock.release();
    throw err;
  }
}
