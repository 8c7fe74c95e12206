import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatClock, type ProjectionsAnswer, type ProjectionStatus, type RebuildAnswer } from '@exch/contracts';
import { errorMessage } from '../api/error-message';
import { useProfile } from '../api/profile-query';
import { formatCount } from '../ui/count';
import { DataTable } from '../ui/DataTable';
import { showSuccessToast } from '../ui/toasts';
import { usePageTitle } from '../ui/use-page-title';
import { projectionColumns } from './projection-columns';
import { fetchProjections } from './projection-calls';
import { RebuildModal } from './RebuildModal';
import '../styles/projections.css';

/** Refreshed every 2 s while a rebuild runs, so its bar moves; every 10 s when all are live. */
const REBUILDING_POLL_MS = 2_000;
const LIVE_POLL_MS = 10_000;
const KEY = ['projections'] as const;

const rebuilding = (answer: ProjectionsAnswer | undefined): number =>
  answer?.data.filter((p) => p.state === 'rebuilding').length ?? 0;

/**
 * /admin/projections (docs/operations.md): each read model's version, checkpoint and lag behind
 * the log's head, and a rebuild beside the live tables with its progress; the top admin asks for
 * one with the transaction password.
 */
export function ProjectionsPage() {
  usePageTitle('Projections');
  const queryClient = useQueryClient();
  const { data: me } = useProfile('admin');
  const projections = useQuery({
    queryKey: KEY,
    queryFn: fetchProjections,
    refetchInterval: (query) => (rebuilding(query.state.data) > 0 ? REBUILDING_POLL_MS : LIVE_POLL_MS),
    retry: false,
  });
  const [asking, setAsking] = useState<ProjectionStatus | null>(null);
  const answer = projections.data;
  const running = rebuilding(answer);

  // The 202 means the rebuild is recorded: the row says so at once, and the next refresh shows how far it has come.
  const started = async (p: ProjectionStatus, a: RebuildAnswer): Promise<void> => {
    showSuccessToast(a.message);
    setAsking(null);
    await queryClient.cancelQueries({ queryKey: KEY });
    queryClient.setQueryData<ProjectionsAnswer>(KEY, (old) =>
      old === undefined
        ? old
        : {
            ...old,
            data: old.data.map((x) =>
              x.name !== p.name
                ? x
                : {
                    ...x,
                    state: 'rebuilding',
                    rebuild: {
                      version: a.version,
                      reason: 'request',
                      requested_by: me?.username ?? null,
                      requested_at: new Date().toISOString(),
                      position: 0,
                      target: 0,
                      progress: 0,
                      events: 0,
                      events_per_sec: 0,
                    },
                  },
            ),
          },
    );
  };

  return (
    <section className="card table-card projections-card">
      <header className="card-head">
        <h1>Projections</h1>
      </header>
      <div className="table-meta projections-meta">
        <span data-testid="projections-summary">
          {answer === undefined ? (
            '\u00a0'
          ) : (
            <>
              Log head <b data-testid="log-head">{formatCount(answer.head)}</b> · {answer.data.length} read models ·{' '}
              {running === 0 ? 'all live' : <b className="rebuilding-count">{running} rebuilding</b>}
            </>
          )}
        </span>
        {answer !== undefined && (
          <span className="muted">
            Checked {formatClock(new Date(projections.dataUpdatedAt), { seconds: true })} · every{' '}
            {(running > 0 ? REBUILDING_POLL_MS : LIVE_POLL_MS) / 1000} s
          </span>
        )}
      </div>
      <DataTable
        columns={projectionColumns(setAsking)}
        rows={answer?.data ?? []}
        rowKey={(p) => p.name}
        rowProps={(p) => ({ 'data-projection': p.name, 'data-state': p.state })}
        // Refreshed every few seconds: no fade each time.
        query={{ ...projections, isFetching: false }}
        className="projections-table"
        testId="projections"
        empty="No read models reported"
        failed={errorMessage(projections.error)}
      />
      <p className="muted projections-note">
        Lag: events of the log not yet folded into the tables that serve reads. A rebuild folds the read model again
        from the first event beside them, and takes over once it has caught up.
      </p>
      {asking && (
        <RebuildModal
          projection={asking}
          onClose={() => {
            setAsking(null);
            // After a refusal (409: a rebuild started elsewhere) the table shows it at once, not at the next refresh.
            void queryClient.invalidateQueries({ queryKey: KEY });
          }}
          onStarted={(a) => void started(asking, a)}
        />
      )}
    </section>
  );
}
