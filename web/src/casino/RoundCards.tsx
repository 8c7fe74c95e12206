import type { CasinoCard } from '@exch/contracts';
import { PlayingCard } from './PlayingCard';
import { RouletteWheel } from './RouletteWheel';
import { layoutOf } from './table-layout';

/** A round's cards by seat, on a small felt (result pages); roulette's pocket on a small wheel. */
export function RoundCards({ code, cards }: { code: string; cards: CasinoCard[] }) {
  const { seats, wheel } = layoutOf(code);
  if (wheel)
    return (
      <div className="round-cards round-wheel" data-testid="round-cards">
        <RouletteWheel pocket={cards[0] ? Number(cards[0].card) : null} size="small" />
      </div>
    );
  return (
    <div className="round-cards" data-testid="round-cards">
      {seats.map((seat) => (
        <div key={seat.to} className="round-seat">
          <span className="seat-label">{seat.label}</span>
          <div className="seat-cards">
            {cards
              .filter((c) => c.to === seat.to)
              .map((c, i) => (
                <PlayingCard key={`${i}-${c.card}`} code={c.card} size="small" />
              ))}
          </div>
        </div>
      ))}
    </div>
  );
}
