import type { RequestProjectionRebuild } from '@exch/contracts';
import { accept, refuse, type Decision } from '../decision.js';
import type { EngineState } from '../state.js';

/**
 * Rebuilding a read model is the operator's: the top admin (role admin, no upline) only. The engine
 * journals who asked, for the audit trail; the projectors do the folding (docs/architecture.md,
 * "Projection versions").
 */
export function decideRequestProjectionRebuild(
  state: Readonly<EngineState>,
  c: RequestProjectionRebuild,
  actor: string | null,
): Decision {
  const user = actor === null ? undefined : state.users.get(actor);
  if (!user || user.role !== 'admin' || user.parentId !== null)
    return refuse('FORBIDDEN', 'Only the top admin rebuilds projections');
  if (typeof c.name !== 'string' || c.name.length === 0 || !Number.isSafeInteger(c.version))
    return refuse('INVALID_PROJECTION', 'Unknown projection');
  return accept({
    type: 'ProjectionRebuildRequested',
    streamId: 'projections',
    data: { name: c.name, version: c.version },
  });
}
