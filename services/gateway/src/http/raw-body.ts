import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as sent, kept on signed routes: the signature covers these bytes, not a re-serialised parse. */
    rawBody?: string;
  }
}

const LIMIT = 64 * 1024;

/**
 * preParsing: reads the body (at most 64 KiB), keeps its text, and hands the same bytes on to the
 * parser. A body over the limit is answered 413 with `Connection: close`: the rest of it is never
 * read, so the connection can carry no other request. Without the header the client kept it, and
 * its next call on it waited for the server's keep-alive timeout (72 s), then met a reset.
 */
export async function keepRawBody(
  req: FastifyRequest,
  reply: FastifyReply,
  payload: NodeJS.ReadableStream,
): Promise<NodeJS.ReadableStream> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > LIMIT) {
      reply.header('connection', 'close');
      throw new HttpError(413, 'Request body is too large');
    }
    chunks.push(buffer);
  }
  const body = Buffer.concat(chunks);
  req.rawBody = body.toString('utf8');
  // Fastify compares the bytes its parser received with Content-Length through this property.
  return Object.assign(Readable.from([body]), { receivedEncodedLength: body.length });
}
