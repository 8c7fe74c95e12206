import type { FastifySchemaCompiler } from 'fastify';
import * as v from 'valibot';
import { issueMessage } from '@exch/contracts';

/**
 * Fastify's validator for the routes' request schemas, which are valibot's (the text rule of
 * contracts/src/api/text.ts is one): the parsed value replaces the request part, and a refusal is a
 * 400 whose message names the field, as at the gateway.
 */
export const valibotValidator: FastifySchemaCompiler<v.GenericSchema> =
  ({ schema }) =>
  (data) => {
    const result = v.safeParse(schema, data);
    if (result.success) return { value: result.output };
    return { error: Object.assign(new Error(issueMessage(result.issues)), { statusCode: 400 }) };
  };
