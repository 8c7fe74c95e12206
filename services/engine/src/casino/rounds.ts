import {
  casinoStream,
  FAIR_ALGORITHM,
  HOUSE_CASINO_ACCOUNT,
  isServerSeed,
  nextRoundId,
  pickedName,
  walletAccount,
  type CloseCasinoBetting,
  type CommandEnvelope,
  type DealCasinoRound,
  type DomainEvent,
  type OpenCasinoRound,
  type Paise,
  type Posting,
  type RevealCasinoCard,
  type SetCasinoTableStatus,
  type SettleCasinoRound,
  type UserExposure,
  type VoidCasinoRound,
} from '@exch/contracts';
import { isMarketAdmin } from '../betting/catalogue.js';
import { accept, refuse, type Decision } from '../decision.js';
import type { EngineState } from '../state.js';
import { commitmentWithNodeCrypto, shuffleWithNodeCrypto } from './fair-node.js';
import { canonicalJson, tableListing } from './listing.js';
import type { CasinoRoundState, CasinoTableState } from './state.js';
import { dealtTables, tableByCode } from './tables/index.js';
import { backProfit } from './tables/settle.js';

/** Longest betting window a round may be opened with. */
const MAX_BETTING_MS = 600_000;

/** The dealer's commands are the system's: no logged-in user deals. */
const SYSTEM_ONLY = refuse('FORBIDDEN', 'Casino rounds are dealt by the system');

export const tableNotFound = (): Decision => refuse('TABLE_NOT_FOUND', 'Table not found');

/** The round a dealer's command names, in the phase it must be in, or the refusal. */
function roundIn(
  state: Readonly<EngineState>,
  c: { tableCode: string; mid: string },
  phase: CasinoRoundState['phase'] | null,
): { table: CasinoTableState; round: CasinoRoundState } | Decision {
  const table = state.casino.tables[c.tableCode];
  if (!table) return tableNotFound();
  const round = table.round;
  if (!round || round.mid !== c.mid) return refuse('ROUND_NOT_FOUND', `Round ${c.mid} is not under way on this table`);
  if (phase !== null && round.phase !== phase)
    return refuse('WRONG_PHASE', `Round ${c.mid} is ${round.phase}, not ${phase}`);
  return { table, round };
}

/** Each bettor's total exposure once the round's stakes are released. */
const released = (state: Readonly<EngineState>, round: CasinoRoundState): UserExposure[] =>
  Object.entries(round.exposure).map(([userId, stakes]) => ({
    userId,
    totalExposure: (state.exposure.get(userId) ?? 0) - stakes,
  }));

/** Lists the tables of the code that the log does not have yet, or has with another definition. */
export function decideSyncCasinoTables(state: Readonly<EngineState>, actor: string | null): Decision {
  if (actor !== null) return SYSTEM_ONLY;
  const events: DomainEvent[] = [];
  for (const t of dealtTables()) {
    const listing = tableListing(t);
    if (state.casino.tables[t.code]?.listing !== canonicalJson(listing))
      events.push({ type: 'CasinoTableListed', streamId: casinoStream(t.code), data: listing });
  }
  return accept(...events);
}

export function decideSetCasinoTableStatus(
  state: Readonly<EngineState>,
  c: SetCasinoTableStatus,
  actor: string | null,
): Decision {
  if (!isMarketAdmin(state, actor)) return refuse('FORBIDDEN', 'Only admin and super admin suspend or activate tables');
  const table = state.casino.tables[c.tableCode];
  if (!table) return tableNotFound();
  if (table.suspended === c.suspended) return accept();
  return accept({
    type: 'CasinoTableStatusSet',
    streamId: casinoStream(c.tableCode),
    data: { tableCode: c.tableCode, suspended: c.suspended },
  });
}

