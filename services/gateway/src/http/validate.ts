import * as v from 'valibot';
import { HttpError } from './errors.js';

const keyOf = (issue: v.BaseIssue<unknown>): string => issue.path?.map((p) => String(p.key)).join('.') ?? '';
const isKeyIssue = (issue: v.BaseIssue<unknown>): boolean =>
  issue.kind === 'schema' && (issue.type === 'strict_object' || issue.type === 'object') && keyOf(issue) !== '';

/**
 * Parses a request part against a contracts schema. Missing fields are listed together in SPEC.md's
 * wording ('Missing required fields: {list}'), an unknown field is named, and otherwise the first
 * issue's own message is the 400's message.
 */
export function parse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const keyIssues = result.issues.filter(isKeyIssue);
  const unknown = keyIssues.find((i) => i.expected === 'never');
  if (unknown) throw new HttpError(400, `Unknown field: ${keyOf(unknown)}`);
  const missing = keyIssues.filter((i) => i.received === 'undefined').map(keyOf);
  if (missing.length > 0) throw new HttpError(400, `Missing required fields: ${missing.join(', ')}`);
  throw new HttpError(400, result.issues[0].message);
}
