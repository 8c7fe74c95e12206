import { useState } from 'react';
import {
  parseCard,
  pickedName,
  RANKS,
  rankLabel,
  type CasinoMarketDto,
  type CasinoRoundDto,
  type CasinoTableDto,
  type Rank,
} from '@exch/contracts';
import { formatRupees } from '../ui/money';

interface PickedMarketsProps {
  table: CasinoTableDto;
  round: CasinoRoundDto | null;
  open: boolean;
  /** The player's stakes on this round, by sid (rupees). */
  stakes: ReadonlyMap<number, number>;
  selected: number | null;
  onPick: (market: CasinoMarketDto, ranks: Rank[]) => void;
  /** The pick changed: a slip made for the old pick no longer says what would be sent. */
  onRanksChange: () => void;
}

/**
 * The markets whose bets name card ranks (3 Cards Judgement): the thirteen ranks to pick from, up
 * to the most any market takes, then each side (Yes, No) at the price of the market for that many
 * ranks. After the result the ranks dealt are marked, and the side the pick would have won lights up.
 */
export function PickedMarkets({ table, round, open, stakes, selected, onPick, onRanksChange }: PickedMarketsProps) {
  const [ranks, setRanks] = useState<Rank[]>([]);
  const markets = table.markets.filter((m) => m.picks !== null);
  const most = Math.max(...markets.map((m) => m.picks!));
  const sides = [...new Set(markets.map((m) => m.group))];
  const dealt = new Set((round?.cards ?? []).map((c) => parseCard(c.card)?.rank));
  const settled = round?.status === 'settled';
  const hit = ranks.some((r) => dealt.has(r));
  const suspended = table.game_status === 'SUSPENDED';

  const toggle = (rank: Rank): void => {
    const next = ranks.includes(rank) ? ranks.filter((r) => r !== rank) : [...ranks, rank].sort((a, b) => a - b);
    if (next.length > most) return;
    setRanks(next);
    onRanksChange();
  };

  return (
    <div className={`casino-markets${open ? '' : ' locked'}`}>
      <section className="market-card casino-group wide pick-card" aria-label="Pick your cards">
        <header className="market-head">
          <h2>
            Pick 1 to {most} cards <span className="pick-count">{ranks.length > 0 && `· ${ranks.length} picked`}</span>
          </h2>
          {suspended && <span className="market-tag suspended">Suspended</span>}
        </header>
        <div className="rank-picker" role="group" aria-label="Card ranks" data-testid="rank-picker">
          {RANKS.map((rank) => {
            const on = ranks.includes(rank);
            return (
              <button
                key={rank}
                type="button"
                className={['rank-chip', on ? 'picked' : '', dealt.has(rank) ? 'dealt' : ''].filter(Boolean).join(' ')}
                aria-pressed={on}
                disabled={!on && ranks.length >= most}
                onClick={() => toggle(rank)}
              >
                {rankLabel(rank)}
              </button>
            );
          })}
        </div>
        <div className="pick-sides">
          {sides.map((side) => {
            const market = markets.find((m) => m.group === side && m.picks === ranks.length);
            const won = settled && market !== undefined && hit === (side === 'Yes');
            const className = [
              'casino-market',
              'pick-side',
              market && selected === market.sid ? 'selected' : '',
              won ? 'won' : '',
            ]
              .filter(Boolean)
              .join(' ');
            return (
              <button
                key={side}
                type="button"
                className={className}
                data-side={side}
                data-sid={market?.sid}
                disabled={!market || (!open && !suspended)}
                onClick={() => market && onPick(market, ranks)}
                aria-label={market ? `${pickedName(side, ranks)} at ${market.odds.toFixed(2)}` : side}
              >
                <span className="casino-market-name">{side}</span>
                <span className="casino-market-odds" data-testid="market-odds">
                  {market ? market.odds.toFixed(2) : '–'}
                </span>
                <span className="casino-market-note">
                  {market ? ranks.map(rankLabel).join(' ') : 'Pick a card first'}
                </span>
                {market && stakes.has(market.sid) && (
                  <span className="casino-market-stake">{formatRupees(stakes.get(market.sid)!)}</span>
                )}
              </button>
            );
          })}
        </div>
        <p className="pick-prices">
          {sides
            .map(
              (side) =>
                `${side} ${markets
                  .filter((m) => m.group === side)
                  .map((m) => m.odds.toFixed(2))
                  .join(' / ')}`,
            )
            .join(' · ')}{' '}
          for{' '}
          {markets
            .filter((m) => m.group === sides[0])
            .map((m) => m.picks)
            .join(' / ')}{' '}
          cards
        </p>
      </section>
    </div>
  );
}
