import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UploadedFile } from '@exch/contracts';
import { HttpError } from './errors.js';

/** A route that takes a multipart form: its one file part and that part's size limit. */
export interface UploadSpec {
  /** The file part's field name; the other parts are text fields. */
  field: string;
  maxBytes: number;
  /** What the file is, for the OpenAPI description. */
  description: string;
}

/** Text fields of a form are short; anything else in a request is refused before it is read whole. */
const FIELD_LIMITS = { fields: 20, fieldSize: 2_000, fieldNameSize: 100, files: 1, parts: 21, headerPairs: 100 };

/**
 * Registers the multipart parser in a context of the route's own, so only upload routes accept
 * multipart bodies (everywhere else it stays a 415, as before).
 */
export function inUploadContext(
  app: FastifyInstance,
  upload: UploadSpec,
  register: (child: FastifyInstance) => void,
): void {
  void app.register(async (child) => {
    await child.register(fastifyMultipart, { limits: { ...FIELD_LIMITS, fileSize: upload.maxBytes } });
    register(child);
  });
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * The form as one object: each text field by name, the file part as {filename, bytes}. The body
 * schema then checks it like any JSON body. A body that is not multipart, a second file, a file over
 * the limit or a form cut short are the client's doing: 4xx, never 500.
 */
export async function readForm(req: FastifyRequest, upload: UploadSpec): Promise<Record<string, unknown>> {
  if (!req.isMultipart()) throw new HttpError(415, 'Send the form as multipart/form-data', 'NOT_MULTIPART');
  const form: Record<string, unknown> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== upload.field || form[upload.field] !== undefined) {
          await part.toBuffer();
          throw new HttpError(400, `Unknown field: ${part.fieldname}`);
        }
        const bytes = await part.toBuffer();
        // A file input left empty still sends a part, with no name and no bytes.
        if (bytes.length > 0 || part.filename !== '')
          form[upload.field] = { filename: part.filename, bytes: new Uint8Array(bytes) } satisfies UploadedFile;
      } else {
        form[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, `The file is too large (at most ${megabytes(upload.maxBytes)})`, 'FILE_TOO_LARGE');
    const status = (err as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500)
      throw new HttpError(status === 406 ? 415 : status, 'The form could not be read: ' + (err as Error).message, code);
    throw new HttpError(400, 'The form could not be read', 'MALFORMED_FORM');
  }
  return form;
}
