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

/** preParsing: reads the body (at most 64 KiB), keeps its text, and hands the same bytes on to the parser. */
export async function keepRawBody(
  req: FastifyRequest,
  _reply: FastifyReply,
  payload: NodeJS.ReadableStream,
): Promise<NodeJS.ReadableStream> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > LIMIT) throw new HttpError(413, 'Request body is too large');
    chunks.push(buffer);
  }
  const body = Buffer.concat(chunks);
  req.rawBody = body.toString('utf8');
  // Fastify compares the bytes its parser received with Content-Length through this property.
  return Object.assign(Readable.from([body]), { receivedEncodedLength: body.length });
}
