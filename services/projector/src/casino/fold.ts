import type {
  CasinoBetPlaced,
  CasinoCardRevealed,
  CasinoRoundOpened,
  CasinoRoundResulted,
  CasinoRoundSettled,
  CasinoRoundVoided,
  CasinoTableListed,
  CasinoTableStatusSet,
  StoredEvent,
} from '@exch/contracts';
import type { BetRow, BetSettlement, RoundRow, TableRow } from './schema.js';

/** A settled bet's status from what its market got: a push returns the stake, as a void does. */
const statusOf = (pnl: number, outcome: string): BetRow['status'] =>
  outcome === 'push' ? 'void' : pnl > 0 || outcome === 'win' || outcome === 'half-win' ? 'won' : 'lost';

/** A batch's rows: the tables and rounds its events continue, loaded first, then every event folded in log order. */
export class Batch {
  readonly tables = new Map<string, TableRow>();
  readonly rounds = new Map<string, RoundRow>();
  readonly placed = new Map<string, BetRow>();
  readonly settled = new Map<string, BetSettlement>();

  fold(e: StoredEvent): void {
    const at = e.metadata.at;
    const table = (code: string) => this.tables.get(code)!;
    const round = (mid: string) => this.rounds.get(mid)!;
    switch (e.type) {
      case 'CasinoTableListed': {
        const d = e.data as CasinoTableListed;
        const held = this.tables.get(d.tableCode);
        this.tables.set(d.tableCode, {
          table_code: d.tableCode,
          name: d.name,
          category: d.category,
          mid_prefix: d.midPrefix,
          min_stake: d.minStake,
          max_stake: d.maxStake,
          betting_seconds: d.bettingSeconds,
          markets: d.markets,
          shoe: d.shoe,
          suspended: held?.suspended ?? false,
          current_mid: held?.current_mid ?? null,
          position: e.position,
        });
        return;
      }
      case 'CasinoTableStatusSet':
        table((e.data as CasinoTableStatusSet).tableCode).suspended = (e.data as CasinoTableStatusSet).suspended;
        return;
      case 'CasinoRoundOpened': {
        const d = e.data as CasinoRoundOpened;
        table(d.tableCode).current_mid = d.mid;
        this.rounds.set(d.mid, {
          mid: d.mid,
          table_code: d.tableCode,
          commitment: d.commitment,
          algorithm: d.algorithm,
          opened_at: at,
          closes_at: d.closesAt,
          status: 'betting',
          cards: [],
          server_seed: null,
          result: null,
          winner: null,
          void_reason: null,
          settled_at: null,
          bets: 0,
        });
        return;
      }
      case 'CasinoBetPlaced': {
        const d = e.data as CasinoBetPlaced;
        round(d.mid).bets += 1;
        this.placed.set(d.betId, {
          bet_id: d.betId,
          user_id: d.userId,
          table_code: d.tableCode,
          mid: d.mid,
          sid: d.sid,
          selection_name: d.selectionName,
          odds: d.odds,
          stake: d.stake,
          status: 'pending',
          outcome: null,
          pnl: null,
          reference_id: d.referenceId,
          placed_at: at,
          settled_at: null,
          placed_position: e.position,
        });
        return;
      }
      case 'CasinoBettingClosed':
        round((e.data as { mid: string }).mid).status = 'closed';
        return;
      // The seed and the cards stay out of the read model until they are revealed.
      case 'CasinoRoundDealt':
        round((e.data as { mid: string }).mid).status = 'dealing';
        return;
      case 'CasinoCardRevealed': {
        const d = e.data as CasinoCardRevealed;
        const r = round(d.mid);
        r.cards = [...r.cards.slice(0, d.index), { card: d.card, to: d.to }];
        return;
      }
      case 'CasinoRoundResulted': {
        const d = e.data as CasinoRoundResulted;
        Object.assign(round(d.mid), {
          server_seed: d.serverSeed,
          cards: d.cards,
          winner: d.winner,
          result: { code: d.code, winner: d.winner, description: d.description, markets: d.markets },
        });
        return;
      }
      case 'CasinoRoundSettled': {
        const d = e.data as CasinoRoundSettled;
        this.end(d.tableCode, d.mid, { status: 'settled', settled_at: at });
        for (const b of d.bets)
          this.settle({
            bet_id: b.betId,
            status: statusOf(b.pnl, b.outcome),
            outcome: b.outcome,
            pnl: b.pnl,
            settled_at: at,
          });
        return;
      }
      case 'CasinoRoundVoided': {
        const d = e.data as CasinoRoundVoided;
        this.end(d.tableCode, d.mid, { status: 'void', void_reason: d.reason, settled_at: at });
        for (const id of d.betIds) this.settle({ bet_id: id, status: 'void', outcome: null, pnl: 0, settled_at: at });
        return;
      }
    }
  }

  private end(tableCode: string, mid: string, change: Partial<RoundRow>): void {
    Object.assign(this.rounds.get(mid)!, change);
    const table = this.tables.get(tableCode)!;
    if (table.current_mid === mid) table.current_mid = null;
  }

  /** A bet placed in this batch settles in place; an older one is updated by its own statement. */
  private settle(s: BetSettlement): void {
    const placed = this.placed.get(s.bet_id);
    if (placed) Object.assign(placed, s);
    else this.settled.set(s.bet_id, s);
  }
}
