import { memo, type ReactNode } from 'react';
import type { MarketDto, Paise, PriceDto, SectionDto } from '@exch/contracts';
import { formatInr } from '../ui/money';
import { abbreviate, formatOdds, marketTitle } from './format';
import { canPick, closedReason, sideLevels, type BetPick } from './pick';
import { PriceCell } from './PriceCell';

const LEVELS = 3;

interface RunnerMarketProps {
  market: MarketDto;
  /** What each runner's result pays the player now (matched bets), by selection id. */
  /** The player's P&L per runner, paise. */
  book?: ReadonlyMap<number, Paise> | undefined;
  /** The same after the bet being placed, while the Place Bet panel is open on this market. */
  preview?: ReadonlyMap<number, Paise> | null | undefined;
  /** Absent for non-players: the cells cannot be clicked (SPEC.md section 5). */
  onPick?: ((pick: BetPick) => void) | undefined;
  selected?: { sid: number; side: 'back' | 'lay' } | null | undefined;
  /** Extra controls in the market's title bar (the back office's Bet Lock and User Book). */
  actions?: ReactNode;
  /** A race: each runner with its number (a greyhound's in its trap colour), non-runners struck through. */
  racing?: 'horse' | 'greyhound' | undefined;
  /** The player's live cash-out value per runner it holds a position on (paise), and what its button does. */
  cashOuts?: ReadonlyMap<number, Paise> | undefined;
  onCashOut?: ((sid: number) => void) | undefined;
  /** Runners with a standing auto cash-out rule of the player's. */
  autoCashOut?: ReadonlySet<number> | undefined;
}

/**
 * A match odds or bookmaker market as a Back/Lay table: per runner three back cells then three
 * lay cells, the best of each side next to the middle (SPEC.md section 2), Min and Max in the head.
 */
export const RunnerMarket = memo(function RunnerMarket({
  market,
  book,
  preview,
  onPick,
  selected,
  actions,
  racing,
  cashOuts,
  onCashOut,
  autoCashOut,
}: RunnerMarketProps) {
  // A bet in play waits the larger of the market's own delay and the feed's (the stream's betDelay).
  const delaySec = Math.max(market.betDelaySec, market.feedBetDelaySec);
  return (
    <section
      className={`market-card runner-market kind-${market.kind}`}
      data-market-id={market.marketId}
      aria-label={marketTitle(market.marketName)}
    >
      <header className="market-head">
        <h2>{marketTitle(market.marketName)}</h2>
        {market.numberOfWinners > 1 && <span className="market-tag">{market.numberOfWinners} places</span>}
        {delaySec > 0 && <span className="market-tag">Delay {delaySec}s</span>}
        {actions}
      </header>
      <div className="runner-row runner-head">
        <div className="runner-name">
          <span className="market-limits">
            Min: {abbreviate(market.min)} <span aria-hidden="true">|</span> Max: {abbreviate(market.max)}
          </span>
        </div>
        <div className="cells">
          <span className="depth" />
          <span className="depth" />
          <span className="side-label back">Back</span>
          <span className="side-label lay">Lay</span>
          <span className="depth" />
          <span className="depth" />
        </div>
      </div>
      {market.section.map((runner) => (
        <RunnerRow
          key={runner.sid}
          market={market}
          runner={runner}
          book={book?.get(runner.sid)}
          preview={preview?.get(runner.sid)}
          onPick={onPick}
          selectedSide={selected?.sid === runner.sid ? selected.side : null}
          racing={racing}
          cashOut={onCashOut && cashOuts?.has(runner.sid) ? cashOuts.get(runner.sid) : undefined}
          onCashOut={onCashOut}
          auto={autoCashOut?.has(runner.sid) === true}
        />
      ))}
    </section>
  );
});

interface RunnerRowProps {
  market: MarketDto;
  runner: SectionDto;
  book: Paise | undefined;
  preview: Paise | undefined;
  onPick: ((pick: BetPick) => void) | undefined;
  selectedSide: 'back' | 'lay' | null;
  racing: 'horse' | 'greyhound' | undefined;
  cashOut: Paise | undefined;
  onCashOut: ((sid: number) => void) | undefined;
  auto: boolean;
}