export function decideOpenCasinoRound(
  state: Readonly<EngineState>,
  c: OpenCasinoRound,
  envelope: CommandEnvelope,
): Decision {
  if (envelope.actor !== null) return SYSTEM_ONLY;
  const table = state.casino.tables[c.tableCode];
  const def = tableByCode(c.tableCode);
  if (!table || !def) return tableNotFound();
  if (table.suspended) return refuse('TABLE_SUSPENDED', 'The table is suspended: it opens no round');
  if (table.round) return refuse('ROUND_UNDER_WAY', `Round ${table.round.mid} is still under way on this table`);
  if (!/^[0-9a-f]{64}$/.test(c.commitment))
    return refuse('INVALID_COMMITMENT', 'The commitment must be a SHA-256 in 64 lowercase hex characters');
  if (!Number.isInteger(c.bettingMs) || c.bettingMs < 1 || c.bettingMs > MAX_BETTING_MS)
    return refuse('INVALID_WINDOW', `The betting window must be 1 to ${MAX_BETTING_MS} ms`);
  const opened = Date.parse(envelope.at);
  const mid = nextRoundId(def.midPrefix, envelope.at, table.lastMid);
  return accept({
    type: 'CasinoRoundOpened',
    streamId: casinoStream(c.tableCode),
    data: {
      tableCode: c.tableCode,
      mid,
      commitment: c.commitment,
      algorithm: FAIR_ALGORITHM,
      closesAt: new Date(opened + c.bettingMs).toISOString(),
    },
  });
}

export function decideCloseCasinoBetting(
  state: Readonly<EngineState>,
  c: CloseCasinoBetting,
  actor: string | null,
): Decision {
  if (actor !== null) return SYSTEM_ONLY;
  const found = roundIn(state, c, 'betting');
  if ('ok' in found) return found;
  return accept({
    type: 'CasinoBettingClosed',
    streamId: casinoStream(c.tableCode),
    data: { tableCode: c.tableCode, mid: c.mid, bets: Object.keys(found.round.bets).length },
  });
}

/**
 * The deal: the seed must be the one committed to when the round opened; the cards are the table's
 * deal from its shoe shuffled with that seed and the round id as client seed (nonce 0). HMAC is
 * deterministic, so this stays a pure decision.
 */
export function decideDealCasinoRound(
  state: Readonly<EngineState>,
  c: DealCasinoRound,
  actor: string | null,
): Decision {
  if (actor !== null) return SYSTEM_ONLY;
  const found = roundIn(state, c, 'closed');
  if ('ok' in found) return found;
  const def = tableByCode(c.tableCode);
  if (!def) return tableNotFound();
  if (!isServerSeed(c.serverSeed) || commitmentWithNodeCrypto(c.serverSeed) !== found.round.commitment) {
    return refuse('SEED_MISMATCH', "The server seed does not match the round's commitment");
  }
  const dealt = def.deal(shuffleWithNodeCrypto(def.shoe(), c.serverSeed, c.mid, 0));
  return accept({
    type: 'CasinoRoundDealt',
    streamId: casinoStream(c.tableCode),
    data: {
      tableCode: c.tableCode,
      mid: c.mid,
      serverSeed: c.serverSeed,
      cards: dealt.map((d) => ({ card: d.card.code, to: d.to })),
    },
  });
}

export function decideRevealCasinoCard(
  state: Readonly<EngineState>,
  c: RevealCasinoCard,
  actor: string | null,
): Decision {
  if (actor !== null) return SYSTEM_ONLY;
  const found = roundIn(state, c, 'dealing');
  if ('ok' in found) return found;
  const { round } = found;
  const next = round.cards[round.revealed];
  if (!next) return refuse('ALL_REVEALED', 'Every card of this round is face up');
  return accept({
    type: 'CasinoCardRevealed',
    streamId: casinoStream(c.tableCode),
    data: { tableCode: c.tableCode, mid: c.mid, index: round.revealed, card: next.card, to: next.to },
  });
}

