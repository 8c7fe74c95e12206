import { randomUUID } from 'node:crypto';
import { directoryChanges, noDirectoryChanges, type DirectoryChanges, type StoredEvent } from '@exch/contracts';
import type { Gateway } from '@exch/gateway';
import { GroupConsumer, type BusLog, type Kafka, type OrderedProducer } from '@exch/kafka';
import {
  balancesTouched,
  betsTouched,
  casinoBetsTouched,
  casinoTablesTouched,
  marketsTouched,
  paymentsTouched,
} from '@exch/projector';
import { PUSHES_TOPIC } from './settings.js';

/** What changed in a read model that browsers watch: sent once the projector has committed it. */
type Watched = 'users' | 'bets' | 'catalogue' | 'payments' | 'casino' | 'casinoBets';

export type PushNotice =
  | { projection: Watched; ids: string[] }
  /** Accounts, ended sessions, markets and matches every gateway's directory must forget (and ended sessions' sockets to close). */
  | { projection: 'directory'; changes: DirectoryChanges };

/** Each watched read model's notices: the ids its batches touch, by the kind of push they feed. */
const TOUCHED: Record<string, [Watched, (events: StoredEvent[]) => string[]][]> = {
  users: [['users', balancesTouched]],
  bets: [['bets', betsTouched]],
  catalogue: [['catalogue', marketsTouched]],
  payments: [['payments', paymentsTouched]],
  // The casino read model feeds the tables' rooms and the bet tape.
  casino: [
    ['casino', casinoTablesTouched],
    ['casinoBets', casinoBetsTouched],
  ],
};

/**
 * Projector side: after a committed batch of a watched read model, what every gateway must push,
 * and what its directory must forget (the users read model holds accounts and sessions' ends, the
 * catalogue markets and matches).
 */
export function noticesFor(projection: string, events: StoredEvent[]): PushNotice[] {
  const touched = TOUCHED[projection];
  if (!touched) return [];
  const notices: PushNotice[] = [];
  for (const [kind, of] of touched) {
    const ids = of(events);
    if (ids.length > 0) notices.push({ projection: kind, ids });
  }
  const all = directoryChanges(events);
  const changes: DirectoryChanges | null =
    projection === 'users'
      ? { ...all, markets: [], matches: [] }
      : projection === 'catalogue'
        ? { ...all, users: [], sessions: [] }
        : null;
  if (changes && !noDirectoryChanges(changes)) notices.push({ projection: 'directory', changes });
  return notices;
}

export async function publishNotice(producer: OrderedProducer, notice: PushNotice): Promise<void> {
  await producer.send(PUSHES_TOPIC, [{ key: notice.projection, value: JSON.stringify(notice) }]);
}

/**
 * Gateway side: every gateway reads every notice (a group of its own, newest first) and pushes to
 * the websocket clients it holds; a gateway without those clients sends nothing.
 */
export async function deliverNotices(
  kafka: Kafka,
  gateway: Gateway,
  instance: string,
  log: BusLog,
): Promise<GroupConsumer> {
  return GroupConsumer.start(
    kafka,
    {
      groupId: `pushes.${instance}.${randomUUID()}`,
      topic: PUSHES_TOPIC,
      fromBeginning: false,
      // Deleted when the gateway stops: a restart leaves no group behind (docs/distributed.md).
      transient: true,
      eachBatch: async (_p, records) => {
        for (const r of records) {
          const notice = JSON.parse(r.value) as PushNotice;
          if (notice.projection === 'directory') gateway.directoryChanged(notice.changes);
          else if (notice.projection === 'users') await gateway.pushBalances(notice.ids);
          else if (notice.projection === 'bets') await gateway.pushBets(notice.ids);
          else if (notice.projection === 'payments') await gateway.pushPayments(notice.ids);
          else if (notice.projection === 'casino') await gateway.pushCasino(notice.ids);
          else if (notice.projection === 'casinoBets') await gateway.pushCasinoBets(notice.ids);
          else gateway.pushMarkets(notice.ids);
        }
      },
    },
    log,
  );
}
