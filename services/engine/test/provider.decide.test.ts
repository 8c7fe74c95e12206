/**
 * The seamless wallet's deciders, given events / when a call / then events (docs/international-casino.md).
 * Cast: admin a > dealer d > players p1 (₹1,000) and p2 (₹500). The provider is `mg`; its house
 * account house:third-party:mg. Money in paise.
 */
import t from 'tap';
import type { Command, DomainEvent, Paise } from '@exch/contracts';
import { prng } from '../../../tests/engine/fixtures.js';
import { decide } from '../src/index.js';
import { AT, chipsMinted, chipsTransferred, envelope, given, refused, userCreated as user } from './harness.js';

const HOUSE = 'house:third-party:mg';
const chips = (userId: string, amount: Paise) => chipsTransferred('a', userId, amount);

const GAME = { provider: 'mg', gameId: 'roulette', gameName: 'European Roulette' };
const debit = (
  txnId: string,
  roundId: string,
  amount: Paise,
  userId = 'p1',
  sessionUserId: string | null = userId,
): Command => ({ type: 'ProviderDebit', ...GAME, txnId, userId, roundId, amount, sessionUserId });
const credit = (txnId: string, roundId: string, amount: Paise, userId = 'p1'): Command => ({
  type: 'ProviderCredit',
  ...GAME,
  txnId,
  userId,
  roundId,
  amount,
});
const rollback = (txnId: string, betId: string, roundId: string, amount: Paise, userId = 'p1'): Command => ({
  type: 'ProviderRollback',
  ...GAME,
  txnId,
  betId,
  userId,
  roundId,
  amount,
});

/** The cast; the provider's calls are sent by the system (actor null), each with its own reference. */
const world = () =>
  given(
    user('a', 'admin', null),
    user('d', 'dl', 'a'),
    user('p1', 'user', 'd'),
    user('p2', 'user', 'd'),
    chipsMinted('a', 1e9),
    chips('p1', 1_000_00),
    chips('p2', 500_00),
  );

const stream = (roundId: string) => `provider-round-mg-${roundId}`;
const facts = (txnId: string, roundId: string, amount: Paise, referenceId: string, balance: Paise, userId = 'p1') => ({
  provider: 'mg',
  txnId,
  userId,
  roundId,
  gameId: 'roulette',
  gameName: 'European Roulette',
  amount,
  referenceId,
  balance,
});
const money = (userId: string, toPlayer: Paise) => [
  { account: `wallet:${userId}`, amount: toPlayer },
  { account: HOUSE, amount: -toPlayer },
];
const declined = (
  txnId: string,
  txnType: 'DEBIT' | 'ROLLBACK',
  roundId: string,
  amount: Paise,
  status: string,
  message: string,
  balance: Paise,
  extra: { betId?: string; tombstone?: boolean; userId?: string } = {},
) => ({
  ok: true,
  events: [
    {
      type: 'ProviderTxnDeclined',
      streamId: stream(roundId),
      data: {
        provider: 'mg',
        txnId,
        txnType,
        userId: extra.userId ?? 'p1',
        roundId,
        gameId: 'roulette',
        amount,
        betId: extra.betId ?? null,
        status,
        message,
        balance,
        tombstone: extra.tombstone ?? false,
      },
    },
  ],
});

t.test(
  "DEBIT: takes the stake from the wallet to the provider's house account, and answers the balance left",
  async (t) => {
    const w = world();
    // ₹1,000 - ₹100 = ₹900 available.
    t.same(w.step(debit('d1', 'r1', 100_00), null, 'ref-d1'), {
      ok: true,
      events: [
        {
          type: 'ProviderDebited',
          streamId: stream('r1'),
          data: { ...facts('d1', 'r1', 100_00, 'ref-d1', 900_00), postings: money('p1', -100_00) },
        },
      ],
    });
    t.equal(w.account('wallet:p1'), 900_00);
    t.equal(w.account(HOUSE), 100_00);
  },
);

