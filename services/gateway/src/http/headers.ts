import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers through helmet: a Content-Security-Policy the built web app runs under
 * (scripts, styles, fonts and requests from this origin only; images may be data: or blob: URLs,
 * such as a generated QR code), no framing of any page by any site (frame-ancestors 'none' and
 * X-Frame-Options), and frames in the product only from `frameOrigins` (live TV, the casino
 * provider). API answers are never cached: they hold balances and bets.
 *
 * helmet's middleware is built once, here. @fastify/helmet built it again for every request,
 * parsing the policy each time: about 19 µs of every request (docs/performance.md, "What limits
 * each figure").
 */
export async function securityHeaders(app: FastifyInstance, frameOrigins: readonly string[]): Promise<void> {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", ...frameOrigins],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (req, reply, done) =>
    headers(req.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined)),
  );
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
}
