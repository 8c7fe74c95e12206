import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import * as v from 'valibot';
import { idText, type Privilege } from '@exch/contracts';
import { keepRawBody } from './raw-body.js';
import { inUploadContext, readForm, type UploadSpec } from './upload.js';
import { parse } from './validate.js';

/**
 * Who may call a route; the OpenAPI description says the same. 'provider': server to server, signed
 * by the casino game provider. A back-office route always names its privilege (`{ admin }`, or
 * 'market-admin': manage-markets and the admin roles).
 */
export type Access =
  | 'public'
  | 'any'
  | 'player'
  | 'password-change'
  | 'market-admin'
  | 'provider'
  | { admin: Privilege };

/** What a route open to both sides ('any', 'password-change') gives a back-office login (RouteSpec.backOffice). */
export type BackOffice = Privilege | 'own';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type Schema = v.GenericSchema;
type Out<S> = S extends Schema ? v.InferOutput<S> : undefined;

/** A route with its own schemas: they validate the request and they are what the OpenAPI lists. */
export interface RouteSpec<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
> {
  method: Method;
  /** Fastify form, `:name` for a path parameter. */
  url: string;
  access: Access;
  /**
   * On a route open to players and back office alike ('any', 'password-change'): the privilege a
   * back-office login needs for another account's data through it (its handler checks it, as
   * subjectOf does), or 'own' when it serves only the caller's own data or the catalogue. Every
   * route a back-office login can reach names a privilege (tests/api/route-privileges.test.ts).
   */
  backOffice?: BackOffice;
  /** A POST that only reads (SPEC.md's list calls send their filters as a body): no back-office write. */
  readOnly?: true;
  tag: string;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  /** The answer: a component schema's name (openapi/schemas.ts), or a JSON schema. */
  answer?: string | Record<string, unknown>;
  /** A 201 instead of a 200. */
  created?: boolean;
  /** The answer's media type when it is not JSON (a CSV export). */
  produces?: string;
  /** The body is a multipart form with this file part (http/upload.ts); the body schema checks its fields and the file. */
  upload?: UploadSpec;
  /** What the route spends of a per-account limit (limits/limits.ts): its OpenAPI lists the 429. */
  rateLimited?: RateLimited;
  /** A websocket: 101 to an upgrade, 426 to any other request (not a JSON answer). */
  websocket?: boolean;
}

export type RateLimited = 'bet instructions' | 'login attempts' | 'back-office writes';

/** The privilege a route's back-office callers need (null: none reach it, or it serves them only their own data). */
export function privilegeOf(spec: Pick<RouteSpec, 'access' | 'backOffice'>): Privilege | 'own' | null {
  if (typeof spec.access === 'object') return spec.access.admin;
  if (spec.access === 'market-admin') return 'manage-markets';
  if (spec.access === 'any' || spec.access === 'password-change') return spec.backOffice ?? null;
  return null;
}

/** A back-office write (any method but GET to a route only back-office logins reach, but a read by POST): limited per login. */
export const isBackOfficeWrite = (spec: Pick<RouteSpec, 'method' | 'access' | 'readOnly'>): boolean =>
  spec.method !== 'GET' && !spec.readOnly && (typeof spec.access === 'object' || spec.access === 'market-admin');

/** What fastify's route table keeps of a route's spec (its `config`), for the checks that walk the table. */
export interface RouteConfig {
  access: Access;
  privilege: Privilege | 'own' | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by route() on every route it registers (RouteConfig). */
    route?: RouteConfig;
  }
}

export interface RouteInput<P, Q, B> {
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
}

/** Routes the OpenAPI is generated from, in registration order; one list per fastify instance. */
export const documented = new WeakMap<
  FastifyInstance,
  RouteSpec<Schema | undefined, Schema | undefined, Schema | undefined>[]
>();

/** Adds a route registered some other way (the websocket) to the OpenAPI description. */
export function describe<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined>(
  app: FastifyInstance,
  spec: RouteSpec<P, Q, B>,
): void {
  const list = documented.get(app) ?? [];
  documented.set(app, list);
  list.push(spec as RouteSpec<Schema | undefined, Schema | undefined, Schema | undefined>);
}

const pathParams = (url: string): string[] => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);

export type GuardFor = (spec: Pick<RouteSpec, 'method' | 'access' | 'readOnly'>) => preHandlerAsyncHookHandler[];

/**
 * Registers a route whose parameters, query and body are parsed by its schemas before the handler
 * runs (after authentication: a caller without access learns nothing about the input rules). A
 * path parameter without a schema is a programming error, refused at start.
 */
export function route<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(
  app: FastifyInstance,
  guardFor: GuardFor,
  spec: RouteSpec<P, Q, B>,
  handler: (req: FastifyRequest, input: RouteInput<P, Q, B>, reply: FastifyReply) => Promise<unknown>,
): void {
  const declared =
    spec.params && 'entries' in spec.params
      ? Object.keys((spec.params as unknown as v.ObjectSchema<v.ObjectEntries, undefined>).entries)
      : [];
  const inUrl = pathParams(spec.url);
  if (inUrl.length !== declared.length || inUrl.some((p) => !declared.includes(p))) {
    throw new Error(
      `${spec.method} ${spec.url}: path parameters ${inUrl.join(', ') || 'none'} need a params schema naming exactly them`,
    );
  }
  const rateLimited = spec.rateLimited ?? (isBackOfficeWrite(spec) ? 'back-office writes' : undefined);
  describe(app, { ...spec, ...(rateLimited ? { rateLimited } : {}) });
  const { upload } = spec;
  const config = { route: { access: spec.access, privilege: privilegeOf(spec) } satisfies RouteConfig };
  const register = (on: FastifyInstance) =>
    on.route({
      method: spec.method,
      url: spec.url,
      config,
      // A signature covers the exact bytes sent: keep them before the JSON parser sees them.
      ...(spec.access === 'provider' ? { preParsing: keepRawBody } : {}),
      preHandler: guardFor(spec),
      handler: async (req, reply) => {
        const params = spec.params ? parse(spec.params, req.params) : undefined;
        const query = spec.query ? parse(spec.query, req.query) : undefined;
        const raw = upload ? await readForm(req, upload) : req.body;
        const input = { params, query, body: spec.body ? parse(spec.body, raw) : undefined } as RouteInput<P, Q, B>;
        if (spec.created) reply.status(201);
        return handler(req, input, reply);
      },
    });
  if (upload) inUploadContext(app, upload, register);
  else register(app);
}

/** A route's path parameters: each an id under the text rule. */
export const params = <K extends string>(...names: K[]) =>
  v.object(Object.fromEntries(names.map((n) => [n, idText(n)])) as Record<K, ReturnType<typeof idText>>);

export type Route = <
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(
  spec: RouteSpec<P, Q, B>,
  handler: (req: FastifyRequest, input: RouteInput<P, Q, B>, reply: FastifyReply) => Promise<unknown>,
) => void;

/** `route` bound to an app and its guards, as the route modules get it in their deps. */
export const router =
  (app: FastifyInstance, guardFor: GuardFor): Route =>
  (spec, handler) =>
    route(app, guardFor, spec, handler);