t.test('a transaction id keeps its first answer', async (t) => {
  t.test('the same DEBIT again (a retry): the first answer, nothing moves', async (t) => {
    const w = world();
    w.step(debit('d1', 'r1', 100_00), null, 'ref-d1');
    w.step(debit('d2', 'r1', 50_00), null, 'ref-d2');
    // The repeat answers ₹900 (the balance right after d1), not today's ₹850, and d1's reference.
    t.same(w.step(debit('d1', 'r1', 100_00), null, 'ref-retry'), {
      ok: true,
      events: [
        {
          type: 'ProviderTxnRepeated',
          streamId: stream('r1'),
          data: {
            provider: 'mg',
            txnId: 'd1',
            txnType: 'DEBIT',
            userId: 'p1',
            roundId: 'r1',
            gameId: 'roulette',
            amount: 100_00,
            betId: null,
            balance: 900_00,
            referenceId: 'ref-d1',
          },
        },
      ],
    });
    t.equal(w.account('wallet:p1'), 850_00, 'taken once');
  });

  t.test('a retry after the session ended still gets the first answer', async (t) => {
    const w = world();
    w.step(debit('d1', 'r1', 100_00));
    t.match(w.step(debit('d1', 'r1', 100_00, 'p1', null)), { ok: true, events: [{ type: 'ProviderTxnRepeated' }] });
  });

  t.test('the same id with a different body is refused, and changes nothing', async (t) => {
    const w = world();
    w.step(debit('d1', 'r1', 100_00));
    for (const other of [
      debit('d1', 'r1', 200_00),
      debit('d1', 'r2', 100_00),
      credit('d1', 'r1', 100_00),
      rollback('d1', 'd1', 'r1', 100_00),
    ]) {
      t.same(
        w.when(other),
        refused('REQUEST_DECLINED', 'Transaction d1 was already used for a different request'),
        other.type,
      );
    }
    t.equal(w.account('wallet:p1'), 900_00);
  });

  t.test('a refused DEBIT stays refused: a retry after a top-up does not take the stake', async (t) => {
    const w = world();
    t.same(
      w.step(debit('d1', 'r1', 2_000_00)),
      declined('d1', 'DEBIT', 'r1', 2_000_00, 'INSUFFICIENT_FUNDS', 'Insufficient balance', 1_000_00),
    );
    w.given(chips('p1', 5_000_00));
    t.same(w.when(debit('d1', 'r1', 2_000_00)), refused('INSUFFICIENT_FUNDS', 'Insufficient balance'));
    t.equal(w.account('wallet:p1'), 6_000_00);
  });
});

