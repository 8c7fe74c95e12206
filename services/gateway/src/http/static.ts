import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app. Unknown GETs outside /api and /ws get index.html so the client router
 * decides (its own not-found page included); unknown API routes get a JSON 404.
 */
export async function serveWeb(app: FastifyInstance, webDist: string | null): Promise<void> {
  const hasWeb = webDist !== null && existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    const assets = join(webDist, 'assets');
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: ['index.html'],
      // The build names each asset by its content, so a browser keeps it for good instead of asking
      // again on every page load (about sixty scripts a page); index.html is still checked each time.
      setHeaders: (reply, path) => {
        if (path.startsWith(`${assets}/`)) reply.header('cache-control', IMMUTABLE);
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const api = req.url.startsWith('/api/') || req.url === '/api' || req.url.startsWith('/ws');
    if (hasWeb && !api && (req.method === 'GET' || req.method === 'HEAD'))
      return reply.type('text/html').sendFile('index.html');
    return reply
      .status(404)
      .send({ statusCode: 404, error: 'Not Found', message: `Route ${req.method} ${req.url.split('?')[0]} not found` });
  });
}
