import * as v from 'valibot';

/**
 * The first problem the server would find with a body, checked with the same contracts schema the
 * gateway validates with, so the words match the server's own (null when it would pass).
 */
export function firstProblem(schema: v.GenericSchema, input: unknown): string | null {
  const result = v.safeParse(schema, input);
  return result.success ? null : (result.issues[0]?.message ?? 'Please check the form');
}