t.test('DEBIT refusals: INVALID_TOKEN, ACCOUNT_BLOCKED, INSUFFICIENT_FUNDS, REQUEST_DECLINED', async (t) => {
  t.test('no live session of this player: INVALID_TOKEN', async (t) => {
    const w = world();
    t.same(
      w.when(debit('d1', 'r1', 100_00, 'p1', null)),
      declined(
        'd1',
        'DEBIT',
        'r1',
        100_00,
        'INVALID_TOKEN',
        "The wallet session has ended or is not this player's",
        1_000_00,
      ),
    );
    t.same(
      w.when(debit('d1', 'r1', 100_00, 'p1', 'p2')),
      declined(
        'd1',
        'DEBIT',
        'r1',
        100_00,
        'INVALID_TOKEN',
        "The wallet session has ended or is not this player's",
        1_000_00,
      ),
      "another player's session",
    );
    t.same(
      w.when(debit('d1', 'r1', 100_00, 'ghost')),
      declined('d1', 'DEBIT', 'r1', 100_00, 'INVALID_TOKEN', 'Unknown player', 0, { userId: 'ghost' }),
    );
    t.same(
      w.when(debit('d1', 'r1', 100_00, 'd')),
      declined('d1', 'DEBIT', 'r1', 100_00, 'INVALID_TOKEN', 'Unknown player', 0, { userId: 'd' }),
      'a back-office account plays nothing',
    );
  });

  t.test('a locked account or a bet lock: ACCOUNT_BLOCKED', async (t) => {
    const w = world();
    w.given({ type: 'BetLockSet', data: { userId: 'p1', locked: true } } as DomainEvent);
    t.same(
      w.when(debit('d1', 'r1', 100_00)),
      declined('d1', 'DEBIT', 'r1', 100_00, 'ACCOUNT_BLOCKED', 'The account is blocked', 1_000_00),
    );
    w.given(
      { type: 'BetLockSet', data: { userId: 'p1', locked: false } } as DomainEvent,
      { type: 'AccountLockSet', data: { userId: 'p1', locked: true } } as DomainEvent,
    );
    t.same(
      w.when(debit('d1', 'r1', 100_00, 'p1', null)),
      declined('d1', 'DEBIT', 'r1', 100_00, 'ACCOUNT_BLOCKED', 'The account is blocked', 1_000_00),
      'a lock ends the sessions too; the lock is the answer',
    );
  });

  t.test(
    'more than available (balance less exposure): INSUFFICIENT_FUNDS with the balance, nothing held',
    async (t) => {
      const w = world();
      w.state.exposure.set('p1', 300_00);
      t.same(
        w.step(debit('d1', 'r1', 700_01)),
        declined('d1', 'DEBIT', 'r1', 700_01, 'INSUFFICIENT_FUNDS', 'Insufficient balance', 700_00),
      );
      t.equal(w.account('wallet:p1'), 1_000_00);
      t.equal(w.account(HOUSE), 0);
      t.match(
        w.step(debit('d2', 'r1', 700_00)),
        { ok: true, events: [{ type: 'ProviderDebited', data: { balance: 0 } }] },
        'exactly what is available',
      );
    },
  );

  t.test("a round that is settled, or another player's, or a stake of 0: REQUEST_DECLINED", async (t) => {
    const w = world();
    w.step(debit('d1', 'r1', 100_00));
    w.step(credit('c1', 'r1', 0));
    t.same(
      w.when(debit('d2', 'r1', 100_00)),
      declined('d2', 'DEBIT', 'r1', 100_00, 'REQUEST_DECLINED', 'The round is already settled', 900_00),
    );
    t.same(
      w.when(debit('d3', 'r1', 100_00, 'p2')),
      declined('d3', 'DEBIT', 'r1', 100_00, 'REQUEST_DECLINED', "The round is another player's", 500_00, {
        userId: 'p2',
      }),
    );
    t.same(
      w.when(debit('d4', 'r2', 0)),
      declined('d4', 'DEBIT', 'r2', 0, 'REQUEST_DECLINED', 'A debit must take a stake', 900_00),
    );
  });

  t.test("only the gateway's wallet routes (actor null) send wallet calls", async (t) => {
    const w = world();
    t.same(
      w.when(credit('c1', 'r1', 1_000_00), 'p1'),
      refused('FORBIDDEN', 'Wallet calls come from the game provider only'),
    );
  });
});

