import type { CasinoEventData, Posting, Rank, UserExposure } from '@exch/contracts';
import type { EngineState } from '../state.js';
import { canonicalJson } from './listing.js';

type CasinoEvent = { [K in keyof CasinoEventData]: { type: K; data: CasinoEventData[K] } }[keyof CasinoEventData];

const CASINO_EVENTS: ReadonlySet<string> = new Set<keyof CasinoEventData>([
  'CasinoTableListed',
  'CasinoTableStatusSet',
  'CasinoRoundOpened',
  'CasinoBetPlaced',
  'CasinoBettingClosed',
  'CasinoRoundDealt',
  'CasinoCardRevealed',
  'CasinoRoundResulted',
  'CasinoRoundSettled',
  'CasinoRoundVoided',
]);

export const isCasinoEvent = (e: { type: string }): e is CasinoEvent => CASINO_EVENTS.has(e.type);

const release = (state: EngineState, exposures: UserExposure[]) => {
  for (const x of exposures) state.exposure.set(x.userId, x.totalExposure);
};

const post = (state: EngineState, postings: Posting[]) => {
  for (const p of postings) state.balances.set(p.account, (state.balances.get(p.account) ?? 0) + p.amount);
};

/** The casino's half of evolve: folds in place, like the other halves. */
export function evolveCasino(state: EngineState, event: CasinoEvent): void {
  const tables = state.casino.tables;
  switch (event.type) {
    case 'CasinoTableListed': {
      const d = event.data;
      const held = tables[d.tableCode];
      tables[d.tableCode] = {
        code: d.tableCode,
        name: d.name,
        midPrefix: d.midPrefix,
        minStake: d.minStake,
        maxStake: d.maxStake,
        bettingSeconds: d.bettingSeconds,
        markets: d.markets,
        listing: canonicalJson(d),
        suspended: held?.suspended ?? false,
        lastMid: held?.lastMid ?? null,
        round: held?.round ?? null,
      };
      break;
    }
    case 'CasinoTableStatusSet':
      tables[event.data.tableCode]!.suspended = event.data.suspended;
      break;
    case 'CasinoRoundOpened': {
      const d = event.data;
      const table = tables[d.tableCode]!;
      table.round = {
        mid: d.mid,
        commitment: d.commitment,
        closesAt: d.closesAt,
        phase: 'betting',
        serverSeed: null,
        cards: [],
        revealed: 0,
        bets: {},
        exposure: {},
      };
      table.lastMid = d.mid;
      break;
    }
    case 'CasinoBetPlaced': {
      const d = event.data;
      const round = tables[d.tableCode]!.round!;
      round.bets[d.betId] = {
        betId: d.betId,
        userId: d.userId,
        sid: d.sid,
        ...(d.ranks && { ranks: d.ranks as Rank[] }),
        odds: d.odds,
        stake: d.stake,
      };
      round.exposure[d.userId] = (round.exposure[d.userId] ?? 0) + d.stake;
      state.exposure.set(d.userId, d.totalExposure);
      break;
    }
    case 'CasinoBettingClosed':
      tables[event.data.tableCode]!.round!.phase = 'closed';
      break;
    case 'CasinoRoundDealt':
      Object.assign(tables[event.data.tableCode]!.round!, {
        phase: 'dealing',
        serverSeed: event.data.serverSeed,
        cards: event.data.cards,
      });
      break;
    case 'CasinoCardRevealed':
      tables[event.data.tableCode]!.round!.revealed = event.data.index + 1;
      break;
    case 'CasinoRoundResulted':
      break;
    case 'CasinoRoundSettled':
      post(state, event.data.postings);
      release(state, event.data.exposures);
      tables[event.data.tableCode]!.round = null;
      break;
    case 'CasinoRoundVoided':
      release(state, event.data.exposures);
      tables[event.data.tableCode]!.round = null;
      break;
  }
}
