import type { EventStore, Leadership, StoredEvent } from '@exch/contracts';
import type { Log } from '../log.js';

const LOAD_BATCH = 5_000;
/** How often a standby folds the leader's new events while it waits for the lock. */
const STANDBY_FOLLOW_MS = 500;

/** Replays the log after `position`, a batch at a time, up to its head. */
export async function replayLog(store: EventStore, position: number, apply: (e: StoredEvent) => void): Promise<void> {
  for (let from = position; ; ) {
    const events = await store.readAll(from, LOAD_BATCH);
    if (events.length === 0) return;
    for (const e of events) apply(e);
    from = events[events.length - 1]!.position;
  }
}

/** After a journal failure: rebuilds from snapshot + log until it succeeds, backing off, while still recovering. */
export async function reloadUntilDone(reload: () => Promise<void>, log: Log, recovering: () => boolean): Promise<void> {
  for (let attempt = 1; recovering(); attempt++) {
    try {
      await reload();
    } catch (err) {
      log.error({ err, attempt }, 'engine reload failed; retrying');
      await new Promise((r) => setTimeout(r, Math.min(5_000, 100 * attempt)));
    }
  }
}

/** Until the lock is won (at once on PGlite), the log's new events folded (`follow`) every STANDBY_FOLLOW_MS. */
export async function standBy(leading: Promise<Leadership>, follow: () => Promise<void>): Promise<Leadership> {
  let waiting = true;
  const settled = leading.then(
    () => void (waiting = false),
    () => void (waiting = false),
  );
  while (waiting) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([settled, new Promise((r) => (timer = setTimeout(r, STANDBY_FOLLOW_MS)))]);
    clearTimeout(timer);
    if (waiting) await follow();
  }
  return leading;
}
