import { resultText, type MarketDto, type MatchMarketsState } from '@exch/contracts';
import { marketTitle } from './format';

/** A market's declared result as people read it, its runners named. */
export const marketResult = (m: Pick<MarketDto, 'result' | 'section'>): string =>
  resultText(m.result, (id) => m.section.find((s) => s.sid === id)?.nat);

/**
 * The match page's word once a market of the match is settled: what it declared, and which of its
 * markets are still open (or that none is): a settled match odds leaves bookmaker and fancies to bet on.
 */
export function SettledMarkets({ markets }: { markets: readonly MarketDto[] }) {
  const settled = markets.filter((m) => m.status === 'SETTLED');
  if (settled.length === 0) return null;
  const open = markets.filter((m) => m.status !== 'SETTLED');
  return (
    <section className="settled-markets" data-testid="settled-markets" aria-label="Settled markets">
      <p>
        <b>Settled:</b> {settled.map((m) => `${marketTitle(m.marketName)} (${marketResult(m)})`).join(', ')}.
      </p>
      <p>
        {open.length > 0 ? (
          <>
            <b>Still open:</b> {open.map((m) => marketTitle(m.marketName)).join(', ')}.
          </>
        ) : (
          'Every market of this match is settled.'
        )}
      </p>
    </section>
  );
}

/** The lobby's line for a match some of whose markets are settled. */
export function LobbySettled({ markets }: { markets: MatchMarketsState }) {
  return (
    <span className="lobby-settled" data-testid="lobby-settled">
      {markets.settled.map((s) => `${marketTitle(s.name)} settled: ${s.result}`).join('; ')} ·{' '}
      {markets.open > 0 ? `${markets.open} market${markets.open === 1 ? '' : 's'} still open` : 'every market settled'}
    </span>
  );
}
