import type { CasinoMarketDto } from '@exch/contracts';
import { formatRupees } from '../ui/money';
import type { CasinoMarketsProps } from './casino-markets-props';
import { MarketButton } from './MarketButton';
import { RouletteBoard } from './RouletteBoard';
import { layoutOf } from './table-layout';

/**
 * A market's name under its group's heading: in a group of many markets the words they all start
 * with go ("Dragon Card A" ... under "Dragon Cards" reads "A").
 */
function shortName(name: string, group: readonly CasinoMarketDto[]): string {
  if (group.length < 4) return name;
  let prefix = group[0]!.nat;
  for (const m of group) while (!m.nat.startsWith(prefix)) prefix = prefix.slice(0, -1);
  const cut = prefix.lastIndexOf(' ') + 1;
  return cut > 0 ? name.slice(cut) : name;
}

/** Every market of the table with its odds, grouped as the table groups them; back only. After the result, winners light up. */
export function CasinoMarkets(props: CasinoMarketsProps) {
  const { table, round, open, stakes, selected, onPick } = props;
  const outcome = new Map(
    (round?.status === 'settled' ? (round.result?.markets ?? []) : []).map((m) => [m.sid, m.outcome]),
  );
  if (layoutOf(table._id).wheel) return <RouletteBoard {...props} outcome={outcome} />;
  const groups = new Map<string, CasinoMarketDto[]>();
  // A player bets on markets that take card ranks through PickedMarkets; the back office sees them here.
  for (const m of table.markets.filter((m) => m.picks === null || !onPick))
    groups.set(m.group, [...(groups.get(m.group) ?? []), m]);
  if (groups.size === 0) return null;
  const suspended = table.game_status === 'SUSPENDED';
  return (
    <div className={`casino-markets${open ? '' : ' locked'}`} data-testid="casino-markets">
      {[...groups].map(([group, markets]) => (
        <section
          key={group}
          className={`market-card casino-group${markets.length > 6 ? ' wide' : ''}`}
          aria-label={group}
        >
          <header className="market-head">
            <h2>{group}</h2>
            {suspended && <span className="market-tag suspended">Suspended</span>}
          </header>
          <div className="casino-group-body">
            {markets.map((m) => (
              <MarketButton
                key={m.sid}
                market={m}
                got={outcome.get(m.sid)}
                suspended={suspended}
                open={open}
                selected={selected}
                onPick={onPick}
              >
                <span className="casino-market-name">{shortName(m.nat, markets)}</span>
                <span className="casino-market-odds" data-testid="market-odds">
                  {m.odds.toFixed(2)}
                </span>
                {m.payTable && (
                  <span className="casino-market-note">
                    {m.payTable.map((p) => `${p.hand} ${p.odds.toFixed(2)}`).join(' · ')}
                  </span>
                )}
                {stakes.has(m.sid) && <span className="casino-market-stake">{formatRupees(stakes.get(m.sid)!)}</span>}
              </MarketButton>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
