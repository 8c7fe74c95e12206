import { randomUUID } from 'node:crypto';
import type { StoredEvent } from '@exch/contracts';
import type { Gateway } from '@exch/gateway';
import { GroupConsumer, type BusLog, type Kafka, type OrderedProducer } from '@exch/kafka';
import { balancesTouched, betsTouched, marketsTouched } from '@exch/projector';
import { PUSHES_TOPIC } from './settings.js';

/** What changed in a read model that browsers watch: sent once the projector has committed it. */
export interface PushNotice {
  projection: 'users' | 'bets' | 'catalogue';
  ids: string[];
}

const TOUCHED: Record<PushNotice['projection'], (events: StoredEvent[]) => string[]> = {
  users: balancesTouched,
  bets: betsTouched,
  catalogue: marketsTouched,
};

/** Projector side: after a committed batch of a watched read model, tell every gateway what to push. */
export function noticeFor(projection: string, events: StoredEvent[]): PushNotice | null {
  if (!(projection in TOUCHED)) return null;
  const ids = TOUCHED[projection as PushNotice['projection']](events);
  return ids.length > 0 ? { projection: projection as PushNotice['projection'], ids } : null;
}

export async function publishNotice(producer: OrderedProducer, notice: PushNotice): Promise<void> {
  await producer.send(PUSHES_TOPIC, [{ key: notice.projection, value: JSON.stringify(notice) }]);
}

/**
 * Gateway side: every gateway reads every notice (a group of its own, newest first) and pushes to
 * the websocket clients it holds; a gateway without those clients sends nothing.
 */
export async function deliverNotices(kafka: Kafka, gateway: Gateway, instance: string, log: BusLog): Promise<GroupConsumer> {
  return GroupConsumer.start(
    kafka,
    {
      groupId: `pushes.${instance}.${randomUUID()}`,
      topic: PUSHES_TOPIC,
      fromBeginning: false,
      eachBatch: async (_p, records) => {
        for (const r of records) {
          const notice = JSON.parse(r.value) as PushNotice;
          if (notice.projection === 'users') await gateway.pushBalances(notice.ids);
          else if (notice.projection === 'bets') await gateway.pushBets(notice.ids);
          else gateway.pushMarkets(notice.ids);
        }
      },
    },
    log,
  );
}
