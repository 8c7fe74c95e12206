import type { FastifyInstance } from 'fastify';
import { documented, type Route } from '../http/route.js';
import { openApiDocument } from './spec.js';

/** GET /api/openapi.json: every route described from its own spec and schemas, made at the first request (all routes are registered by then). */
export function openApiRoute(app: FastifyInstance, route: Route): void {
  let document: Record<string, unknown> | null = null;
  route(
    { method: 'GET', url: '/api/openapi.json', access: 'public', tag: 'Operations', summary: 'This description' },
    async () => (document ??= openApiDocument(documented.get(app) ?? [])),
  );
}