/** A non-runner's reduction factor as Betfair shows it: 1620 -> "16.2%". */
const factorText = (bp: number): string => `${String(bp / 100)}%`;

function RunnerRow({
  market,
  runner,
  book,
  preview,
  onPick,
  selectedSide,
  racing,
  cashOut,
  onCashOut,
  auto,
}: RunnerRowProps) {
  const back = sideLevels(runner, 'back');
  const lay = sideLevels(runner, 'lay');
  const closed = closedReason(market, runner);
  const showBook = book !== undefined && (book !== 0 || (preview !== undefined && preview !== 0));
  const nonRunner = market.removed.find((r) => r.selectionId === runner.sid);

  const cell = (side: 'back' | 'lay', level: number, price: PriceDto | undefined) => {
    const pickable = onPick !== undefined && canPick(market, runner, price);
    return (
      <PriceCell
        key={`${side}${level}`}
        side={side}
        price={price ? formatOdds(market.kind, price.odds) : null}
        size={market.kind === 'bookmaker' || !price ? null : price.size}
        best={level === 0}
        selected={level === 0 && selectedSide === side}
        label={
          price
            ? `${side === 'back' ? 'Back' : 'Lay'} ${runner.nat} at ${formatOdds(market.kind, price.odds)}`
            : undefined
        }
        onPick={
          pickable
            ? () =>
                onPick({
                  marketId: market.marketId,
                  kind: market.kind,
                  sid: runner.sid,
                  name: runner.nat,
                  side,
                  odds: price.odds,
                  volume: null,
                })
            : undefined
        }
      />
    );
  };

  // A real feed names a runner with its cloth number or trap ("1. Red Rum", docs/feeds.md): that is the
  // number to show, and the name goes without it; otherwise the runner's place in the card.
  const numbered = racing ? /^(\d+)\. (.+)$/.exec(runner.nat) : null;
  const number = numbered ? numbered[1]! : String(runner.sno);
  const name = numbered ? numbered[2]! : runner.nat;

  return (
    <div className={closed ? 'runner-row closed' : 'runner-row'} data-sid={runner.sid} data-runner={runner.nat}>
      <div className={racing ? 'runner-name race-runner' : 'runner-name'}>
        {racing && (
          <span
            className={racing === 'greyhound' ? `runner-no trap trap-${number}` : 'runner-no'}
            aria-label={racing === 'greyhound' ? `Trap ${number}` : `Number ${number}`}
          >
            {number}
          </span>
        )}
        <span className={nonRunner ? 'runner-title scratched' : 'runner-title'}>{name}</span>
        {nonRunner && <span className="non-runner">NR {factorText(nonRunner.adjustmentFactorBp)}</span>}
        {cashOut !== undefined && onCashOut && (
          <button
            type="button"
            className={`cash-out-button ${cashOut >= 0 ? 'up' : 'down'}`}
            data-testid="cash-out-button"
            onClick={() => onCashOut(runner.sid)}
          >
            Cash Out {formatInr(cashOut)}
            {auto && <span className="auto-tag">Auto</span>}
          </button>
        )}
        {(showBook || preview !== undefined) && (
          <span className="runner-book">
            {showBook && <BookFigure value={book} testId="runner-book" />}
            {preview !== undefined && (
              <>
                <span className="book-arrow" aria-hidden="true">
                  »
                </span>
                <BookFigure value={preview} testId="runner-preview" />
              </>
            )}
          </span>
        )}
      </div>
      <div className="cells">
        {[2, 1, 0].map((level) => cell('back', level, back[level]))}
        {Array.from({ length: LEVELS }, (_, level) => cell('lay', level, lay[level]))}
        {closed !== null && (
          <div className={`status-overlay ${closed === 'Ball Running' ? 'ball-running' : ''}`} role="status">
            {closed}
          </div>
        )}
      </div>
    </div>
  );
}

export function BookFigure({ value, testId }: { value: Paise | undefined; testId?: string }) {
  if (value === undefined) return null;
  return (
    <span
      className={value > 0 ? 'book-figure positive' : value < 0 ? 'book-figure negative' : 'book-figure'}
      data-testid={testId}
    >
      {formatInr(value)}
    </span>
  );
}
