import type { CSSProperties } from 'react';
import { pocketColour, type CasinoMarketDto, type CasinoOutcome } from '@exch/contracts';
import type { CasinoMarketsProps } from './casino-markets-props';
import { MarketButton } from './MarketButton';

interface Cell {
  name: string;
  label: string;
  kind: string;
  /** CSS grid placement on the layout: column 1 the zero, 2-13 the numbers, 14 the columns' "2:1". */
  at: CSSProperties;
}

const ORDINAL = ['1st', '2nd', '3rd'];
const place = (column: number, row: number, span = 1): CSSProperties => ({
  gridColumn: `${column} / span ${span}`,
  gridRow: `${row}`,
});

/**
 * The roulette layout as a real table draws it: the zero at the left beside three rows of numbers
 * (3, 6 ... 36 on top, 1, 4 ... 34 at the bottom), each row's column bet ("2:1") at its end, the
 * dozens under the numbers and the even chances under those.
 */
const CELLS: Cell[] = [
  { name: 'Number 0', label: '0', kind: 'rl-green', at: { gridColumn: '1', gridRow: '1 / span 3' } },
  ...[0, 1, 2].flatMap((row) => [
    ...Array.from({ length: 12 }, (_, c) => {
      const n = 3 * c + 3 - row;
      return { name: `Number ${n}`, label: String(n), kind: `rl-${pocketColour(n)}`, at: place(c + 2, row + 1) };
    }),
    { name: `${ORDINAL[2 - row]} Column`, label: '2:1', kind: 'rl-outside', at: place(14, row + 1) },
  ]),
  ...ORDINAL.map((ord, i) => ({
    name: `${ord} Dozen`,
    label: `${ord} 12`,
    kind: 'rl-outside',
    at: place(2 + 4 * i, 4, 4),
  })),
  ...['1-18', 'Even', 'Red', 'Black', 'Odd', '19-36'].map((name, i) => ({
    name,
    label: name === 'Red' || name === 'Black' ? '◆' : name,
    kind: `rl-outside${name === 'Red' || name === 'Black' ? ` rl-diamond rl-${name.toLowerCase()}-bet` : ''}`,
    at: place(2 + 2 * i, 5, 2),
  })),
];

/** A stake on the layout as a chip: ₹500, ₹2.5k, ₹1L. */
const chip = (rupees: number): string =>
  rupees >= 100_000
    ? `${+(rupees / 100_000).toFixed(1)}L`
    : rupees >= 1000
      ? `${+(rupees / 1000).toFixed(1)}k`
      : `${rupees}`;

/** Roulette's markets on its layout; the same market buttons (and sids) as every table's, lit alike after the spin. */
export function RouletteBoard({
  table,
  open,
  stakes,
  selected,
  onPick,
  outcome,
}: CasinoMarketsProps & { outcome: ReadonlyMap<number, CasinoOutcome> }) {
  const byName = new Map(table.markets.map((m) => [m.nat, m]));
  const suspended = table.game_status === 'SUSPENDED';
  const odds = (name: string) => byName.get(name)?.odds.toFixed(2);
  return (
    <div className={`casino-markets roulette-markets${open ? '' : ' locked'}`} data-testid="casino-markets">
      <section className="market-card casino-group wide" aria-label="Roulette layout">
        <header className="market-head">
          <h2>Place your chips</h2>
          {suspended && <span className="market-tag suspended">Suspended</span>}
        </header>
        <div className="roulette-board">
          {CELLS.map(({ name, label, kind, at }) => {
            const market: CasinoMarketDto | undefined = byName.get(name);
            if (!market) return null;
            return (
              <div key={name} className="rl-slot" style={at}>
                <MarketButton
                  market={market}
                  got={outcome.get(market.sid)}
                  suspended={suspended}
                  open={open}
                  selected={selected}
                  onPick={onPick}
                  className={`rl-cell ${kind}`}
                >
                  <span className="rl-label">{label}</span>
                  {stakes.has(market.sid) && <span className="rl-chip">{chip(stakes.get(market.sid)!)}</span>}
                </MarketButton>
              </div>
            );
          })}
        </div>
        <p className="rl-legend">
          Each number {odds('Number 0')} · Dozens and columns (2:1) {odds('1st Dozen')} · Red, Black, Odd, Even, 1-18,
          19-36 {odds('Red')}. A zero loses every bet but Number 0.
        </p>
      </section>
    </div>
  );
}
