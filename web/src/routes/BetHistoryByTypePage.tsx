import { useParams } from '@tanstack/react-router';
import { ComingCard } from '../ui/ComingCard';
import { usePageTitle } from '../ui/use-page-title';

/** SPEC.md section 2: type 'deleted' gives the deleted bet history, any other value the unsettled bet history. */
export function BetHistoryByTypePage() {
  const type = useParams({ strict: false, select: (p) => p.type });
  const deleted = type === 'deleted';
  const title = deleted ? 'Deleted Bet History' : 'Unsettled Bet History';
  usePageTitle(title);
  return (
    <ComingCard
      title={title}
      blurb={deleted ? 'Bets that were deleted, with who deleted them and when.' : 'Open bets waiting for their market to settle.'}
    />
  );
}
