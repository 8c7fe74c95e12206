import * as v from 'valibot';
import { issueMessage } from '@exch/contracts';
import { HttpError } from './errors.js';

/** Parses a request part against a contracts schema; a refusal is a 400 in issueMessage's words. */
export function parse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  throw new HttpError(400, issueMessage(result.issues));
}
