import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers through @fastify/helmet: a Content-Security-Policy the built web app runs under
 * (scripts, styles, fonts and requests from this origin only; images may be data: or blob: URLs,
 * such as a generated QR code), no framing of any page by any site (frame-ancestors 'none' and
 * X-Frame-Options), and frames in the product only from `frameOrigins` (live TV, the casino
 * provider). API answers are never cached: they hold balances and bets.
 */
export async function securityHeaders(app: FastifyInstance, frameOrigins: readonly string[]): Promise<void> {
  await app.register(fastifyHelmet, {
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
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
}
