import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import type { RouteSpec } from '../http/route.js';
import type { UploadSpec } from '../http/upload.js';
import { SCHEMAS } from './schemas.js';

type Json = Record<string, unknown>;
type AnySpec = RouteSpec<v.GenericSchema | undefined, v.GenericSchema | undefined, v.GenericSchema | undefined>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function accessNote({ access, backOffice }: Pick<AnySpec, 'access' | 'backOffice'>): string {
  if (typeof access === 'object')
    return `Back-office tokens holding the privilege ${access.admin}; lists and actions cover the caller's downline only.`;
  const downline =
    backOffice && backOffice !== 'own'
      ? ` A back-office token needs the privilege ${backOffice} for another account of its downline.`
      : '';
  return `${
    {
      public: 'No token needed.',
      any: 'Any signed-in user.',
      'password-change': 'Any signed-in user, also one who still owes the forced password change.',
      player: 'Player tokens only (role user).',
      'market-admin': 'Back-office tokens of role admin or super admin holding the privilege manage-markets.',
      provider:
        'The casino game provider only, server to server: X-Provider-Timestamp and X-Provider-Signature (HMAC-SHA256 under the shared secret over the timestamp, method, path, Wallet-Session header and exact body; docs/international-casino.md). Amounts are integer paise.',
    }[access]
  }${downline}`;
}

/** JSON schema of a valibot schema (transforms and custom checks are described by their input type). */
const jsonOf = (schema: v.GenericSchema): Json =>
  toJsonSchema(schema, { errorMode: 'ignore', target: 'openapi-3.0' }) as Json;

/** An object schema's entries as OpenAPI parameters (path or query). */
function parameters(schema: v.GenericSchema | undefined, where: 'path' | 'query'): Json[] {
  if (!schema) return [];
  const json = jsonOf(schema) as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: s,
  }));
}

/** A multipart form: its text fields from the body schema, its file part as binary. */
function multipart(body: v.GenericSchema, upload: UploadSpec): Json {
  const schema = jsonOf(body) as { properties?: Record<string, Json> };
  return {
    'multipart/form-data': {
      schema: {
        ...schema,
        properties: {
          ...schema.properties,
          [upload.field]: {
            type: 'string',
            format: 'binary',
            description: `${upload.description}, at most ${upload.maxBytes} bytes`,
          },
        },
      },
    },
  };
}

/** A websocket's answers: the upgrade, or a JSON refusal to a request that did not ask for one. */
const WEBSOCKET_RESPONSES: Json = {
  101: { description: 'Switching Protocols: the websocket, JSON frames {event, data} (docs/exchange-api.md)' },
  426: {
    description: 'Upgrade Required: a request without `Upgrade: websocket`',
    content: { 'application/json': { schema: ref('Error') } },
  },
};

function operation(spec: AnySpec): Json {
  if (spec.websocket)
    return {
      tags: [spec.tag],
      summary: spec.summary,
      description: accessNote(spec),
      responses: WEBSOCKET_RESPONSES,
    };
  const answer =
    spec.answer === undefined ? { type: 'object' } : typeof spec.answer === 'string' ? ref(spec.answer) : spec.answer;
  return {
    tags: [spec.tag],
    summary: spec.summary,
    description: accessNote(spec),
    ...(spec.access === 'public'
      ? {}
      : { security: [spec.access === 'provider' ? { providerSignature: [] } : { bearer: [] }] }),
    parameters: [...parameters(spec.params, 'path'), ...parameters(spec.query, 'query')],
    ...(spec.body
      ? {
          requestBody: {
            required: true,
            content: spec.upload
              ? multipart(spec.body, spec.upload)
              : { 'application/json': { schema: jsonOf(spec.body) } },
          },
        }
      : {}),
    responses: {
      [spec.created ? 201 : 200]: {
        description: 'OK',
        content: { [spec.produces ?? 'application/json']: { schema: answer } },
      },
      ...(spec.rateLimited
        ? {
            429: {
              description: `Too many ${spec.rateLimited} for the login, account or address (docs/rate-limits.md): nothing was done`,
              headers: {
                'Retry-After': { description: 'Whole seconds to wait, at least 1', schema: { type: 'integer' } },
              },
              content: { 'application/json': { schema: ref('Error') } },
            },
          }
        : {}),
      default: {
        description: 'A refusal: 4xx for anything a client can send',
        content: { 'application/json': { schema: ref('Error') } },
      },
    },
  };
}

/** The OpenAPI description of every route, generated from the routes' own specs and schemas. */
export function openApiDocument(specs: readonly AnySpec[]): Json {
  const paths: Record<string, Json> = {};
  for (const spec of specs)
    (paths[spec.url.replace(/:(\w+)/g, '{$1}')] ??= {})[spec.method.toLowerCase()] = operation(spec);
  return {
    openapi: '3.0.3',
    info: {
      title: 'Exchange API',
      version: '1',
      description:
        'Amounts are rupees as JSON numbers; match odds decimal odds, bookmaker odds the rate, fancy odds the run line with its rate in volume. Websocket /ws: see docs/exchange-api.md.',
    },
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        providerSignature: { type: 'apiKey', in: 'header', name: 'X-Provider-Signature' },
      },
      schemas: SCHEMAS,
    },
  };
}
