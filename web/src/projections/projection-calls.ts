import type { ProjectionsAnswer, RebuildAnswer } from '@exch/contracts';
import { apiRequest } from '../api/client';

/** GET /api/admin/projections (top admin only): each read model's version, checkpoint, lag and rebuild. */
export const fetchProjections = (): Promise<ProjectionsAnswer> =>
  apiRequest('/admin/projections', { auth: 'admin', toast: false });

/** POST /api/admin/projections/{name}/rebuild: 202 once the rebuild is asked for; refusals are shown in the dialog. */
export const rebuildProjection = (name: string, transactionPassword: string): Promise<RebuildAnswer> =>
  apiRequest(`/admin/projections/${encodeURIComponent(name)}/rebuild`, {
    method: 'POST',
    body: { transaction_password: transactionPassword },
    auth: 'admin',
    toast: false,
  });
