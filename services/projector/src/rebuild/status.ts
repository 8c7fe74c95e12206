import type { ProjectionStatus, ProjectionsAnswer, SqlClient } from '@exch/contracts';

interface Row {
  name: string;
  version: number;
  checkpoint: string | number;
  build_version: number | null;
  reason: 'upgrade' | 'request' | null;
  requested_by: string | null;
  requested_at: Date | string | null;
  folded: (string | number)[] | null;
  events: string | number | null;
  target: string | number | null;
  rate: number | null;
}

/**
 * Every read model that has run on this database, with where it stands against the log's head and
 * the rebuild folding beside it, if any. The checkpoint is the runner's, or in distributed mode the
 * events the group's partitions have folded (positions count the events from 1 without gaps, so it
 * reads as a position, as readLogLag's lag does).
 */
export async function projectionStatus(sql: SqlClient): Promise<ProjectionsAnswer> {
  // The head first: a checkpoint read after it may pass it, and is clamped.
  const { rows: top } = await sql.query<{ head: string | number }>(
    'select coalesce(max(position), 0) as head from events',
  );
  const head = Number(top[0]!.head);
  const { rows } = await sql.query<Row>(
    `select c.name, c.version,
            greatest(c.position, coalesce((select sum(p.folded) from projection_partition_checkpoints p where p.name = c.name), 0)) as checkpoint,
            b.version as build_version, b.reason, u.username as requested_by, b.requested_at, b.folded, b.events, b.target, b.rate
       from projection_checkpoints c
       left join projection_builds b on b.name = c.name
       left join rm_users u on u.user_id = b.requested_by
      order by c.name`,
  );
  const data = rows.map((r): ProjectionStatus => {
    const checkpoint = Math.min(Number(r.checkpoint), head);
    const position = Math.max(0, ...(r.folded ?? []).map(Number));
    const target = Number(r.target ?? 0);
    return {
      name: r.name,
      version: Number(r.version),
      checkpoint,
      head,
      lag: head - checkpoint,
      state: r.build_version === null ? 'live' : 'rebuilding',
      rebuild:
        r.build_version === null
          ? null
          : {
              version: Number(r.build_version),
              reason: r.reason!,
              requested_by: r.requested_by,
              requested_at: new Date(r.requested_at!).toISOString(),
              position,
              target,
              progress: target > 0 ? Math.min(1, position / target) : 0,
              events: Number(r.events ?? 0),
              events_per_sec: Math.round(Number(r.rate ?? 0)),
            },
    };
  });
  return { head, data };
}
