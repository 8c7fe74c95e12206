import type { Card, Paise, Rank } from '@exch/contracts';

/**
 * What a shoe holds: playing cards on every table but roulette, whose "shoe" is the wheel's 37
 * pockets. The engine, the log and a verifier handle only each item's code, so only the table's
 * own rules need to know which kind it deals.
 */
export interface ShoeItem {
  readonly code: string;
}

/**
 * What the engine needs to run one live Indian table (docs/casino.md): its limits, shoe, markets,
 * how a shuffled shoe is dealt and what the cards decide. Pure and deterministic: the same shuffled
 * shoe always gives the same deal and result, so a round replays from its seed. `T` is what the shoe
 * holds; unnamed, any table: the registry's view. A card table is one because TypeScript checks
 * methods' parameters both ways, which is sound here: the engine hands a table only its own shoe.
 */
export interface TableDefinition<T extends ShoeItem = ShoeItem> {
  /** The feed's game code (teen20, dt20 ...), used in round ids' tables and URLs. */
  readonly code: string;
  readonly name: string;
  /** SPEC.md section 2's casino list category (Teenpatti 20, Dragon Tiger 23 ...). */
  readonly category: number;
  /** The 3 digits a round id (mid) starts with, before yymmddHHMMSS. */
  readonly midPrefix: string;
  readonly minStake: Paise;
  readonly maxStake: Paise;
  readonly bettingSeconds: number;
  readonly markets: readonly MarketDefinition[];
  /** The unshuffled shoe; the round's fair shuffle permutes it. */
  shoe(): T[];
  /** The cards in reveal order: always the shuffled shoe's first cards, each with where it goes. */
  deal(shuffled: readonly T[]): DealtCard<T>[];
  result(deal: readonly DealtCard<T>[]): RoundResult;
  /**
   * What a bet on a market with `picks` gets from the deal with the ranks it named (3 Cards
   * Judgement): such a market has no one outcome for every bet, so `result` leaves it out.
   */
  judgePick(deal: readonly DealtCard<T>[], sid: number, ranks: readonly Rank[]): MarketResult;
}

/** One bet on a table, backed at `odds`: decimal odds in integer hundredths, stake included (198 = 1.98). */
export interface MarketDefinition {
  readonly sid: number;
  /** As players see it: "Dragon", "Pair Plus A", "Bahar K". */
  readonly name: string;
  /** The heading the web shows the market under. */
  readonly group: string;
  readonly odds: number;
  /** For a market that pays by hand (Pair Plus, Andar Bahar's Bahar 1st card): each hand's odds. */
  readonly payTable?: readonly { readonly hand: string; readonly odds: number }[];
  /** A bet on it names this many different card ranks, which it is judged on (3 Cards Judgement's Yes and No). */
  readonly picks?: number;
}

export interface DealtCard<T extends ShoeItem = Card> {
  readonly card: T;
  /** The hand or place it is dealt to: "A", "Dragon", "Banker", "Andar", "Player 9", "Card", "Wheel". */
  readonly to: string;
}

/**
 * What a back bet on a market gets: the profit at its odds (win), half that profit (half-win:
 * Baccarat's Banker winning with 6), the stake back (push), half the stake back (half-lose: Lucky 7
 * and Under/Over 7 on a seven) or nothing (lose).
 */
export type MarketOutcome = 'win' | 'lose' | 'push' | 'half-win' | 'half-lose';

export interface MarketResult {
  readonly sid: number;
  readonly outcome: MarketOutcome;
  /** Set on markets that pay by hand: the odds of the hand that came, used instead of the bet's. */
  readonly odds?: number;
}

export interface RoundResult {
  /** The feed's result code where CASINO-PAYMENTS.md gives one (dt20: 1 Dragon, 2 Tiger, 3 Tie). */
  readonly code: number;
  readonly winner: string;
  readonly description: string;
  /** Every market of the table but those with `picks` (judged bet by bet), in the table's order. */
  readonly markets: readonly MarketResult[];
}
