import type { FastifyInstance } from 'fastify';
import { openApiDocument } from './spec.js';

/** GET /api/openapi.json: the exchange's calls described for tools (public, like the docs). */
export function openApiRoute(app: FastifyInstance): void {
  const document = openApiDocument();
  app.get('/api/openapi.json', async () => document);
}
