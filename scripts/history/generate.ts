/**
 * Writes a realistic history through the real engine (`npm run history`): the demo hierarchy
 * seeded as `npm start` seeds it, players under the demo dealer, cricket matches listed, bet on
 * (match odds, bookmaker, fancy) and settled, a few results revoked and declared again, casino
 * rounds dealt by the real dealer, third-party casino rounds, deposits and withdrawals (chips moved
 * by the dealer, and players' payment requests approved or rejected). Every
 * command goes through Engine.execute, so the log is what the product would have written; the
 * envelopes' times run from `days` back to now, and the engine archives what leaves the revoke
 * window as that clock passes it.
 */
import type { Command, CommandBus, CommandEnvelope, EventStore, ExecuteResult, MarketKind } from '@exch/contracts';
import { Engine } from '@exch/engine';
import { hashPassword } from '@exch/gateway';
import { Dealer, DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '@exch/server';
import pino from 'pino';
import { envelope, feedWalk, matchCatalogue, prng } from '../../tests/engine/fixtures.js';

export interface HistoryOptions {
  store: EventStore;
  /** Bets to write: exchange, casino and third-party casino bets together. */
  bets: number;
  /** The history's span, ending now. */
  days: number;
  /** Generated players, beside the three demo ones. */
  players: number;
  onProgress?: (p: HistoryProgress) => void;
  seed?: number;
}

export interface HistoryProgress {
  bets: number;
  refused: number;
  matches: number;
  /** The generator's clock. */
  at: string;
  head: number;
}

/** Exchange bets a match takes; with one casino round and PROVIDER_ROUNDS third-party rounds after it. */
const BETS_PER_MATCH = 600;
const CASINO_BETS = 20;
const PROVIDER_ROUNDS = 10;
/** Callers in flight at once: the engine decides them in one turn and commits them together. */
const IN_FLIGHT = 64;
/** One match in REVOKE_EVERY has its match odds result revoked and declared again at once (the first of all again at the end). */
const REVOKE_EVERY = 100;
const PLAYER_CHIPS = 1_00_00_000_00;
const DAY_MS = 86_400_000;
const silent = { info() {}, warn() {}, error() {} };
const GAME = { provider: 'monsoon', gameId: 'european-roulette', gameName: 'European Roulette' };
/** The payment screenshot's id in the gateway's store (a SHA-256); the history stores no image. */
const SCREENSHOT = 'ab'.repeat(32);

/** Generates the history on a store holding no log yet; leaves the engine running for the caller's figures. */
export async function generateHistory(opts: HistoryOptions): Promise<{ engine: Engine } & HistoryProgress> {
  const rng = prng(opts.seed ?? 21);
  const end = Date.now();
  let now = end - opts.days * DAY_MS;
  const engine = await Engine.start({ store: opts.store, log: silent, housekeepEveryMs: 0 });
  if (engine.headPosition > 0) {
    await engine.stop();
    throw new Error('the log is not empty: generate a history into a fresh data folder or database');
  }
  // Every command, the dealer's and the seed's too, carries the generator's clock (`at`).
  const busAt = (at: () => number): CommandBus => ({
    execute: (e: CommandEnvelope) => engine.execute({ ...e, at: new Date(at()).toISOString() }),
  });
  const bus = busAt(() => now);
  const p: HistoryProgress = { bets: 0, refused: 0, matches: 0, at: '', head: 0 };
  const send = async (command: Command, actor: string | null, via = bus): Promise<ExecuteResult> => {
    const r = await via.execute(envelope(command, actor));
    if (!r.ok) p.refused++;
    return r;
  };
  const must = async (command: Command, actor: string | null) => {
    const r = await bus.execute(envelope(command, actor));
    if (!r.ok) throw new Error(`${command.type} refused: ${r.refusal.code} ${r.refusal.message}`);
  };
  const refusedAs = async (code: string, command: Command, actor: string | null) => {
    const r = await bus.execute(envelope(command, actor));
    if (r.ok || r.refusal.code !== code) throw new Error(`${command.type}: expected ${code}, got ${JSON.stringify(r)}`);
  };

  await seedDemo(bus, (u) => engine.view.usernames[u.toLowerCase()], opts.store.sql);
  const id = (username: string) => engine.view.usernames[username]!;
  const admin = id('admin');
  const dealerId = id('dealer1');
  const demoPlayers = DEMO_ACCOUNTS.filter((a) => a.role === 'user').map((a) => id(a.username));

  // Chips minted at the top and passed down the demo chain: every player funded by a deposit.
  const total = (opts.players + demoPlayers.length) * PLAYER_CHIPS;
  await must({ type: 'MintChips', userId: admin, amount: total }, null);
  const chain = ['admin', 'sadmin1', 'master1', 'agent1', 'dealer1'].map(id);
  for (let i = 0; i + 1 < chain.length; i++)
    await must(
      { type: 'TransferChips', fromUserId: chain[i]!, toUserId: chain[i + 1]!, amount: total, remark: 'History' },
      chain[i]!,
    );
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const players = [...demoPlayers];
  for (let i = 0; i < opts.players; i++) {
    const userId = `history-p${i}`;
    await must(
      {
        type: 'CreateUser',
        userId,
        username: `hplayer${i}`,
        fullName: `History player ${i}`,
        role: 'user',
        parentId: dealerId,
        passwordHash,
        creditReference: PLAYER_CHIPS,
        exposureLimit: 0,
        mustChangePassword: false,
      },
      dealerId,
    );
    players.push(userId);
  }
  for (const userId of players)
    await must(
      { type: 'TransferChips', fromUserId: dealerId, toUserId: userId, amount: PLAYER_CHIPS, remark: 'Opening' },
      dealerId,
    );

  // A casino round happens in one instant of the clock, so the sports bets beside it never pass its closing time.
  let roundAt = now;
  const casinoBus = busAt(() => roundAt);
  const dealer = new Dealer(
    { bus: casinoBus, view: () => engine.view, log: pino({ level: 'silent' }) },
    { auto: false, bettingMs: 600_000 },
  );
  await dealer.start();
  const tables = dealer.tableCodes();
  const walk = feedWalk(engine, rng, ['ACTIVE']);
  const perMatch = BETS_PER_MATCH + CASINO_BETS + PROVIDER_ROUNDS;
  const slot = ((end - now) * perMatch) / Math.max(opts.bets, perMatch);
  let nextHousekeep = now + DAY_MS;
  const player = () => players[rng.int(0, players.length - 1)]!;

  const sports = async (n: number) => {
    const markets = (['mo', 'bm', 'fy'] as const).map((k) => engine.view.markets.get(`${k}${n}`)!) as {
      marketId: string;
      kind: MarketKind;
    }[];
    for (let placed = 0; placed < BETS_PER_MATCH; ) {
      const batch: Promise<ExecuteResult>[] = [];
      for (let i = 0; i < IN_FLIGHT && placed < BETS_PER_MATCH; i++, placed++) {
        const market = markets[rng.chance(0.6) ? 0 : rng.int(1, 2)]!;
        if (placed % 8 === 0) walk.moveMarket(market);
        const side = rng.chance(0.5) ? 'back' : 'lay';
        batch.push(send(walk.betNear(market, `hb${n}-${placed}`, side, rng.int(100_00, 2_000_00)), player()));
      }
      for (const r of await Promise.all(batch)) if (r.ok) p.bets++;
      // A match's bets fill its slot of the span, and the clock never passes the real now.
      now = Math.min(end, now + (slot * batch.length) / BETS_PER_MATCH);
    }
    const winner = () => rng.int(1, 3);
    await Promise.all([
      must({ type: 'SettleMarket', marketId: `mo${n}`, selectionId: winner(), runs: null }, admin),
      must({ type: 'SettleMarket', marketId: `bm${n}`, selectionId: winner(), runs: null }, admin),
      must({ type: 'SettleMarket', marketId: `fy${n}`, selectionId: null, runs: rng.int(20, 120) }, admin),
    ]);
    if (n % REVOKE_EVERY === 1) {
      await must({ type: 'RevokeResult', marketId: `mo${n}` }, admin);
      await must({ type: 'SettleMarket', marketId: `mo${n}`, selectionId: winner(), runs: null }, admin);
    }
  };

  const casino = async (n: number) => {
    roundAt = now;
    const code = rng.pick(tables);
    await dealer.step(code);
    const round = engine.view.casino.tables[code]!;
    await Promise.all(
      Array.from({ length: CASINO_BETS }, async (_, i) => {
        const m = rng.pick(round.markets);
        const betId = `hc${n}-${i}`;
        const bet: Command = {
          type: 'PlaceCasinoBet',
          betId,
          tableCode: code,
          mid: round.round!.mid,
          sid: m.sid,
          odds: m.odds,
          stake: rng.int(100_00, 5_000_00),
          referenceId: betId,
        };
        if ((await send(bet, player(), casinoBus)).ok) p.bets++;
      }),
    );
    await dealer.finishRound(code);
  };

  const provider = (n: number) =>
    Promise.all(
      Array.from({ length: PROVIDER_ROUNDS }, async (_, i) => {
        const userId = player();
        const roundId = `hr${n}-${i}`;
        const stake = rng.int(1, 50) * 100_00;
        const base = { ...GAME, userId, roundId };
        const debit = { ...base, txnId: `${roundId}-D`, amount: stake, sessionUserId: userId };
        if (!(await send({ type: 'ProviderDebit', ...debit }, null)).ok) return;
        p.bets++;
        await send({ type: 'ProviderCredit', ...base, txnId: `${roundId}-C`, amount: rng.int(0, 2) * stake }, null);
      }),
    );

  // A deposit and a withdrawal by the demo dealer a match.
  const payments = () =>
    Promise.all([
      send(
        {
          type: 'TransferChips',
          fromUserId: dealerId,
          toUserId: player(),
          amount: rng.int(1, 100) * 1_000_00,
          remark: 'Deposit',
        },
        dealerId,
      ),
      send(
        {
          type: 'TransferChips',
          fromUserId: player(),
          toUserId: dealerId,
          amount: rng.int(1, 50) * 1_000_00,
          remark: 'Withdrawal',
        },
        dealerId,
      ),
    ]);

  // A payment request a match: player1's UPI deposit (a UTR of its own), approved by its dealer or,
  // one in ten, rejected; an approved one is paid out again to its saved bank account.
  const player1 = id('player1');
  const requests = async (n: number) => {
    const deposit = `hp${n}-d`;
    const amount = rng.int(1, 100) * 100_00;
    const utr = String(700_000_000_000 + n);
    const asked = await send(
      { type: 'RequestDeposit', requestId: deposit, method: 'upi', amount, utr, screenshotId: SCREENSHOT, remark: '' },
      player1,
    );
    if (!asked.ok) return;
    if (n % 10 === 0) {
      await send({ type: 'RejectPaymentRequest', requestId: deposit, remark: 'No payment arrived' }, dealerId);
      return;
    }
    await send({ type: 'ApprovePaymentRequest', requestId: deposit, walletUserId: dealerId, remark: '' }, dealerId);
    const withdrawal = `hp${n}-w`;
    const held = await send(
      { type: 'RequestWithdrawal', requestId: withdrawal, accountId: 'seed-bank-player1', amount, remark: '' },
      player1,
    );
    if (held.ok)
      await send(
        { type: 'ApprovePaymentRequest', requestId: withdrawal, walletUserId: dealerId, remark: '' },
        dealerId,
      );
  };

  while (p.bets < opts.bets) {
    const n = ++p.matches;
    const matchStart = now;
    const catalogue = matchCatalogue([n]);
    catalogue.catalogue.matches[0]!.startTime = new Date(now).toISOString();
    await must(catalogue, null);
    walk.openMatch(n);
    // Side by side, as they would be live: more commands to each turn, fewer turns.
    await Promise.all([sports(n), casino(n), provider(n), payments(), requests(n)]);
    now = Math.min(end, Math.max(now, matchStart + slot));
    if (now >= nextHousekeep) {
      await engine.housekeep(new Date(now));
      nextHousekeep = now + DAY_MS;
    }
    p.at = new Date(now).toISOString();
    p.head = engine.headPosition;
    opts.onProgress?.(p);
  }
  dealer.stop();
  now = end;
  // A late revoke: the first match left the state long ago, so the engine reads it back from the log.
  await must({ type: 'RevokeResult', marketId: 'mo1' }, admin);
  await must({ type: 'SettleMarket', marketId: 'mo1', selectionId: 1, runs: null }, admin);
  // And a late approval and a reused UTR: the payments window forgot the first match's deposit, so
  // the engine reads it back from the log to refuse both as it would have.
  await refusedAs(
    'REQUEST_DECIDED',
    { type: 'ApprovePaymentRequest', requestId: 'hp1-d', walletUserId: dealerId, remark: '' },
    dealerId,
  );
  await refusedAs(
    'UTR_TAKEN',
    {
      type: 'RequestDeposit',
      requestId: 'hp-late',
      method: 'upi',
      amount: 100_00,
      utr: '700000000001',
      screenshotId: SCREENSHOT,
      remark: '',
    },
    player1,
  );
  await engine.housekeep(new Date(now));
  await engine.saveSnapshot();
  p.head = engine.headPosition;
  return { engine, ...p };
}
