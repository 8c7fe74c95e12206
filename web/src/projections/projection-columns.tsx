import { formatDateTime, type ProjectionRebuild, type ProjectionStatus } from '@exch/contracts';
import { formatCount } from '../ui/count';
import type { Column } from '../ui/DataTable';

/** Where a rebuild stands: a bar, how far of how far, its speed, and who asked for it when. */
export function RebuildProgress({ name, rebuild }: { name: string; rebuild: ProjectionRebuild }) {
  const percent = Math.floor(rebuild.progress * 100);
  // Until its first batch is folded the rebuild has no target yet (projection_builds.target).
  const started = rebuild.target > 0;
  return (
    <div className="rebuild-progress">
      <div
        className="rebuild-bar"
        role="progressbar"
        aria-label={`Rebuild of ${name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <div className="rebuild-figures">
        {started ? (
          <>
            <span>
              <b>{percent}%</b> · {formatCount(rebuild.position)} of {formatCount(rebuild.target)}
            </span>
            <span>{formatCount(rebuild.events_per_sec)} events/s</span>
          </>
        ) : (
          <span>Starting: waiting for its first batch</span>
        )}
      </div>
      <div className="rebuild-who muted">
        {rebuild.reason === 'upgrade' ? 'Upgrade' : `By ${rebuild.requested_by ?? 'an admin'}`} ·{' '}
        {formatDateTime(rebuild.requested_at, { seconds: true })}
      </div>
    </div>
  );
}

/** The read models' table; `onRebuild` opens the confirmation for one. */
export function projectionColumns(onRebuild: (p: ProjectionStatus) => void): Column<ProjectionStatus>[] {
  return [
    {
      id: 'name',
      header: 'Read model',
      cellClassName: 'strong-cell',
      cell: (p) => <span className="mono">{p.name}</span>,
    },
    {
      id: 'version',
      header: 'Version',
      className: 'num',
      // An upgrade folds another version than the one serving; a requested rebuild folds the same again.
      cell: (p) =>
        p.rebuild && p.rebuild.version !== p.version ? `${p.version} → ${p.rebuild.version}` : String(p.version),
    },
    { id: 'checkpoint', header: 'Checkpoint', className: 'num', cell: (p) => formatCount(p.checkpoint) },
    {
      id: 'lag',
      header: 'Lag',
      className: 'num',
      cell: (p) => <span className={p.lag > 0 ? 'lag-behind' : undefined}>{formatCount(p.lag)}</span>,
    },
    {
      id: 'state',
      header: 'State',
      cell: (p) =>
        p.state === 'rebuilding' ? (
          <span className="state-badge state-busy">Rebuilding</span>
        ) : (
          <span className="state-badge state-ok">Live</span>
        ),
    },
    {
      id: 'rebuild',
      header: 'Rebuild',
      cellClassName: 'rebuild-cell',
      cell: (p) =>
        p.rebuild ? (
          <RebuildProgress name={p.name} rebuild={p.rebuild} />
        ) : (
          <span className="muted">No rebuild running</span>
        ),
    },
    {
      id: 'action',
      header: 'Action',
      className: 'num',
      cellClassName: 'action-cell',
      cell: (p) => (
        <button
          type="button"
          className="btn btn-sm btn-outline"
          disabled={p.state === 'rebuilding'}
          title={p.state === 'rebuilding' ? 'A rebuild of this read model is running' : undefined}
          onClick={() => onRebuild(p)}
        >
          Rebuild
        </button>
      ),
    },
  ];
}
