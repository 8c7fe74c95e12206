/**
 * The feed's edge (src/feed.ts): market definitions enter as system commands, again while they
 * still change something, and a proposed result is confirmed after FEED_SETTLE_DELAY_MS, or not at
 * all when it is off. The bus decides with the engine's own decide and evolve over a state in memory.
 */
import t from 'tap';
import pino from 'pino';
import type { CommandBus, CommandEnvelope, CommittedEvent, ExecuteResult } from '@exch/contracts';
import { decide, emptyState, evolve } from '@exch/engine';
import { RaceFeed } from '../../../tests/helpers/race-feed.js';
import { connectFeed } from '../src/feed.js';

class DecidingBus implements CommandBus {
  readonly state = emptyState();
  readonly seen: CommandEnvelope[] = [];
  private position = 0;
  async execute(envelope: CommandEnvelope): Promise<ExecuteResult> {
    this.seen.push(envelope);
    const d = decide(this.state, envelope);
    if (!d.ok) return d;
    const events = d.events.map((e) => ({ ...e, position: ++this.position, at: envelope.at }) as CommittedEvent);
    for (const e of d.events) evolve(this.state, e);
    return { ok: true, positions: events.map((e) => e.position), events, duplicate: false };
  }
  types(type: string): string[] {
    return this.seen.filter((c) => c.command.type === type).map((c) => c.commandId);
  }
}

const settle = async (delayMs: number | null) => {
  const feed = new RaceFeed();
  const bus = new DecidingBus();
  const stop = await connectFeed(feed, { quote: () => {} }, bus, pino({ level: 'silent' }), { settleDelayMs: delayMs });
  return { feed, bus, stop };
};
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

t.test('definitions are commands; one that turns in play and removes a runner takes two turns', async (t) => {
  const { feed, bus, stop } = await settle(null);
  t.teardown(stop);
  t.same(bus.state.markets.get('HR1-WIN')!.feed, {
    marketId: 'HR1-WIN',
    status: 'OPEN',
    betDelaySec: 0,
    numberOfWinners: 1,
    source: 'betfair',
  });
  t.equal(bus.state.markets.get('HR1-PLC')!.feed!.numberOfWinners, 2);
  t.ok(
    bus.seen.every((c) => c.actor === null && c.at !== ''),
    'stamped at the edge, by the system',
  );
  feed.send(RaceFeed.definition('HR1-WIN', { inPlay: true, betDelaySec: 1 }, { 7005: ['REMOVED', 16.2] }));
  await wait(50);
  t.equal(bus.state.matches.HR1!.inPlay, true);
  t.notOk(
    bus.state.markets.get('HR1-WIN')!.runners.some((r) => r.selectionId === 7005),
    'the runner removed on the next turn',
  );
  feed.send(
    RaceFeed.definition('HR1-WIN', { status: 'CLOSED', inPlay: true }, { 7002: ['WINNER'], 7005: ['REMOVED', 16.2] }),
  );
  await wait(50);
  t.same(bus.state.markets.get('HR1-WIN')!.proposed, [7002]);
  t.same(bus.types('ConfirmFeedResult'), [], 'off: an admin confirms');
  t.equal(bus.state.markets.get('HR1-WIN')!.status, 'ACTIVE');
});

t.test('a proposed result settles by itself after the delay, once', async (t) => {
  const { feed, bus, stop } = await settle(100);
  t.teardown(stop);
  feed.send(RaceFeed.definition('GR1-WIN', { status: 'CLOSED' }, { 8003: ['WINNER'] }));
  await wait(30);
  t.same(bus.state.markets.get('GR1-WIN')!.proposed, [8003]);
  t.equal(bus.state.markets.get('GR1-WIN')!.status, 'ACTIVE', 'not before the delay');
  feed.send(RaceFeed.definition('GR1-WIN', { status: 'CLOSED' }, { 8003: ['WINNER'] }));
  await wait(200);
  t.equal(bus.state.markets.get('GR1-WIN')!.status, 'SETTLED');
  t.equal(bus.types('ConfirmFeedResult').length, 1, 'the same definition again proposes nothing more');
  t.match(bus.types('ConfirmFeedResult')[0], /^feed-settle:\d+$/);
});