t.test('CREDIT: pays the win and closes the round, once', async (t) => {
  t.test('a win is paid even though the session ended and the account was locked since the bet', async (t) => {
    const w = world();
    w.step(debit('d1', 'r1', 100_00));
    w.given({ type: 'AccountLockSet', data: { userId: 'p1', locked: true } } as DomainEvent);
    // Straight up on 17: 35 to 1 plus the stake, ₹3,600; ₹900 + ₹3,600 = ₹4,500.
    t.same(w.step(credit('c1', 'r1', 3_600_00), null, 'ref-c1'), {
      ok: true,
      events: [
        {
          type: 'ProviderCredited',
          streamId: stream('r1'),
          data: { ...facts('c1', 'r1', 3_600_00, 'ref-c1', 4_500_00), postings: money('p1', 3_600_00) },
        },
      ],
    });
    t.equal(w.account(HOUSE), -3_500_00, 'the house account may go below zero: the player won');
  });

  t.test('a duplicate CREDIT is paid once; another CREDIT for the round is refused', async (t) => {
    const w = world();
    w.step(debit('d1', 'r1', 100_00));
    w.step(credit('c1', 'r1', 200_00), null, 'ref-c1');
    t.match(w.step(credit('c1', 'r1', 200_00)), {
      ok: true,
      events: [{ type: 'ProviderTxnRepeated', data: { balance: 1_100_00, referenceId: 'ref-c1' } }],
    });
    t.same(w.when(credit('c2', 'r1', 200_00)), refused('REQUEST_DECLINED', 'The round is already settled'));
    t.equal(w.account('wallet:p1'), 1_100_00);
  });

  t.test('a CREDIT of 0 closes a lost round and moves nothing', async (t) => {
    const w = world();
    w.step(debit('d1', 'r1', 100_00));
    t.match(w.step(credit('c1', 'r1', 0)), {
      ok: true,
      events: [{ type: 'ProviderCredited', data: { amount: 0, balance: 900_00, postings: [] } }],
    });
    t.equal(w.state.provider.rounds['mg|r1']!.credited, true);
  });

  t.test('a CREDIT without a DEBIT taken is refused and not journalled: paid once its DEBIT arrives', async (t) => {
    const w = world();
    t.same(w.step(credit('c1', 'r1', 200_00)), refused('REQUEST_DECLINED', 'No debit was taken in this round'));
    w.step(debit('d1', 'r1', 100_00));
    t.match(w.step(credit('c1', 'r1', 200_00)), { ok: true, events: [{ type: 'ProviderCredited' }] });
    t.same(
      w.when(credit('c9', 'r1', 1, 'p2')),
      refused('REQUEST_DECLINED', "The round is another player's"),
      'checked before "settled"',
    );
  });

  t.test('a CREDIT after every stake of the round was given back is refused', async (t) => {
    const w = world();
    w.step(debit('d1', 'r1', 100_00));
    w.step(rollback('b1', 'd1', 'r1', 100_00));
    t.same(w.when(credit('c1', 'r1', 200_00)), refused('REQUEST_DECLINED', "The round's stakes were given back"));
  });
});

t.test('rollback: gives a taken stake back, by the original DEBIT', async (t) => {
  t.test('the stake comes back once, however often the rollback is sent, under whatever id', async (t) => {
    const w = world();
    w.step(debit('d1', 'r1', 100_00));
    t.same(w.step(rollback('b1', 'd1', 'r1', 100_00), null, 'ref-b1'), {
      ok: true,
      events: [
        {
          type: 'ProviderRolledBack',
          streamId: stream('r1'),
          data: { ...facts('b1', 'r1', 100_00, 'ref-b1', 1_000_00), postings: money('p1', 100_00), betId: 'd1' },
        },
      ],
    });
    t.match(w.step(rollback('b1', 'd1', 'r1', 100_00)), {
      ok: true,
      events: [{ type: 'ProviderTxnRepeated', data: { txnId: 'b1', balance: 1_000_00, referenceId: 'ref-b1' } }],
    });
    t.match(
      w.step(rollback('b2', 'd1', 'r1', 100_00)),
      {
        ok: true,
        events: [
          {
            type: 'ProviderTxnRepeated',
            data: { txnId: 'b2', txnType: 'ROLLBACK', balance: 1_000_00, referenceId: 'ref-b1' },
          },
        ],
      },
      "a new id for the same DEBIT: the first rollback's answer",
    );
    t.match(
      w.step(rollback('b2', 'd1', 'r1', 100_00)),
      { ok: true, events: [{ type: 'ProviderTxnRepeated', data: { txnId: 'b2', referenceId: 'ref-b1' } }] },
      'and that id keeps it',
    );
    t.equal(w.account('wallet:p1'), 1_000_00);
    t.equal(w.account(HOUSE), 0);
  });

  t.test('after its round was credited: refused for good', async (t) => {
    const w = world();
    w.step(debit('d1', 'r1', 100_00));
    w.step(credit('c1', 'r1', 0));
    t.same(
      w.step(rollback('b1', 'd1', 'r1', 100_00)),
      declined('b1', 'ROLLBACK', 'r1', 100_00, 'REQUEST_DECLINED', 'The round is already settled', 900_00, {
        betId: 'd1',
      }),
    );
    t.same(w.when(rollback('b1', 'd1', 'r1', 100_00)), refused('REQUEST_DECLINED', 'The round is already settled'));
  });

  t.test('of a DEBIT that never arrived: refused, and that DEBIT is refused if it comes late', async (t) => {
    const w = world();
    t.same(
      w.step(rollback('b1', 'd1', 'r1', 100_00)),
      declined('b1', 'ROLLBACK', 'r1', 100_00, 'REQUEST_DECLINED', 'Transaction not found', 1_000_00, {
        betId: 'd1',
        tombstone: true,
      }),
    );
    t.same(
      w.when(debit('d1', 'r1', 100_00)),
      refused('REQUEST_DECLINED', 'The debit was rolled back before it arrived'),
    );
    t.equal(w.account('wallet:p1'), 1_000_00);
  });

  t.test('that does not match its DEBIT, names no DEBIT, or names a refused one: refused', async (t) => {
    const w = world();
    w.step(debit('d1', 'r1', 100_00));
    w.step(debit('d2', 'r2', 5_000_00));
    w.step(credit('c1', 'r1', 0));
    t.same(
      w.when(rollback('b1', 'd1', 'r1', 99_00)),
      declined('b1', 'ROLLBACK', 'r1', 99_00, 'REQUEST_DECLINED', 'The rollback does not match its debit', 900_00, {
        betId: 'd1',
      }),
    );
    t.same(
      w.when(rollback('b1', 'c1', 'r1', 0)),
      declined('b1', 'ROLLBACK', 'r1', 0, 'REQUEST_DECLINED', 'Transaction c1 is not a debit', 900_00, { betId: 'c1' }),
    );
    t.same(
      w.when(rollback('b1', 'd2', 'r2', 5_000_00)),
      declined(
        'b1',
        'ROLLBACK',
        'r2',
        5_000_00,
        'REQUEST_DECLINED',
        'The debit was not taken: nothing to give back',
        900_00,
        { betId: 'd2' },
      ),
    );
  });
});

