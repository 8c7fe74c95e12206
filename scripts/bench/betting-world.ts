import { LADDER, type Command, type CommandEnvelope, type DomainEvent, type FeedUpdate } from '@exch/contracts';
import { decide, emptyState, evolve, fold, Quotes, type EngineState } from '@exch/engine';
import { matchCatalogue, type Rng } from '../../tests/engine/fixtures.js';

// The world the in-memory exchange benches start from: funded players, listed markets, a moving feed.

/** A feed that random-walks each runner's best back price by a tick, three levels a side. */
export function feedFor(rng: Rng) {
  const centre = new Map<string, number>();
  return (marketId: string, selectionId: number): FeedUpdate => {
    const key = `${marketId}|${selectionId}`;
    const i = Math.min(200, Math.max(10, (centre.get(key) ?? rng.int(60, 120)) + rng.int(-1, 1)));
    centre.set(key, i);
    const size = () => rng.int(1_000, 200_000);
    return {
      type: 'exchange',
      marketId,
      selectionId,
      status: 'ACTIVE',
      back: [0, 1, 2].map((k) => ({ price: LADDER[i - k]!, size: size() })),
      lay: [1, 2, 3].map((k) => ({ price: LADDER[i + k]!, size: size() })),
    };
  };
}

export const env = (command: Command, actor: string | null, id: string): CommandEnvelope => ({
  commandId: id,
  correlationId: id,
  actor,
  ip: null,
  device: null,
  at: '2026-11-22T10:00:00.000Z',
  command,
});

/** An admin and players (`u{i}` unless named) funded with `balance` paise each, the given match odds markets listed; decisions applied with apply(). */
export function fundedWorld(
  players: string[],
  balance: number,
  markets: number[],
): { state: EngineState; quotes: Quotes; apply: (events: DomainEvent[]) => void } {
  const events: Pick<DomainEvent, 'type' | 'data'>[] = [
    {
      type: 'UserCreated',
      data: {
        userId: 'a',
        username: 'admin',
        fullName: 'a',
        role: 'admin',
        parentId: null,
        passwordHash: 'h',
        creditReference: 0,
        exposureLimit: 0,
        mustChangePassword: false,
      },
    },
    {
      type: 'ChipsMinted',
      data: {
        userId: 'a',
        amount: 1e13,
        postings: [
          { account: 'mint', amount: -1e13 },
          { account: 'wallet:a', amount: 1e13 },
        ],
      },
    },
  ];
  for (const [i, u] of players.entries()) {
    events.push({
      type: 'UserCreated',
      data: {
        userId: u,
        username: `user${i}`,
        fullName: u,
        role: 'user',
        parentId: 'a',
        passwordHash: 'h',
        creditReference: 0,
        exposureLimit: 0,
        mustChangePassword: false,
      },
    });
    events.push({
      type: 'ChipsTransferred',
      data: {
        kind: 'deposit',
        fromUserId: 'a',
        toUserId: u,
        amount: balance,
        remark: '',
        postings: [
          { account: 'wallet:a', amount: -balance },
          { account: `wallet:${u}`, amount: balance },
        ],
      },
    });
  }
  const state = fold(emptyState(), events);
  const quotes = new Quotes();
  const apply = (evs: DomainEvent[]) => {
    for (const e of evs) {
      evolve(state, e);
      quotes.absorb(e, state);
    }
  };
  const catalogue = decide(state, env(matchCatalogue(markets), null, 'cat'));
  if (!catalogue.ok) throw new Error(catalogue.refusal.message);
  apply(catalogue.events);
  return { state, quotes, apply };
}
