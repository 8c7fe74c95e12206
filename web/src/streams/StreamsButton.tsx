import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MatchStreamsBody } from '@exch/contracts';
import { fetchConfiguredStreams, saveMatchStreams } from '../api/stream-calls';
import { FormError, TextField } from '../ui/fields';
import { Modal, ModalActions } from '../ui/Modal';
import { showSuccessToast } from '../ui/toasts';
import { useFormSubmit } from '../ui/use-form-submit';
import { firstProblem } from '../ui/validate';

/**
 * Admin and super admin: set a match's live TV and score frame URLs (SPEC.md sections 2 and 5:
 * valid URLs; the server also refuses origins the site may not frame). Empty clears one.
 */
export function StreamsButton({ matchId, matchName }: { matchId: string; matchName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-sm btn-outline" onClick={() => setOpen(true)}>
        Live TV / score
      </button>
      {open && <ConfiguredStreamsModal matchId={matchId} matchName={matchName} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The dialog opens on the URLs as set, so saving one field never clears the other by accident. */
function ConfiguredStreamsModal({
  matchId,
  matchName,
  onClose,
}: {
  matchId: string;
  matchName: string;
  onClose: () => void;
}) {
  const configured = useQuery({
    queryKey: ['configured-streams', matchId],
    queryFn: () => fetchConfiguredStreams(matchId),
    retry: false,
    staleTime: 0,
  });
  if (configured.isPending) return null;
  const current = configured.data ?? { tv: null, score: null };
  return (
    <StreamsModal
      matchId={matchId}
      matchName={matchName}
      initial={{ tvUrl: current.tv ?? '', scoreUrl: current.score ?? '' }}
      onClose={onClose}
    />
  );
}

function StreamsModal({
  matchId,
  matchName,
  initial,
  onClose,
}: {
  matchId: string;
  matchName: string;
  initial: { tvUrl: string; scoreUrl: string };
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState(initial);
  const { busy, error, edit, submit } = useFormSubmit();
  const body = { tvUrl: form.tvUrl.trim() || null, scoreUrl: form.scoreUrl.trim() || null };
  const send = async (): Promise<void> => {
    const answer = await saveMatchStreams(matchId, body);
    showSuccessToast(answer.message);
    await queryClient.invalidateQueries({ queryKey: ['match-streams', matchId] });
    await queryClient.invalidateQueries({ queryKey: ['configured-streams', matchId] });
    onClose();
  };
  return (
    <Modal title="Live TV and score" subtitle={matchName} onClose={onClose}>
      <form onSubmit={(e) => void submit(e, firstProblem(MatchStreamsBody, body), send)} noValidate>
        <TextField
          label="Live TV URL"
          name="tvUrl"
          type="url"
          autoComplete="off"
          placeholder="https://"
          value={form.tvUrl}
          onValue={edit((tvUrl: string) => setForm((f) => ({ ...f, tvUrl })))}
        />
        <TextField
          label="Score URL"
          name="scoreUrl"
          type="url"
          autoComplete="off"
          placeholder="https://"
          value={form.scoreUrl}
          onValue={edit((scoreUrl: string) => setForm((f) => ({ ...f, scoreUrl })))}
          hint="Leave a field empty to remove that frame."
        />
        <FormError message={error} />
        <ModalActions onCancel={onClose} busy={busy} label="Save" busyLabel="Saving..." />
      </form>
    </Modal>
  );
}
