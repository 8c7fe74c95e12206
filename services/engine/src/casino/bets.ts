import { balanceOf, type EngineState } from '../state.js';
import {
  CASINO_SUSPENDED_MESSAGE,
  casinoStream,
  pickedName,
  rankLabel,
  RANKS,
  walletAccount,
  type CasinoMarketInfo,
  type CommandEnvelope,
  type PlaceCasinoBet,
  type Rank,
} from '@exch/contracts';
import { bettorOf, exposureRefusal, stakeRefusal } from '../bet-checks.js';
import { accept, refuse, type Decision } from '../decision.js';
import { tableNotFound } from './rounds.js';

/**
 * A back bet on the round under way (docs/casino.md "Bets"): refused on a suspended table, once
 * betting has closed (by the dealer, or by the clock: the command's time is past the window), off
 * the table's price or limits, or beyond the player's balance or exposure limit. Its liability, the
 * stake, joins the player's exposure until the round settles; no money moves until then.
 */
export function decidePlaceCasinoBet(
  state: Readonly<EngineState>,
  c: PlaceCasinoBet,
  envelope: CommandEnvelope,
): Decision {
  const user = bettorOf(state, envelope.actor);
  if ('ok' in user) return user;
  const table = state.casino.tables[c.tableCode];
  if (!table) return tableNotFound();
  if (table.suspended) return refuse('TABLE_SUSPENDED', CASINO_SUSPENDED_MESSAGE);
  const round = table.round;
  if (
    !round ||
    round.mid !== c.mid ||
    round.phase !== 'betting' ||
    Date.parse(envelope.at) >= Date.parse(round.closesAt)
  ) {
    return refuse('BETTING_CLOSED', 'Betting is closed for this round, please wait for the next one');
  }
  const market = table.markets.find((m) => m.sid === c.sid);
  if (!market) return refuse('INVALID_SELECTION', 'Selection not found on this table');
  const ranks = ranksOf(market, c.ranks);
  if (typeof ranks === 'string') return refuse('INVALID_SELECTION', ranks);
  const badStake = stakeRefusal(c.stake, table.minStake, table.maxStake);
  if (badStake) return badStake;
  if (c.odds !== market.odds) return refuse('ODDS_CHANGED', 'Odds changed, please place the bet again');
  if (round.bets[c.betId] || state.bets.get(c.betId)) return refuse('DUPLICATE_BET', 'This bet was already placed');
  const balance = balanceOf(state, walletAccount(user.userId));
  const before = state.exposure.get(user.userId) ?? 0;
  const overdrawn = exposureRefusal(user, balance, before, before + c.stake);
  if (overdrawn) return overdrawn;
  return accept({
    type: 'CasinoBetPlaced',
    streamId: casinoStream(c.tableCode),
    data: {
      betId: c.betId,
      userId: user.userId,
      tableCode: c.tableCode,
      mid: c.mid,
      sid: c.sid,
      ...(ranks && { ranks }),
      selectionName: ranks ? pickedName(market.name, ranks) : market.name,
      odds: c.odds,
      stake: c.stake,
      totalExposure: before + c.stake,
      balance,
      referenceId: c.referenceId,
    },
  });
}

/**
 * The ranks a bet on `market` names, ascending: exactly `market.picks` different ranks (1-13) on a
 * market that takes them, none on any other; else why not, in the player's words.
 */
function ranksOf(market: CasinoMarketInfo, ranks: readonly number[] | undefined): Rank[] | undefined | string {
  if (market.picks === undefined) return ranks === undefined ? undefined : `${market.name} takes no card ranks`;
  const wanted = `${market.name} needs ${market.picks > 1 ? `${market.picks} different card ranks` : '1 card rank'} (A to K)`;
  if (!ranks || ranks.length !== market.picks) return `${wanted}; the bet names ${ranks?.length ?? 0}`;
  const valid = ranks.filter((r): r is Rank => RANKS.includes(r as Rank));
  if (valid.length !== ranks.length) return `${wanted}; card ranks are 1 (A) to 13 (K)`;
  const twice = valid.find((r, i) => valid.indexOf(r) !== i);
  if (twice !== undefined) return `${wanted}; ${rankLabel(twice)} is named twice`;
  return [...valid].sort((a, b) => a - b);
}
