import { Link } from '@tanstack/react-router';
import type { CasinoResultDto } from '@exch/contracts';
import { badgeClassOf, badgeOf } from './table-layout';

/** The last ten results, newest first, as lettered badges; each opens its round (player site). */
export function ResultBadges({ code, results, linked }: { code: string; results: CasinoResultDto[]; linked: boolean }) {
  return (
    <section className="result-strip" aria-label="Last results">
      <span className="result-strip-title">Last results</span>
      <div className="result-badges" data-testid="last-results">
        {results.length === 0 && <span className="muted">No rounds yet</span>}
        {results.map((r) => {
          const letter = badgeOf(code, r);
          const badge = (
            <span className={badgeClassOf(code, r)} title={`${r.mid}: ${r.win}`} data-mid={r.mid}>
              {letter}
            </span>
          );
          return linked ? (
            <Link key={r.mid} to="/casino/result/$matchid" params={{ matchid: r.mid }} className="result-badge-link">
              {badge}
            </Link>
          ) : (
            <span key={r.mid}>{badge}</span>
          );
        })}
      </div>
    </section>
  );
}
