import { ProjectionParams, RebuildBody, type ProjectionsAnswer } from '@exch/contracts';
import { endBuild, isTopAccount, projectionStatus, requestBuild } from '@exch/projector/read';
import type { FastifyRequest } from 'fastify';
import type { AccountDeps } from '../deps.js';
import { checkTransactionPassword } from '../accounts/transaction-password.js';
import { send } from '../http/commands.js';
import { HttpError } from '../http/errors.js';

const TAG = 'Operations';

/**
 * The read models as the operator runs them (docs/architecture.md, "Projection versions"): where
 * each stands, and a rebuild beside the live tables on request. The top admin's only: a rebuild
 * costs the whole database's time.
 */
export function projectionRoutes({ sql, commands, throttle, route }: AccountDeps): void {
  const topAdminOnly = async (req: FastifyRequest) => {
    if (!(await isTopAccount(sql, req.auth!.sub))) throw new HttpError(403, 'Only the top admin manages projections');
  };

  route(
    {
      method: 'GET',
      url: '/api/admin/projections',
      access: { admin: 'view-operations' },
      tag: TAG,
      summary: "Each read model's version, checkpoint and lag, and the rebuild folding beside it with its progress",
    },
    async (req): Promise<ProjectionsAnswer> => {
      await topAdminOnly(req);
      return projectionStatus(sql);
    },
  );

  route(
    {
      method: 'POST',
      url: '/api/admin/projections/:name/rebuild',
      access: { admin: 'view-operations' },
      tag: TAG,
      summary:
        'Fold a read model again from the first event beside its live tables, which keep serving until the new ones have caught up (202)',
      params: ProjectionParams,
      body: RebuildBody,
    },
    async (req, { params: { name }, body }, reply) => {
      await topAdminOnly(req);
      await checkTransactionPassword(sql, throttle, req, body.transaction_password);
      const projection = (await projectionStatus(sql)).data.find((p) => p.name === name);
      if (!projection) throw new HttpError(404, `Unknown projection ${name}`);
      const { version, rebuild } = projection;
      const running = (progress: string) =>
        new HttpError(409, `A rebuild of ${name} is already running${progress}`, 'REBUILD_RUNNING');
      if (rebuild) throw running(` (${Math.floor(rebuild.progress * 100)}%)`);
      // Another request may have come in since the status was read: the insert decides.
      if (!(await requestBuild(sql, { name, version, reason: 'request', requestedBy: req.auth!.sub })))
        throw running('');
      try {
        await send(commands, req, { type: 'RequestProjectionRebuild', name, version });
      } catch (err) {
        await sql.transaction((tx) => endBuild(tx, name));
        throw err;
      }
      reply.code(202);
      return { message: `Rebuild of ${name} started`, name, version };
    },
  );
}
