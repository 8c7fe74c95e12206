import * as v from 'valibot';
import { HttpError } from './errors.js';

/** Parses a request part against a contracts schema; the first issue becomes a 400 with its message. */
export function parse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const path = issue.path?.map((p) => String(p.key)).join('.');
  const unknownKey = issue.kind === 'schema' && issue.type === 'strict_object' && path;
  throw new HttpError(400, unknownKey ? `Unknown field: ${path}` : issue.message);
}
