import type { CasinoRoundDto, CasinoTableDto } from '@exch/contracts';
import { PlayingCard } from './PlayingCard';
import { RouletteWheel } from './RouletteWheel';
import { layoutOf, type Seat } from './table-layout';

interface DealingAreaProps {
  table: CasinoTableDto;
  /** The round under way, or the last one with its result. */
  round: CasinoRoundDto | null;
  /** Seconds left to bet (useCountdown). */
  seconds: number;
}

/**
 * The live table: a felt with each seat's cards as they are turned (pushed card by card), the round
 * id, the betting countdown, the dealer's call (place your bets, no more bets, the winner) and the
 * round's commitment.
 */
export function DealingArea({ table, round, seconds }: DealingAreaProps) {
  const layout = layoutOf(table._id);
  const suspended = table.game_status === 'SUSPENDED';
  // A suspended table takes no bets, so a round still in its window has no countdown to show.
  const betting = round?.status === 'betting' && !suspended;
  const winner = round?.status === 'settled' ? (round.result?.winner ?? null) : null;
  return (
    <section
      className={`casino-felt felt-${table._id}`}
      aria-label={`${table.name} table`}
      data-testid="dealing-area"
      data-status={round?.status ?? 'none'}
    >
      <div className="felt-top">
        <span className="felt-round">
          Round ID: <b data-testid="round-id">{round?.mid ?? '—'}</b>
        </span>
        <DealerCall round={round} seconds={seconds} suspended={suspended} />
        {betting ? <Countdown seconds={seconds} total={table.bettingSeconds} /> : <span className="countdown-spacer" />}
      </div>
      {layout.wheel ? (
        // The ball's pocket is the round's one dealt item, shown once turned.
        <div className="felt-wheel">
          <RouletteWheel pocket={round?.cards[0] ? Number(round.cards[0].card) : null} />
        </div>
      ) : (
        <div className={`felt-seats${layout.versus ? ' versus' : ''} seats-${layout.seats.length}`}>
          {layout.seats.map((seat, i) => (
            <SeatView
              key={seat.to}
              seat={seat}
              round={round}
              won={winner !== null && winnerIs(winner, seat)}
              vs={layout.versus && i === 0}
            />
          ))}
        </div>
      )}
      {winner !== null && (
        <p className="felt-result" data-testid="round-result">
          {layout.resultLabel && `${layout.resultLabel} `}
          <span className="felt-result-winner">{winner}</span>{' '}
          {layout.resultLabel || layout.wheel || /^(Tie|Seven|Void)$/.test(winner)
            ? ''
            : winner.startsWith('Players ')
              ? 'win'
              : 'wins'}
          <span className="felt-result-detail">{round?.result?.description}</span>
        </p>
      )}
      {round?.status === 'void' && <p className="felt-result void">Round void: every bet returned</p>}
      {round && (
        <p
          className="felt-commitment"
          title={`SHA-256 of the server seed, published before betting: ${round.commitment}`}
        >
          Commitment (SHA-256) {round.commitment.slice(0, 16)}…
        </p>
      )}
    </section>
  );
}

const winnerIs = (winner: string, seat: Seat): boolean => winner === seat.label || winner === seat.to;

function DealerCall({
  round,
  seconds,
  suspended,
}: {
  round: CasinoRoundDto | null;
  seconds: number;
  suspended: boolean;
}) {
  let text = 'Waiting for the next round';
  let kind = 'wait';
  if (round?.status === 'betting' && seconds > 0) [text, kind] = ['Place your bets', 'open'];
  else if (round?.status === 'betting' || round?.status === 'closed') [text, kind] = ['No more bets', 'closed'];
  else if (round?.status === 'dealing') [text, kind] = ['Dealing', 'dealing'];
  else if (round?.status === 'settled' || round?.status === 'void') [text, kind] = ['Next round shortly', 'wait'];
  // A round already closed or dealing still finishes on a suspended table: its call stays.
  if (suspended && round?.status !== 'closed' && round?.status !== 'dealing') [text, kind] = ['Suspended', 'suspended'];
  return (
    <span className={`dealer-call call-${kind}`} data-testid="dealer-call">
      {text}
    </span>
  );
}

function Countdown({ seconds, total }: { seconds: number; total: number }) {
  const r = 17;
  const circumference = 2 * Math.PI * r;
  const share = total > 0 ? Math.min(1, seconds / total) : 0;
  return (
    <span
      className={`countdown${seconds <= 5 ? ' ending' : ''}`}
      role="timer"
      aria-label={`${seconds} seconds to bet`}
      data-testid="countdown"
    >
      <svg viewBox="0 0 40 40" aria-hidden="true">
        <circle cx="20" cy="20" r={r} className="countdown-track" />
        <circle
          cx="20"
          cy="20"
          r={r}
          className="countdown-arc"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - share)}
        />
      </svg>
      <b>{seconds}</b>
    </span>
  );
}

function SeatView({ seat, round, won, vs }: { seat: Seat; round: CasinoRoundDto | null; won: boolean; vs: boolean }) {
  const cards = (round?.cards ?? []).filter((c) => c.to === seat.to);
  const open =
    round !== null && (round.status === 'betting' || round.status === 'closed' || round.status === 'dealing');
  // Face-down cards wait on the seat until its cards are turned.
  const waiting = open
    ? Math.max(
        round.status === 'dealing' && seat.waiting === 1 && cards.length > 0 ? 0 : seat.waiting - cards.length,
        0,
      )
    : 0;
  return (
    <>
      <div className={`felt-seat${won ? ' won' : ''}`} data-seat={seat.to}>
        <span className="seat-label">{seat.label}</span>
        <div className="seat-cards">
          {cards.map((c, i) => (
            <PlayingCard key={`${i}-${c.card}`} code={c.card} dealt />
          ))}
          {Array.from({ length: waiting }, (_, i) => (
            <PlayingCard key={`down-${i}`} code={null} />
          ))}
          {cards.length === 0 && waiting === 0 && <span className="seat-empty" aria-hidden="true" />}
        </div>
      </div>
      {vs && <span className="felt-vs">VS</span>}
    </>
  );
}
