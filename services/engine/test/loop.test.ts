import t from 'tap';
import pino from 'pino';
import { EngineUnavailableError, type Command, type EventStore } from '@exch/contracts';
import { openPGliteStore } from '@exch/eventstore';
import { Engine, emptyState, fold, SNAPSHOT_NAME } from '../src/index.js';
import { createUser, envelope } from './harness.js';

const log = pino({ level: 'silent' });
let n = 0;
const env = (command: Command, actor: string | null, commandId = `c${++n}`) =>
  envelope(command, actor, { commandId, ip: '127.0.0.1', device: 'test' });

/** A store whose appends can be made to fail, and which counts append calls (the engine's positioned appends). */
function faulty(store: EventStore) {
  const ctl = { failNext: false, appends: 0, batchSizes: [] as number[], hold: null as Promise<void> | null };
  const appendPositioned: EventStore['appendPositioned'] = (events, options) => {
    if (events.length > 0) {
      ctl.appends++;
      ctl.batchSizes.push(events.length);
    }
    const [hold, fail] = [ctl.hold, ctl.failNext];
    [ctl.hold, ctl.failNext] = [null, false];
    // Held, then failing or passed on: the append the engine sees is written and committed accordingly.
    const inner = (async () => {
      await hold;
      if (fail) throw new Error('disk on fire');
      return store.appendPositioned(events, options);
    })();
    return {
      written: inner.then(
        (a) => a.written,
        () => undefined,
      ),
      committed: inner.then((a) => a.committed),
    };
  };
  const wrapped = new Proxy(store, {
    get(target, prop) {
      if (prop === 'appendPositioned') return appendPositioned;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { store: wrapped, ctl };
}

async function seeded() {
  const raw = await openPGliteStore({});
  const { store, ctl } = faulty(raw);
  const engine = await Engine.start({ store, log, snapshotEvery: 0 });
  t.teardown(async () => {
    await engine.stop().catch(() => {});
    await raw.close();
  });
  await engine.execute(env(createUser('a', 'admin', null, 'admin'), null));
  await engine.execute(env(createUser('s', 'sadmin', 'a', 'sadmin1'), 'a'));
  await engine.execute(env({ type: 'MintChips', userId: 'a', amount: 1_000_00 }, null));
  return { raw, store, ctl, engine };
}

t.test('answers after the events are in the log, with their positions', async (t) => {
  const { raw, engine } = await seeded();
  const r = await engine.execute(
    env({ type: 'TransferChips', fromUserId: 'a', toUserId: 's', amount: 250_00, remark: '' }, 'a'),
  );
  t.match(r, { ok: true, duplicate: false });
  const positions = r.ok ? r.positions : [];
  t.equal(positions.length, 1);
  const [stored] = await raw.readAll(positions[0]! - 1, 1);
  t.match(stored, {
    type: 'ChipsTransferred',
    streamId: 'user-a',
    metadata: { commandId: `c${n}`, actor: 'a', ip: '127.0.0.1' },
  });
  t.equal(engine.view.balances.get('wallet:s'), 250_00);
});

t.test('refusals are answered and write nothing', async (t) => {
  const { raw, engine } = await seeded();
  const head = await raw.head();
  const r = await engine.execute(
    env({ type: 'TransferChips', fromUserId: 'a', toUserId: 's', amount: 1_000_01, remark: '' }, 'a'),
  );
  t.same(r, { ok: false, refusal: { code: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance' } });
  t.equal(await raw.head(), head);
});

t.test('a retried command id gets the first answer and is journalled once', async (t) => {
  const { raw, engine } = await seeded();
  const command = env(
    { type: 'TransferChips', fromUserId: 'a', toUserId: 's', amount: 10_00, remark: '' },
    'a',
    'retry-me',
  );
  const [first, second] = await Promise.all([engine.execute(command), engine.execute(command)]);
  const third = await engine.execute(command);
  t.match(first, { ok: true, duplicate: false });
  t.match(second, { ok: true, duplicate: true });
  t.same(third.ok && third.positions, first.ok && first.positions);
  t.equal(engine.view.balances.get('wallet:s'), 10_00);
  t.equal((await raw.readAll(0, 100)).filter((e) => e.metadata.commandId === 'retry-me').length, 1);
});

t.test('group commit: concurrent commands share one journal transaction', async (t) => {
  const { engine, ctl } = await seeded();
  const before = ctl.appends;
  const results = await Promise.all(
    Array.from({ length: 200 }, () =>
      engine.execute(env({ type: 'TransferChips', fromUserId: 'a', toUserId: 's', amount: 1_00, remark: '' }, 'a')),
    ),
  );
  t.ok(results.every((r) => r.ok));
  t.ok(ctl.appends - before <= 3, `200 commands took ${ctl.appends - before} appends`);
  t.equal(engine.view.balances.get('wallet:s'), 200_00);
});

t.test('only the affordable commands of a burst are accepted', async (t) => {
  const { engine } = await seeded();
  const results = await Promise.all(
    Array.from({ length: 150 }, () =>
      engine.execute(env({ type: 'TransferChips', fromUserId: 'a', toUserId: 's', amount: 1_000, remark: '' }, 'a')),
    ),
  );
  t.equal(results.filter((r) => r.ok).length, 100);
  t.equal(engine.view.balances.get('wallet:a'), 0);
});

t.test('a journal failure fails the turn, rebuilds from the log, and the engine goes on', async (t) => {
  const { engine, ctl } = await seeded();
  ctl.failNext = true;
  await t.rejects(
    engine.execute(env({ type: 'TransferChips', fromUserId: 'a', toUserId: 's', amount: 5_00, remark: '' }, 'a')),
    EngineUnavailableError,
  );
  // The failed transfer was evolved into memory before the append; the rebuild must have dropped it.
  for (let i = 0; i < 50 && !engine.running; i++) await new Promise((r) => setTimeout(r, 20));
  t.equal(engine.view.balances.get('wallet:s') ?? 0, 0);
  const r = await engine.execute(
    env({ type: 'TransferChips', fromUserId: 'a', toUserId: 's', amount: 7_00, remark: '' }, 'a'),
  );
  t.match(r, { ok: true });
  t.equal(engine.view.balances.get('wallet:s'), 7_00);
});

t.test('a restart from snapshot + log equals a full replay', async (t) => {
  const raw = await openPGliteStore({});
  t.teardown(() => raw.close());
  const first = await Engine.start({ store: raw, log, snapshotEvery: 5 });
  await first.execute(env(createUser('a', 'admin', null, 'admin'), null));
  await first.execute(env(createUser('s', 'sadmin', 'a', 'sadmin1'), 'a'));
  await first.execute(env({ type: 'MintChips', userId: 'a', amount: 500_00 }, null));
  for (let i = 0; i < 12; i++)
    await first.execute(
      env({ type: 'TransferChips', fromUserId: 'a', toUserId: 's', amount: (i + 1) * 100, remark: '' }, 'a'),
    );
  await first.stop();
  t.ok(await raw.loadSnapshot(SNAPSHOT_NAME), 'a snapshot was written');
  const second = await Engine.start({ store: raw, log, snapshotEvery: 5 });
  t.teardown(() => second.stop());
  const replayed = fold(emptyState(), (await raw.readAll(0, 1000)) as never);
  t.same(second.view, replayed);
  t.equal(second.view.balances.get('wallet:s'), 7_800);
  const dup = await second.execute(env({ type: 'MintChips', userId: 'a', amount: 1 }, null, 'c' + (n - 13)));
  t.match(dup, { ok: true, duplicate: true }, 'command ids survive a restart');
});

t.test(
  'one poisoned command among 100 valid ones is refused alone: the others are journalled, nothing is rebuilt',
  async (t) => {
    const { raw, engine, ctl } = await seeded();
    const head = await raw.head();
    const transfer = (remark: string) =>
      env({ type: 'TransferChips', fromUserId: 'a', toUserId: 's', amount: 1_00, remark }, 'a');
    const valid = Array.from({ length: 100 }, (_, i) => transfer(`ok ${i}`));
    for (const poison of ['nul \u0000 here', 'lone \ud800 surrogate']) {
      const before = ctl.appends;
      const results = await Promise.all(
        [...valid.slice(0, 50), transfer(poison), ...valid.slice(50)].map((c) => engine.execute(c)),
      );
      const poisoned = results[50]!;
      t.match(
        poisoned,
        { ok: false, refusal: { code: 'UNSTORABLE', message: /cannot be stored \(events\[0\]\.data\.remark\)/ } },
        JSON.stringify(poison),
      );
      t.equal(results.filter((r) => r.ok).length, 100, 'the 100 valid commands are accepted');
      t.equal(ctl.appends - before, 1, 'in one journal transaction');
      t.ok(engine.running, 'the engine never stopped to rebuild');
      valid.splice(0, 100, ...Array.from({ length: 100 }, (_, i) => transfer(`again ${i}`)));
    }
    t.equal(await raw.head(), head + 200, 'two hundred transfers in the log, no poisoned one');
    t.equal(engine.view.balances.get('wallet:s'), 200_00);
  },
);

t.test(
  'two turns in flight: the second commits after the first, and a failure of the first fails both and rebuilds',
  async (t) => {
    const { raw, engine, ctl } = await seeded();
    const head = await raw.head();
    const transfer = (amount: number) =>
      env({ type: 'TransferChips', fromUserId: 'a', toUserId: 's', amount, remark: '' }, 'a');
    const until = async (appends: number) => {
      for (let i = 0; i < 200 && ctl.appends < appends; i++) await new Promise((r) => setTimeout(r, 5));
    };
    let release!: () => void;
    ctl.hold = new Promise<void>((r) => (release = r));
    const first = engine.execute(transfer(1_00));
    await until(ctl.appends + 1);
    const second = engine.execute(transfer(2_00));
    await until(2 + ctl.batchSizes.length - 1);
    t.equal(
      engine.view.balances.get('wallet:s'),
      3_00,
      "the second turn decided on the first one's state while it was committing",
    );
    release();
    const [a, b] = await Promise.all([first, second]);
    t.match([a, b], [{ ok: true }, { ok: true }]);
    t.ok(a.ok && b.ok && b.positions[0]! === a.positions[0]! + 1, 'in order, gap-free');

    ctl.hold = new Promise<void>((r) => (release = r));
    ctl.failNext = true;
    const appends = ctl.appends;
    const outcome = (r: Promise<unknown>) =>
      r.then(
        () => 'accepted',
        (e: unknown) => (e instanceof EngineUnavailableError ? 'unavailable' : String(e)),
      );
    const failing = outcome(engine.execute(transfer(4_00)));
    await until(appends + 1);
    const behind = outcome(engine.execute(transfer(8_00)));
    await until(appends + 2);
    release();
    t.same(
      await Promise.all([failing, behind]),
      ['unavailable', 'unavailable'],
      'the turn behind the failed one fails too',
    );
    t.equal(await raw.head(), head + 2, 'neither is in the log');
    for (let i = 0; i < 200 && !engine.running; i++) await new Promise((r) => setTimeout(r, 10));
    t.equal(engine.view.balances.get('wallet:s'), 3_00, 'the state was rebuilt without them');
    t.match(await engine.execute(transfer(16_00)), { ok: true }, 'and the engine goes on');
  },
);