t.test(
  'random wallet calls: money is only ever moved once per id, wallets never go below zero, and the house holds what players lost',
  async (t) => {
    const rng = prng(13);
    const w = world();
    const rounds = Array.from({ length: 200 }, (_, i) => `r${i}`);
    const ids: string[] = [];
    // Mostly new ids, a third of the time one used before (a retry, or a misuse of the id).
    const id = () => (ids.length > 0 && rng.chance(0.3) ? rng.pick(ids) : ids[ids.push(`t${ids.length}`) - 1]!);
    let moved = 0;
    for (let i = 0; i < 3_000; i++) {
      const roundId = rng.pick(rounds);
      const userId = rng.chance(0.8) ? 'p1' : 'p2';
      const amount = rng.int(0, 300) * 100;
      const command = rng.pick([
        () => debit(id(), roundId, amount, userId, rng.chance(0.9) ? userId : null),
        () => credit(id(), roundId, amount, userId),
        () => rollback(id(), rng.pick(ids), roundId, amount, userId),
      ])();
      const before = w.account(`wallet:${userId}`);
      const d = w.step(command);
      if (
        d.ok &&
        d.events.some(
          (e) => e.type === 'ProviderDebited' || e.type === 'ProviderCredited' || e.type === 'ProviderRolledBack',
        )
      )
        moved++;
      else t.equal(w.account(`wallet:${userId}`), before, 'a repeat, a refusal or a decline moves nothing');
      for (const u of ['p1', 'p2'])
        if (w.account(`wallet:${u}`) < 0) t.fail(`wallet of ${u} below zero after ${JSON.stringify(command)}`);
    }
    t.ok(moved > 50, `${moved} calls moved money`);
    const lost = 1_500_00 - w.account('wallet:p1') - w.account('wallet:p2');
    t.equal(w.account(HOUSE), lost, 'the house account holds what the players lost');
    for (const [key, r] of Object.entries(w.state.provider.rounds)) {
      const taken = Object.values(w.state.provider.txns)
        .filter(
          (x) => x.roundId === key.split('|')[1] && x.txnType === 'DEBIT' && x.answer.ok && x.rolledBackBy === null,
        )
        .reduce((s, x) => s + x.amount, 0);
      t.equal(r.held, taken, `round ${key}: held = the DEBITs taken and not given back`);
    }
  },
);

