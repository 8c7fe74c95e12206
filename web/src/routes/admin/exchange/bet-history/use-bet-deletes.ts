import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BetDto } from '@exch/contracts';
import { deleteBet } from '../../../../api/admin-betting-calls';
import { errorMessage } from '../../../../api/error-message';
import { showErrorToast, showSuccessToast } from '../../../../ui/toasts';

/**
 * The history's deletes: ticks for the bulk delete (kept only on pending rows on screen), the bulk
 * modal's state, and the single delete behind a row's trash icon.
 */
export function useBetDeletes(rows: BetDto[] | undefined) {
  const queryClient = useQueryClient();
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [deleting, setDeleting] = useState(false);

  // A row that left (deleted, settled, another page) loses its tick.
  useEffect(() => {
    const pending = new Set((rows ?? []).filter((b) => b.status === 'pending').map((b) => b._id));
    setTicked((prev) => {
      const kept = [...prev].filter((id) => pending.has(id));
      return kept.length === prev.size ? prev : new Set(kept);
    });
  }, [rows]);

  /** Now, and again once the read model has surely taken the delete in (it follows the log by a moment). */
  const refresh = (): void => {
    void queryClient.invalidateQueries({ queryKey: ['all-user-bets'] });
    for (const ms of [1_000, 3_000])
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: ['all-user-bets'] }), ms);
  };

  const bulkDelete = (): void => {
    if (ticked.size === 0) return showErrorToast('Please select one item');
    if (!window.confirm('Are you sure you want to delete?')) return;
    setDeleting(true);
  };

  const deleteOne = async (bet: BetDto): Promise<void> => {
    if (!bet._id) return showErrorToast('Invalid bet data. Unable to delete.');
    if (!window.confirm('Are you sure you want to delete?')) return;
    try {
      const answer = await deleteBet(bet._id);
      showSuccessToast(answer.message);
      refresh();
    } catch (e) {
      showErrorToast(errorMessage(e));
    }
  };

  const closeModal = (done: boolean): void => {
    setDeleting(false);
    if (done) refresh();
  };

  return { ticked, setTicked, deleting, bulkDelete, deleteOne, closeModal };
}
