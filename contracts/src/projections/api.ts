import * as v from 'valibot';
import { TransactionPasswordBody } from '../api/passwords.js';
import { idText } from '../api/text.js';

/** POST /api/admin/projections/{name}/rebuild. */
export const ProjectionParams = v.object({ name: idText('name') });
export const RebuildBody = TransactionPasswordBody;

/** Its 202 answer: the rebuild is asked for and folds from the next poll of the builds. */
export interface RebuildAnswer {
  message: string;
  name: string;
  version: number;
}

/** A rebuild folding beside the live tables. */
export interface ProjectionRebuild {
  version: number;
  /** 'upgrade': the server's code has another version than the tables; 'request': an admin asked. */
  reason: 'upgrade' | 'request';
  /** Username of the admin who asked; null for an upgrade. */
  requested_by: string | null;
  requested_at: string;
  /** Last log position folded. */
  position: number;
  /** Where the serving version stands: the rebuild switches in when it gets there. */
  target: number;
  /** 0 to 1. */
  progress: number;
  events: number;
  events_per_sec: number;
}

/** GET /api/admin/projections: one read model. */
export interface ProjectionStatus {
  name: string;
  /** Version of the tables serving reads. */
  version: number;
  /** Last log position folded into them (in distributed mode the events the partitions have folded, which counts the same). */
  checkpoint: number;
  head: number;
  lag: number;
  state: 'live' | 'rebuilding';
  rebuild: ProjectionRebuild | null;
}

export interface ProjectionsAnswer {
  head: number;
  data: ProjectionStatus[];
}
