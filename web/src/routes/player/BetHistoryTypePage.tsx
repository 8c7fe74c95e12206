import { useParams } from '@tanstack/react-router';
import { BetListPage } from './BetListPage';

/** /unsettledbet/{type} (SPEC.md section 2): 'deleted' gives the deleted bet history, any other value the unsettled bet history. */
export function PlayerBetHistoryTypePage() {
  const type = useParams({ strict: false, select: (p) => p.type });
  return type === 'deleted' ? (
    <BetListPage key="deleted" title="Deleted Bet History" status="deleted" dated />
  ) : (
    <BetListPage key="pending" title="Unsettled Bet History" status="pending" dated={false} />
  );
}