t.test('the idempotency window: closed rounds are remembered one to two periods, open rounds for good', async (t) => {
  const w = world();
  const housekeep = (turnBefore: string, at: string) =>
    decide(
      w.state,
      envelope(
        {
          type: 'Housekeep',
          settledBefore: '2000-01-01T00:00:00.000Z',
          forgetBefore: '2000-01-01T00:00:00.000Z',
          providerTurnBefore: turnBefore,
          paymentsTurnBefore: '2000-01-01T00:00:00.000Z',
          confirmProposedBefore: null,
        },
        null,
        { at },
      ),
    );
  const turn = (turnBefore: string, at: string) => {
    const d = housekeep(turnBefore, at);
    if (d.ok) w.given(...d.events);
    return d;
  };
  const idle = { ok: true, events: [] };
  t.same(turn('2026-11-21T10:00:00.000Z', '2026-11-21T10:00:00.000Z'), idle, 'nothing to turn: nothing written');
  w.step(debit('t3', 'open', 50_00));
  t.same(turn('2026-11-21T10:00:00.000Z', '2026-11-21T10:00:00.000Z'), idle, 'an open round alone does not turn it');
  w.step(debit('t1', 'closed', 100_00));
  w.step(credit('t2', 'closed', 250_00));
  t.same(
    w.when(
      {
        type: 'Housekeep',
        settledBefore: AT,
        forgetBefore: AT,
        providerTurnBefore: AT,
        paymentsTurnBefore: AT,
        confirmProposedBefore: null,
      },
      'a',
    ),
    refused('FORBIDDEN', 'Only the engine keeps its house'),
  );

  t.same(turn('2026-11-21T10:00:00.000Z', '2026-11-22T10:00:00.000Z'), {
    ok: true,
    events: [
      { type: 'ProviderWindowTurned', streamId: 'provider-window', data: { turnedAt: '2026-11-22T10:00:00.000Z' } },
    ],
  });
  t.same(Object.keys(w.state.provider.txns), ['mg|t3'], 'the open round stays current with its ids');
  t.same(Object.keys(w.state.provider.previous.txns).sort(), ['mg|t1', 'mg|t2'], 'the closed round moved back');
  t.same(
    turn('2026-11-22T09:00:00.000Z', '2026-11-22T10:30:00.000Z'),
    { ok: true, events: [] },
    'it turns once a period',
  );

  // Within the window a repeat still gets its first answer, and the closed round takes no new debit.
  const repeat = w.when(credit('t2', 'closed', 250_00));
  t.equal(repeat.ok && repeat.events[0]!.type, 'ProviderTxnRepeated', 'a repeated CREDIT is answered alike');
  const late = w.when(debit('t9', 'closed', 10_00));
  t.equal(late.ok && late.events[0]!.type, 'ProviderTxnDeclined', 'a DEBIT on the closed round is declined');
  // The open round's stake can still be given back, however many periods pass.
  turn('2026-11-23T10:00:00.000Z', '2026-11-23T10:00:00.000Z');
  t.same(Object.keys(w.state.provider.previous.txns), [], 'two turns later the closed round is forgotten');
  const back = w.step(rollback('t4', 't3', 'open', 50_00));
  t.equal(back.ok && back.events[0]!.type, 'ProviderRolledBack', 'the open round’s debit is still known');
  t.equal(back.ok && back.events[0]!.streamId, stream('open'), 'on the stream the open round began');
  // A forgotten round's id sent again starts a stream named by the last turn, never the old one
  // over at version 1: the engine keeps no versions of forgotten rounds.
  const again = w.when(debit('t10', 'closed', 10_00));
  t.equal(again.ok && again.events[0]!.type, 'ProviderDebited', 'a forgotten round is a new round');
  t.equal(again.ok && again.events[0]!.streamId, `${stream('closed')}@2026-11-23T10:00:00.000Z`);
  const unknown = w.when(rollback('t11', 'never', 'gone', 10_00));
  t.equal(
    unknown.ok && unknown.events[0]!.streamId,
    `${stream('gone')}@2026-11-23T10:00:00.000Z`,
    'so does a transaction declined outside any round',
  );
  t.equal(w.account('wallet:p1'), 1_000_00 - 100_00 + 250_00, 'every paisa where it belongs');
});