/**
 * The result once every card is face up, and the settlement of every bet, in one decision (one
 * commit): each bet's profit or loss by backProfit, each bettor's net between their wallet and
 * house:casino, exposure released. The round then leaves the state, so it can never settle again.
 */
export function decideSettleCasinoRound(
  state: Readonly<EngineState>,
  c: SettleCasinoRound,
  actor: string | null,
): Decision {
  if (actor !== null) return SYSTEM_ONLY;
  const found = roundIn(state, c, 'dealing');
  if ('ok' in found) return found;
  const { table, round } = found;
  if (round.revealed < round.cards.length)
    return refuse('NOT_ALL_REVEALED', `${round.cards.length - round.revealed} cards of this round are still face down`);
  const def = tableByCode(c.tableCode);
  if (!def) return tableNotFound();
  // The dealt codes back to the items of the table's own shoe: cards, or the wheel's pockets.
  const items = new Map(def.shoe().map((item) => [item.code, item]));
  const deal = round.cards.map((d) => ({ card: items.get(d.card)!, to: d.to }));
  const result = def.result(deal);
  const bySid = new Map(result.markets.map((m) => [m.sid, m]));
  const net = new Map<string, Paise>();
  const bets = Object.values(round.bets).map((b) => {
    // A bet that names ranks is judged on them; every other bet on its market's one outcome.
    const market = b.ranks ? def.judgePick(deal, b.sid, b.ranks) : bySid.get(b.sid)!;
    const pnl = backProfit(b.stake, b.odds, market);
    net.set(b.userId, (net.get(b.userId) ?? 0) + pnl);
    const name = table.markets.find((m) => m.sid === b.sid)!.name;
    const selectionName = b.ranks ? pickedName(name, b.ranks) : name;
    return { betId: b.betId, userId: b.userId, selectionName, outcome: market.outcome, pnl };
  });
  // Every bettor gets a posting, a zero one too: bets that cancel out still make a statement line.
  const postings: Posting[] = [...net].map(([userId, pnl]) => ({ account: walletAccount(userId), amount: pnl }));
  const house = -postings.reduce((s, p) => s + p.amount, 0);
  if (house !== 0) postings.push({ account: HOUSE_CASINO_ACCOUNT, amount: house });
  const stream = casinoStream(c.tableCode);
  return accept(
    {
      type: 'CasinoRoundResulted',
      streamId: stream,
      data: {
        tableCode: c.tableCode,
        tableName: table.name,
        mid: c.mid,
        serverSeed: round.serverSeed!,
        commitment: round.commitment,
        algorithm: FAIR_ALGORITHM,
        cards: round.cards,
        code: result.code,
        winner: result.winner,
        description: result.description,
        markets: result.markets.map((m) => ({
          sid: m.sid,
          outcome: m.outcome,
          ...(m.odds !== undefined && { odds: m.odds }),
        })),
      },
    },
    {
      type: 'CasinoRoundSettled',
      streamId: stream,
      data: {
        tableCode: c.tableCode,
        tableName: table.name,
        mid: c.mid,
        winner: result.winner,
        bets,
        postings,
        exposures: released(state, round),
      },
    },
  );
}

/** A round that cannot go on (its seed was lost): every bet void, every stake released, no money moves. */
export function decideVoidCasinoRound(
  state: Readonly<EngineState>,
  c: VoidCasinoRound,
  actor: string | null,
): Decision {
  if (actor !== null) return SYSTEM_ONLY;
  const found = roundIn(state, c, null);
  if ('ok' in found) return found;
  const { round } = found;
  return accept({
    type: 'CasinoRoundVoided',
    streamId: casinoStream(c.tableCode),
    data: {
      tableCode: c.tableCode,
      mid: c.mid,
      reason: c.reason.slice(0, 200),
      betIds: Object.keys(round.bets),
      exposures: released(state, round),
    },
  });
}
