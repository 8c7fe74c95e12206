import { exchangeOutcome, type Paise } from '@exch/contracts';
import type { MarketResult } from './table.js';

/**
 * A casino back bet's profit (positive) or loss (negative) in paise, from its stake, the odds it was
 * taken at (hundredths) and its market's result. Profit rounds down and loss rounds up (DESIGN.md
 * rule 1), as for exchange bets: a win is exchangeOutcome's back win at the result's odds when the
 * market paid by hand, else at the bet's.
 */
export function backProfit(stake: Paise, odds: number, result: MarketResult): Paise {
  const price = result.odds ?? odds;
  switch (result.outcome) {
    case 'win':
      return exchangeOutcome('back', price, stake).win;
    case 'half-win':
      return Math.floor(((price - 100) * stake) / 200);
    case 'push':
      return 0;
    case 'half-lose':
      return -Math.ceil(stake / 2);
    case 'lose':
      return -stake;
  }
}
