/**
 * Authorization matrix: every admin route x every acting role x every kind of target.
 *
 * The demo hierarchy (admin > sadmin1 > master1 > agent1 > dealer1 > player1..3) gets a second
 * branch (admin > sadmin2 > master2 > agent2 > dealer2 > player9), so every back-office role has an
 * own downline, an upline and another branch to be refused. The expected answer of each cell comes
 * from a tree this file keeps itself (seed list plus what it creates), never from the read models.
 *
 * Phases:
 *  - setup: second branch, one "victim" account per actor (the POST /api/users cells) that the
 *    mutating allowed cells act on, so no actor's own session or password is ever touched;
 *  - refusals and reads, per actor: every cell that must not journal anything, with the log head
 *    checked unchanged around each actor's batch;
 *  - allowed mutations on the victims (2xx), then withdrawals;
 *  - the list endpoints crawled page by page and drilled recursively, against the tree;
 *  - a restricted multi-login sub-login (privileges ['view-clients']);
 *  - the server-side rules found missing while building it (forced password change, upline IP
 *    and device hidden from the downline), and a printed matrix summary.
 */
import t from 'tap';
import { randomUUID } from 'node:crypto';
import { ROLE_SLUGS, type Privilege, type RoleSlug } from '@exch/contracts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_SUB_LOGINS, DEMO_TRANSACTION_PASSWORD } from '@exch/server';
import { FAST_CLIENT_LIMITS, startTestServer } from '../helpers/server.js';
import { caller, type Res } from '../helpers/api.js';

// Every actor's cells in a row, far faster than a person changes the back office: the write limit is not what it checks.
const server = await startTestServer({ limits: FAST_CLIENT_LIMITS });
t.teardown(() => server.close());
const { call, login, tokenOf } = caller(server);

const TXN = DEMO_TRANSACTION_PASSWORD;
const START_PW = 'Start123';
const OWN_PW = 'Mine4567';

/** The assertion methods the cell checks use (the root tap object and subtests both have them). */
interface Asserts {
  same(found: unknown, wanted: unknown, message: string): boolean;
  match(found: unknown, wanted: unknown, message: string): boolean;
  equal(found: unknown, wanted: unknown, message: string): boolean;
  ok(value: unknown, message: string): boolean;
}

// ---------------------------------------------------------------------------------------------
// The account tree as this test knows it (independent of the server's read models)
// ---------------------------------------------------------------------------------------------

interface Account {
  username: string;
  role: RoleSlug;
  parent: string | null;
  id: string;
  token: string | null;
}

const accounts = new Map<string, Account>();
const acct = (username: string): Account => {
  const a = accounts.get(username);
  if (!a) throw new Error(`the test does not know account ${username}`);
  return a;
};
const tokenFor = (username: string): string => {
  const tok = acct(username).token;
  if (!tok) throw new Error(`no token for ${username}`);
  return tok;
};
const childrenOf = (username: string): Account[] => [...accounts.values()].filter((a) => a.parent === username);
function downlineOf(username: string): Account[] {
  const out: Account[] = [];
  const walk = (p: string) => {
    for (const c of childrenOf(p)) {
      out.push(c);
      walk(c.username);
    }
  };
  walk(username);
  return out;
}
function uplineOf(username: string): Account[] {
  const out: Account[] = [];
  for (let p = acct(username).parent; p !== null; p = acct(p).parent) out.push(acct(p));
  return out;
}
/** Everyone neither the actor, nor below it, nor above it: other branches (and side branches). */
function outsideOf(username: string): Account[] {
  const inside = new Set([
    username,
    ...downlineOf(username).map((a) => a.username),
    ...uplineOf(username).map((a) => a.username),
  ]);
  return [...accounts.values()].filter((a) => !inside.has(a.username));
}

let fresh = 0;
const freshName = (prefix: string) => `${prefix}${++fresh}`;

const newUserBody = (username: string, role: RoleSlug) => ({
  username,
  fullName: `Matrix ${username}`,
  password: START_PW,
  confirmPassword: START_PW,
  role,
  creditReference: 0,
  exposureLimit: 0,
  transactionPassword: TXN,
});

// ---------------------------------------------------------------------------------------------
// The routes: method, path template, a valid body builder, the privilege it needs
// ---------------------------------------------------------------------------------------------

interface Route {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  /** The path for a target (user id or username); routes without a target ignore it. */
  path: (target: string) => string;
  /** A body that passes validation, so a refusal can only come from authorization. */
  body?: (ctx: { username: string; role: RoleSlug }) => unknown;
  /** null: guarded by the admin context alone (no privilege check). */
  privilege: Privilege | null;
  target: boolean;
  /** Changes state when allowed (so its allowed cells run on victims, after the refusal phase). */
  mutates: boolean;
  /** 'admin' routes refuse player tokens; 'any' routes let a player read its own records only. */
  context: 'admin' | 'any';
}

const q = encodeURIComponent;
const ROUTES: Route[] = [
  {
    name: 'GET /api/users/downline',
    method: 'GET',
    path: () => '/api/users/downline',
    privilege: 'view-clients',
    target: false,
    mutates: false,
    context: 'admin',
  },
  {
    name: 'GET /api/users/downline?parent=',
    method: 'GET',
    path: (id) => `/api/users/downline?parent=${q(id)}`,
    privilege: 'view-clients',
    target: true,
    mutates: false,
    context: 'admin',
  },
  {
    name: 'GET /api/users/:id',
    method: 'GET',
    path: (id) => `/api/users/${q(id)}`,
    privilege: 'view-clients',
    target: true,
    mutates: false,
    context: 'admin',
  },
  {
    name: 'POST /api/users',
    method: 'POST',
    path: () => '/api/users',
    body: ({ username, role }) => newUserBody(username, role),
    privilege: 'create-client',
    target: false,
    mutates: true,
    context: 'admin',
  },
  {
    name: 'PUT /api/users/:id',
    method: 'PUT',
    path: (id) => `/api/users/${q(id)}`,
    body: () => ({ fullName: 'Matrix Edited', creditReference: 20, exposureLimit: 30, transactionPassword: TXN }),
    privilege: 'create-client',
    target: true,
    mutates: true,
    context: 'admin',
  },
  {
    name: 'POST /api/users/:id/deposit',
    method: 'POST',
    path: (id) => `/api/users/${q(id)}/deposit`,
    body: () => ({ amount: 100, remark: 'matrix', transactionPassword: TXN }),
    privilege: 'deposit-chips',
    target: true,
    mutates: true,
    context: 'admin',
  },
  {
    name: 'POST /api/users/:id/withdraw',
    method: 'POST',
    path: (id) => `/api/users/${q(id)}/withdraw`,
    body: () => ({ amount: 40, remark: 'matrix', transactionPassword: TXN }),
    privilege: 'withdraw-chips',
    target: true,
    mutates: true,
    context: 'admin',
  },
  {
    name: 'PUT /api/users/:id/credit-reference',
    method: 'PUT',
    path: (id) => `/api/users/${q(id)}/credit-reference`,
    body: () => ({ creditReference: 20, transactionPassword: TXN }),
    privilege: 'edit-limits',
    target: true,
    mutates: true,
    context: 'admin',
  },
  {
    name: 'PUT /api/users/:id/exposure-limit',
    method: 'PUT',
    path: (id) => `/api/users/${q(id)}/exposure-limit`,
    body: () => ({ exposureLimit: 30, transactionPassword: TXN }),
    privilege: 'edit-limits',
    target: true,
    mutates: true,
    context: 'admin',
  },
  {
    name: 'PUT /api/users/:id/password',
    method: 'PUT',
    path: (id) => `/api/users/${q(id)}/password`,
    body: () => ({ newPassword: 'Reset1234', confirmPassword: 'Reset1234', transactionPassword: TXN }),
    privilege: 'change-client-password',
    target: true,
    mutates: true,
    context: 'admin',
  },
  {
    name: 'PUT /api/users/:id/lock',
    method: 'PUT',
    path: (id) => `/api/users/${q(id)}/lock`,
    body: () => ({ betLocked: true, transactionPassword: TXN }),
    privilege: 'lock-clients',
    target: true,
    mutates: true,
    context: 'admin',
  },
  {
    name: 'GET /api/transactions/statement?userId=',
    method: 'GET',
    path: (id) => `/api/transactions/statement?userId=${q(id)}`,
    privilege: 'account-statement',
    target: true,
    mutates: false,
    context: 'any',
  },
  {
    name: 'GET /api/activity-log?userId=',
    method: 'GET',
    path: (id) => `/api/activity-log?userId=${q(id)}`,
    privilege: 'activity-log',
    target: true,
    mutates: false,
    context: 'any',
  },
  {
    name: 'GET /api/roles/super-admin/permissions',
    method: 'GET',
    path: () => '/api/roles/super-admin/permissions',
    privilege: 'multi-login',
    target: false,
    mutates: false,
    context: 'admin',
  },
  {
    name: 'GET /api/downline-users-by-role',
    method: 'GET',
    path: () => '/api/downline-users-by-role',
    privilege: 'multi-login',
    target: false,
    mutates: false,
    context: 'admin',
  },
  {
    name: 'PUT /api/users/:id/permissions-password',
    method: 'PUT',
    path: (id) => `/api/users/${q(id)}/permissions-password`,
    body: () => ({
      permissions: ['view-clients', 'account-statement'],
      newPassword: null,
      confirmNewPassword: null,
      transactionPass: TXN,
    }),
    privilege: 'multi-login',
    target: true,
    mutates: true,
    context: 'admin',
  },
  {
    name: 'GET /api/ops/projections',
    method: 'GET',
    path: () => '/api/ops/projections',
    privilege: 'view-operations',
    target: false,
    mutates: false,
    context: 'admin',
  },
];
const route = (name: string): Route => {
  const r = ROUTES.find((x) => x.name === name);
  if (!r) throw new Error(`no route ${name}`);
  return r;
};
/** Target routes whose own-records path accepts the actor itself (the rest answer 404 for self). */
const SELF_OK = new Set([
  'GET /api/users/downline?parent=',
  'GET /api/users/:id',
  'GET /api/transactions/statement?userId=',
  'GET /api/activity-log?userId=',
]);

const NOT_IN_DOWNLINE = {
  statusCode: 404,
  error: 'Not Found',
  message: 'User not found in your downline',
  code: 'NOT_IN_DOWNLINE',
};
const WRONG_CONTEXT = {
  statusCode: 403,
  error: 'Forbidden',
  message: 'Player accounts cannot use the admin area',
  code: 'WRONG_CONTEXT',
};
const PLAYER_OTHERS = {
  statusCode: 403,
  error: 'Forbidden',
  message: 'Players can only read their own records',
  code: 'FORBIDDEN',
};
const NO_PRIVILEGE = {
  statusCode: 403,
  error: 'Forbidden',
  message: 'You do not have the privilege for this action',
  code: 'NO_PRIVILEGE',
};
const NO_TOKEN = { statusCode: 401, error: 'Unauthorized', message: 'No auth token', code: 'NO_TOKEN' };
const MALFORMED = { statusCode: 401, error: 'Unauthorized', message: 'jwt malformed', code: 'TOKEN_INVALID' };

// ---------------------------------------------------------------------------------------------
// Cells
// ---------------------------------------------------------------------------------------------

type Kind =
  | 'none'
  | 'own'
  | 'own-direct'
  | 'own-deep'
  | 'own-not-agent'
  | 'self'
  | 'upline'
  | 'other-branch'
  | 'ghost'
  | 'any';

interface Cell {
  route: Route;
  /** Row label: the acting account (or 'no token' / 'bad token'). */
  actor: string;
  token: string | undefined;
  kind: Kind;
  /** What goes into the path, and how the message names it (byName: a username instead of an id). */
  target: { ref: string; label: string; byName?: boolean } | null;
  body?: unknown;
  /** Exact body (t.same) or a pattern (t.match), with the status. */
  want: { status: number; exact?: Record<string, unknown>; match?: Record<string, unknown> };
}

/** The matrix summary: route -> actor -> kind -> statuses seen. */
const seen = new Map<string, Map<string, Map<Kind, Set<number>>>>();
function record(c: Cell, status: number): void {
  const kind = (c.target?.byName ? `${c.kind}(name)` : c.kind) as Kind;
  const byActor = seen.get(c.route.name) ?? new Map<string, Map<Kind, Set<number>>>();
  seen.set(c.route.name, byActor);
  const row = byActor.get(c.actor) ?? new Map<Kind, Set<number>>();
  byActor.set(c.actor, row);
  const set = row.get(kind) ?? new Set<number>();
  row.set(kind, set);
  set.add(status);
}

async function pool<T, R>(items: T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return out;
}

const cellName = (c: Cell) =>
  `${c.route.name} | ${c.actor}${c.actor in ROLE_OF ? ` (${ROLE_OF[c.actor]})` : ''} | ${c.kind}${c.target ? ` ${c.target.label}` : ''} -> ${c.want.status}`;
const ROLE_OF: Record<string, string> = {};

/** Runs the cells (parallel), then asserts each one: status and body in one assertion per cell. */
async function runCells(t: Asserts, cells: Cell[]): Promise<Res[]> {
  const results = await pool(cells, 16, (c) => {
    const body = c.body !== undefined ? c.body : c.route.body?.({ username: freshName('mx_r'), role: 'user' });
    return call(c.route.method, c.route.path(c.target?.ref ?? ''), body, c.token);
  });
  cells.forEach((c, i) => {
    const r = results[i]!;
    record(c, r.status);
    const found = { status: r.status, body: r.body };
    if (c.want.exact) t.same(found, { status: c.want.status, body: c.want.exact }, cellName(c));
    else t.match(found, { status: c.want.status, ...(c.want.match ? { body: c.want.match } : {}) }, cellName(c));
  });
  return results;
}

/** The id of an account and, when asked, its username too, each as its own cell target. */
const refs = (a: Account, kind: string, withName: boolean) => [
  { ref: a.id, label: `${a.username} [${kind} by id]` },
  ...(withName ? [{ ref: a.username, label: `${a.username} [${kind} by username]`, byName: true }] : []),
];
const ghosts = () => [
  { ref: randomUUID(), label: 'no such user [ghost by id]' },
  { ref: 'nobody_zz', label: 'nobody_zz [ghost by username]', byName: true },
];
/** Routes that look a target up by id or username; statement and activity take ids only. */
const BY_NAME = (r: Route) => r.target && r.context === 'admin';

// ---------------------------------------------------------------------------------------------
// Setup
// ---------------------------------------------------------------------------------------------

const BRANCH1 = ['admin', 'sadmin1', 'master1', 'agent1', 'dealer1'];
const BRANCH2 = ['sadmin2', 'master2', 'agent2', 'dealer2'];
/** The next actor down the seeded chain: its victim is this actor's deep (grand-child) target. */
const CHILD_ACTOR: Record<string, string | undefined> = {
  admin: 'sadmin1',
  sadmin1: 'master1',
  master1: 'agent1',
  agent1: 'dealer1',
};
/** Each actor's direct victim: a role just below its own. */
const VICTIM_ROLE: Record<string, RoleSlug> = {
  admin: 'sadmin',
  sadmin1: 'smdl',
  master1: 'mdl',
  agent1: 'dl',
  dealer1: 'user',
};
/** Actors ranked above `agent` also create an agent-role victim, the only role (with admin) multi-login manages. */
const AGENT_VICTIM_OF = ['admin', 'sadmin1', 'master1'];
const victim = (actor: string) => `v_${actor}`;
/** Outsiders also probed by username (every outsider is probed by id). */
const NAME_PROBES = new Set([...BRANCH1, ...BRANCH2, 'player1', 'player9', 'sub_view', 'sub_view_p']);
const agentVictim = (actor: string) => `va_${actor}`;

/** Creates an account through the API as `creator`; a back-office one is activated the way a real one is. */
async function createAccount(
  tt: Asserts,
  creator: string,
  username: string,
  role: RoleSlug,
  activate: boolean,
): Promise<Account> {
  const r = await call('POST', '/api/users', newUserBody(username, role), tokenFor(creator));
  tt.match(
    r,
    { status: 201, body: { user: { username, role: { slug: role }, parentId: acct(creator).id } } },
    `POST /api/users | ${creator} | creates ${username} (${role}) -> 201`,
  );
  const a: Account = { username, role, parent: creator, id: r.body.user._id, token: null };
  accounts.set(username, a);
  ROLE_OF[username] = role;
  if (activate) {
    const first = await login(username, true, START_PW);
    tt.match(
      first,
      { status: 200, body: { user: { mustChangePassword: true, hasTransactionPassword: false } } },
      `${username} logs in with the given password`,
    );
    tt.match(
      await call(
        'POST',
        '/api/users/first-password',
        { newPassword: OWN_PW, confirmPassword: OWN_PW },
        first.body.token,
      ),
      { status: 200, body: { needsTransactionPassword: true } },
      `${username} changes the forced password`,
    );
    tt.match(
      await call(
        'POST',
        '/api/users/transaction-password',
        { password: OWN_PW, transactionPassword: TXN, confirmTransactionPassword: TXN },
        first.body.token,
      ),
      { status: 200 },
      `${username} sets its transaction password`,
    );
    a.token = first.body.token;
  }
  return a;
}

t.test(
  'setup: the seeded tree, a second branch, one victim per actor (the POST /api/users allowed cells)',
  async (t) => {
    // The seed, as its own list says, with ids from the back-office logins and the admin's view.
    const logins = await Promise.all(
      DEMO_ACCOUNTS.filter((a) => a.role !== 'user').map((a) => login(a.username, true, DEMO_PASSWORD)),
    );
    for (const [i, a] of DEMO_ACCOUNTS.filter((x) => x.role !== 'user').entries()) {
      const r = logins[i]!;
      t.equal(r.status, 200, `${a.username} logs in`);
      accounts.set(a.username, {
        username: a.username,
        role: a.role,
        parent: a.parent,
        id: r.body.user._id,
        token: r.body.token,
      });
    }
    for (const a of DEMO_ACCOUNTS.filter((x) => x.role === 'user')) {
      const r = await call('GET', `/api/users/${a.username}`, undefined, tokenFor('admin'));
      t.equal(r.status, 200, `admin reads ${a.username}`);
      accounts.set(a.username, {
        username: a.username,
        role: a.role,
        parent: a.parent,
        id: r.body.user._id,
        token: null,
      });
    }
    // The demo's multi-login sub-logins of the top admin are part of its downline (read, never logged in here).
    for (const a of DEMO_SUB_LOGINS) {
      const r = await call('GET', `/api/users/${a.username}`, undefined, tokenFor('admin'));
      accounts.set(a.username, {
        username: a.username,
        role: a.role,
        parent: 'admin',
        id: r.body.user._id,
        token: null,
      });
    }
    for (const a of accounts.values()) ROLE_OF[a.username] = a.role;
    const player = await login('player2', false, DEMO_PASSWORD);
    t.equal(player.status, 200, 'player2 logs in on the player site');
    acct('player2').token = player.body.token;

    // Second branch: admin > sadmin2 > master2 > agent2 > dealer2 > player9.
    await createAccount(t, 'admin', 'sadmin2', 'sadmin', true);
    await createAccount(t, 'sadmin2', 'master2', 'smdl', true);
    await createAccount(t, 'master2', 'agent2', 'mdl', true);
    await createAccount(t, 'agent2', 'dealer2', 'dl', true);
    await createAccount(t, 'dealer2', 'player9', 'user', false);

    // POST /api/users allowed cells: each branch-1 actor creates a direct victim (and an agent victim).
    await Promise.all(
      BRANCH1.map(async (actor) => {
        await createAccount(t, actor, victim(actor), VICTIM_ROLE[actor]!, false);
        if (AGENT_VICTIM_OF.includes(actor)) await createAccount(t, actor, agentVictim(actor), 'agent', false);
      }),
    );
    for (const actor of BRANCH1)
      record(
        { route: route('POST /api/users'), actor, token: undefined, kind: 'none', target: null, want: { status: 201 } },
        201,
      );

    // The sub-login of the multi-login phase exists from the start, so every actor's tree includes it;
    // it creates its player before it is restricted.
    await createAccount(t, 'admin', 'sub_view', 'agent', true);
    await createAccount(t, 'sub_view', 'sub_view_p', 'user', false);

    t.equal(
      accounts.size,
      8 + DEMO_SUB_LOGINS.length + 5 + 8 + 2,
      'the test tree has the seed, its sub-logins, the second branch, the victims and the sub-login',
    );
  },
);

// ---------------------------------------------------------------------------------------------
// Refusals and reads: nothing may be journalled
// ---------------------------------------------------------------------------------------------

/** Every cell of one back-office actor that is a read or must be refused. */
function refusalAndReadCells(actor: string): Cell[] {
  const token = tokenFor(actor);
  const cells: Cell[] = [];
  const own = downlineOf(actor);
  const self = acct(actor);
  for (const r of ROUTES) {
    if (!r.target) {
      if (r.name === 'POST /api/users') {
        // Creating one's own rank (or above) is the engine's refusal: 400, nothing journalled.
        // The top admin may create admin sub-logins (multi login); every other role only roles below its own.
        if (actor !== 'admin')
          cells.push({
            route: r,
            actor,
            token,
            kind: 'self',
            target: null,
            body: newUserBody(freshName('mx_own'), self.role),
            want: {
              status: 400,
              exact: {
                statusCode: 400,
                error: 'Bad Request',
                message: 'You can only create roles below your own',
                code: 'ROLE_NOT_ALLOWED',
              },
            },
          });
        if (actor !== 'admin')
          cells.push({
            route: r,
            actor,
            token,
            kind: 'upline',
            target: null,
            body: newUserBody(freshName('mx_up'), 'admin'),
            want: { status: 400, match: { code: 'ROLE_NOT_ALLOWED' } },
          });
      } else {
        cells.push({ route: r, actor, token, kind: 'none', target: null, want: { status: 200 } });
      }
      continue;
    }
    // Own downline: reads are allowed on every account below (mutations run later on victims).
    if (!r.mutates) {
      for (const d of own)
        cells.push({
          route: r,
          actor,
          token,
          kind: 'own',
          target: { ref: d.id, label: `${d.username} [own by id]` },
          want: { status: 200 },
        });
    }
    // The actor itself: its own list and records, nothing else.
    for (const ref of refs(self, 'self', true)) {
      if (SELF_OK.has(r.name)) {
        cells.push({ route: r, actor, token, kind: 'self', target: ref, want: { status: 200 } });
      } else {
        cells.push({
          route: r,
          actor,
          token,
          kind: 'self',
          target: ref,
          want: { status: 404, exact: NOT_IN_DOWNLINE },
        });
      }
    }
    for (const u of uplineOf(actor))
      for (const ref of refs(u, 'upline', BY_NAME(r)))
        cells.push({
          route: r,
          actor,
          token,
          kind: 'upline',
          target: ref,
          want: { status: 404, exact: NOT_IN_DOWNLINE },
        });
    for (const o of outsideOf(actor))
      for (const ref of refs(o, 'other branch', BY_NAME(r) && NAME_PROBES.has(o.username)))
        cells.push({
          route: r,
          actor,
          token,
          kind: 'other-branch',
          target: ref,
          want: { status: 404, exact: NOT_IN_DOWNLINE },
        });
    for (const ref of ghosts())
      cells.push({ route: r, actor, token, kind: 'ghost', target: ref, want: { status: 404, exact: NOT_IN_DOWNLINE } });
  }
  // The engine's rules inside the own downline: chips move only between direct upline and downline;
  // multi-login manages agent and admin sub-logins only.
  const deepActor = CHILD_ACTOR[actor];
  if (BRANCH1.includes(actor) && deepActor) {
    const deep = acct(victim(deepActor));
    for (const name of ['POST /api/users/:id/deposit', 'POST /api/users/:id/withdraw']) {
      cells.push({
        route: route(name),
        actor,
        token,
        kind: 'own-deep',
        target: { ref: deep.id, label: `${deep.username} [grand-child]` },
        want: {
          status: 400,
          exact: {
            statusCode: 400,
            error: 'Bad Request',
            message: 'Chips move only between an upline and its direct downline',
            code: 'NOT_DOWNLINE',
          },
        },
      });
    }
  }
  if (BRANCH1.includes(actor)) {
    const direct = acct(victim(actor));
    cells.push({
      route: route('PUT /api/users/:id/permissions-password'),
      actor,
      token,
      kind: 'own-not-agent',
      target: { ref: direct.id, label: `${direct.username} (${direct.role}) [not an agent]` },
      want: {
        status: 400,
        exact: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Multi login manages agent and admin sub-logins only',
          code: 'ROLE_NOT_ALLOWED',
        },
      },
    });
  }
  return cells;
}

t.test('refusals and reads of every back-office actor: exact status per cell, the log head never moves', async (t) => {
  for (const actor of [...BRANCH1, ...BRANCH2]) {
    const cells = refusalAndReadCells(actor);
    const head = await server.store.head();
    const results = await runCells(t, cells);
    t.equal(await server.store.head(), head, `${actor}: ${cells.length} refused or read-only calls journalled nothing`);
    // An own read shows the account asked for; a refusal carries nothing about the target.
    cells.forEach((c, i) => {
      const r = results[i]!;
      if (c.route.name === 'GET /api/users/:id' && c.kind === 'own')
        t.equal(r.body.user?._id, c.target!.ref, `${cellName(c)}: the body is that account`);
      if (r.status === 404 && c.target) {
        const text = JSON.stringify(r.body);
        const a = accounts.get(c.target.ref) ?? [...accounts.values()].find((x) => x.id === c.target!.ref);
        if (a)
          t.ok(
            !text.includes(a.id) && !text.includes(a.username),
            `${cellName(c)}: the refusal names neither the id nor the username`,
          );
      }
    });
  }
});

t.test('a player token on every route: 403 in the admin area, own records only on the shared ones', async (t) => {
  const token = tokenFor('player2');
  const self = acct('player2');
  const targets: { kind: Kind; a: Account }[] = [
    { kind: 'self', a: self },
    { kind: 'other-branch', a: acct('player1') }, // a sibling under the same dealer
    { kind: 'upline', a: acct('dealer1') },
    { kind: 'other-branch', a: acct('player9') },
    { kind: 'other-branch', a: acct('sadmin2') },
  ];
  const cells: Cell[] = [];
  for (const r of ROUTES) {
    if (!r.target) {
      cells.push({
        route: r,
        actor: 'player2',
        token,
        kind: 'none',
        target: null,
        body: r.body?.({ username: freshName('mx_p'), role: 'user' }),
        want: { status: 403, exact: WRONG_CONTEXT },
      });
      continue;
    }
    for (const { kind, a } of targets) {
      const target = { ref: a.id, label: `${a.username} [${kind} by id]` };
      if (r.context === 'admin')
        cells.push({ route: r, actor: 'player2', token, kind, target, want: { status: 403, exact: WRONG_CONTEXT } });
      else if (kind === 'self') cells.push({ route: r, actor: 'player2', token, kind, target, want: { status: 200 } });
      else cells.push({ route: r, actor: 'player2', token, kind, target, want: { status: 403, exact: PLAYER_OTHERS } });
    }
  }
  const head = await server.store.head();
  await runCells(t, cells);
  t.equal(await server.store.head(), head, `player2: ${cells.length} calls journalled nothing`);
});

t.test('no token and a malformed token on every route: 401', async (t) => {
  const target = acct('player1');
  const cells: Cell[] = [];
  for (const r of ROUTES) {
    const tgt = r.target ? { ref: target.id, label: `${target.username} [any]` } : null;
    const body = r.body?.({ username: freshName('mx_n'), role: 'user' });
    cells.push({
      route: r,
      actor: 'no token',
      token: undefined,
      kind: r.target ? 'any' : 'none',
      target: tgt,
      body,
      want: { status: 401, exact: NO_TOKEN },
    });
    cells.push({
      route: r,
      actor: 'bad token',
      token: 'not.a.jwt',
      kind: r.target ? 'any' : 'none',
      target: tgt,
      body,
      want: { status: 401, exact: MALFORMED },
    });
  }
  const head = await server.store.head();
  await runCells(t, cells);
  t.equal(await server.store.head(), head, 'unauthenticated calls journalled nothing');
});

// ---------------------------------------------------------------------------------------------
// Allowed mutations, on the victims only
// ---------------------------------------------------------------------------------------------

t.test('allowed mutations in the own downline: 2xx on direct and deeper accounts', async (t) => {
  const cells: Cell[] = [];
  for (const actor of BRANCH1) {
    const token = tokenFor(actor);
    const targets: { kind: Kind; a: Account }[] = [{ kind: 'own-direct', a: acct(victim(actor)) }];
    const deepActor = CHILD_ACTOR[actor];
    if (deepActor) targets.push({ kind: 'own-deep', a: acct(victim(deepActor)) });
    for (const r of ROUTES.filter((x) => x.target && x.mutates)) {
      for (const { kind, a } of targets) {
        const target = { ref: a.id, label: `${a.username} (${a.role})` };
        if (r.name === 'POST /api/users/:id/withdraw') continue; // after the deposits, below
        if (r.name === 'POST /api/users/:id/deposit' && kind === 'own-deep') continue; // 400, in the refusal phase
        if (r.name === 'PUT /api/users/:id/permissions-password') continue; // needs an agent target, below
        const match = r.name === 'PUT /api/users/:id/password' ? { message: String } : { user: { _id: a.id } };
        cells.push({ route: r, actor, token, kind, target, want: { status: 200, match } });
      }
    }
  }
  // Multi login on agent-role sub-logins: the direct one, and a deeper one for admin and sadmin1.
  for (const actor of AGENT_VICTIM_OF) {
    const pp = route('PUT /api/users/:id/permissions-password');
    const direct = acct(agentVictim(actor));
    cells.push({
      route: pp,
      actor,
      token: tokenFor(actor),
      kind: 'own-direct',
      target: { ref: direct.id, label: `${direct.username} (agent)` },
      want: { status: 200, match: { message: 'User is Seccessfuly updated' } },
    });
    const deepActor = CHILD_ACTOR[actor];
    if (deepActor && AGENT_VICTIM_OF.includes(deepActor)) {
      const deep = acct(agentVictim(deepActor));
      cells.push({
        route: pp,
        actor,
        token: tokenFor(actor),
        kind: 'own-deep',
        target: { ref: deep.id, label: `${deep.username} (agent)` },
        want: { status: 200, match: { message: 'User is Seccessfuly updated' } },
      });
    }
  }
  const head = await server.store.head();
  await runCells(t, cells);
  t.ok((await server.store.head()) > head, 'the allowed mutations were journalled');

  // Withdraw W from each direct victim (it holds the 100 just deposited).
  const withdraws: Cell[] = BRANCH1.map((actor) => {
    const a = acct(victim(actor));
    return {
      route: route('POST /api/users/:id/withdraw'),
      actor,
      token: tokenFor(actor),
      kind: 'own-direct',
      target: { ref: a.id, label: `${a.username} (${a.role})` },
      want: { status: 200, match: { user: { _id: a.id, balance: 60 } } },
    };
  });
  await runCells(t, withdraws);

  // The effects landed on the victims (read back by their direct upline).
  for (const actor of BRANCH1) {
    const a = acct(victim(actor));
    const r = await call('GET', `/api/users/${a.id}`, undefined, tokenFor(actor));
    t.match(
      r,
      {
        status: 200,
        body: {
          user: { balance: 60, betLocked: true, creditReference: 20, exposureLimit: 30, fullName: 'Matrix Edited' },
        },
      },
      `${actor}: its direct victim ${a.username} shows every allowed change`,
    );
  }
});

// ---------------------------------------------------------------------------------------------
// Lists: exactly the downline, never more
// ---------------------------------------------------------------------------------------------

interface Listed {
  _id: string;
  username: string;
  parentId: string | null;
}

/** Every account the client list shows below `parent`, paging through it and drilling into each child. */
async function crawl(t: Asserts, actor: string, parent: Account, out: Map<string, Listed>): Promise<void> {
  const token = tokenFor(actor);
  const base =
    parent.username === actor ? '/api/users/downline?limit=2' : `/api/users/downline?limit=2&parent=${q(parent.id)}`;
  const first = await call('GET', `${base}&page=1`, undefined, token);
  t.match(
    first,
    { status: 200, body: { parent: { _id: parent.id } } },
    `GET /api/users/downline | ${actor} | parent ${parent.username}: the page names that parent`,
  );
  const trail = (first.body.breadcrumb ?? []) as { username: string }[];
  t.same(
    [trail[0]?.username, trail.at(-1)?.username],
    [actor, parent.username],
    `GET /api/users/downline | ${actor} | parent ${parent.username}: the breadcrumb runs from the actor to that parent`,
  );
  t.ok(
    trail.every((b) => b.username === actor || downlineOf(actor).some((a) => a.username === b.username)),
    `GET /api/users/downline | ${actor} | parent ${parent.username}: the breadcrumb names nobody above the actor`,
  );
  const total: number = first.body.total;
  const pages = [
    first,
    ...(await Promise.all(
      Array.from({ length: Math.max(0, Math.ceil(total / 2) - 1) }, (_, i) =>
        call('GET', `${base}&page=${i + 2}`, undefined, token),
      ),
    )),
  ];
  const here: Listed[] = pages.flatMap((p) => p.body.users as Listed[]);
  t.equal(
    total,
    childrenOf(parent.username).length,
    `GET /api/users/downline | ${actor} | parent ${parent.username}: total is the number of its children`,
  );
  t.same(
    here.map((u) => u.username).sort(),
    childrenOf(parent.username)
      .map((a) => a.username)
      .sort(),
    `GET /api/users/downline | ${actor} | parent ${parent.username}: the pages list exactly its children`,
  );
  for (const u of here) {
    if (u.parentId !== parent.id)
      t.ok(false, `GET /api/users/downline | ${actor} | parent ${parent.username}: ${u.username} is not its child`);
    out.set(u._id, u);
  }
  await Promise.all(
    here.map((u) => {
      const child = accounts.get(u.username);
      return child ? crawl(t, actor, child, out) : Promise.resolve();
    }),
  );
}

t.test(
  'lists: the client list and downline-users-by-role show exactly the downline of each back-office role',
  async (t) => {
    const actors = [...BRANCH1, ...BRANCH2, 'sub_view'];
    await Promise.all(
      actors.map(async (actor) => {
        const expected = downlineOf(actor);
        const expectedIds = expected.map((a) => a.id).sort();
        const listed = new Map<string, Listed>();
        await crawl(t, actor, acct(actor), listed);
        t.same(
          [...listed.keys()].sort(),
          expectedIds,
          `GET /api/users/downline (paged, drilled) | ${actor} | lists exactly its ${expected.length} downline accounts`,
        );
        const outside = new Set([...accounts.values()].filter((a) => !expectedIds.includes(a.id)).map((a) => a.id));
        t.same(
          [...listed.keys()].filter((id) => outside.has(id)),
          [],
          `GET /api/users/downline | ${actor} | lists nobody outside its downline`,
        );

        if (actor === 'sub_view') return; // restricted below; before the restriction it holds every privilege
        const all = await call(
          'GET',
          `/api/downline-users-by-role?role_slugs=${ROLE_SLUGS.join(',')}`,
          undefined,
          tokenFor(actor),
        );
        t.equal(all.status, 200, `GET /api/downline-users-by-role?role_slugs=all | ${actor} -> 200`);
        const ids = (all.body.data.users_by_role as { role: string; users: { id: string }[] }[])
          .flatMap((g) => g.users.map((u) => u.id))
          .sort();
        t.same(ids, expectedIds, `GET /api/downline-users-by-role?role_slugs=all | ${actor} | exactly its downline`);
        const byDefault = await call('GET', '/api/downline-users-by-role', undefined, tokenFor(actor));
        const defIds = (byDefault.body.data.users_by_role as { role: string; users: { id: string }[] }[])
          .flatMap((g) => g.users.map((u) => u.id))
          .sort();
        t.same(
          defIds,
          expected
            .filter((a) => a.role === 'agent' || a.role === 'admin')
            .map((a) => a.id)
            .sort(),
          `GET /api/downline-users-by-role (agent,admin) | ${actor} | only its own agent sub-logins`,
        );
      }),
    );
  },
);

// ---------------------------------------------------------------------------------------------
// Restricted privileges (multi login)
// ---------------------------------------------------------------------------------------------

t.test('a sub-login restricted to view-clients can list its downline and nothing else', async (t) => {
  const sub = acct('sub_view');
  const own = acct('sub_view_p');
  const r = await call(
    'PUT',
    `/api/users/${sub.id}/permissions-password`,
    { permissions: ['view-clients'], newPassword: 'Restr1234', confirmNewPassword: 'Restr1234', transactionPass: TXN },
    tokenFor('admin'),
  );
  t.match(
    r,
    { status: 200, body: { message: 'User is Seccessfuly updated' } },
    'PUT /api/users/:id/permissions-password | admin | own-direct sub_view (agent) -> 200',
  );
  t.equal(
    (await call('GET', '/api/users/downline', undefined, tokenFor('sub_view'))).status,
    401,
    "the new password ended the sub-login's open sessions",
  );
  // A password set through multi login is a reset: the sub-login must choose its own first.
  const handed = await tokenOf('sub_view', true, 'Restr1234');
  t.match(
    await call('GET', '/api/users/downline', undefined, handed),
    { status: 403, body: { code: 'PASSWORD_CHANGE_REQUIRED' } },
    'the handed-over password must be changed first',
  );
  t.equal(
    (
      await call(
        'POST',
        '/api/users/first-password',
        { newPassword: 'Restr5678', confirmPassword: 'Restr5678' },
        handed,
      )
    ).status,
    200,
  );
  sub.token = await tokenOf('sub_view', true, 'Restr5678');
  t.match(
    await call('GET', '/api/users/profile', undefined, sub.token),
    { status: 200, body: { permissions: ['view-clients'] } },
    'the sub-login holds view-clients only',
  );

  const actor = 'sub_view';
  const token = sub.token;
  const cells: Cell[] = [];
  for (const rt of ROUTES) {
    const targets: { kind: Kind; ref: { ref: string; label: string } | null }[] = rt.target
      ? [
          { kind: 'own', ref: { ref: own.id, label: `${own.username} [own by id]` } },
          { kind: 'other-branch', ref: { ref: acct('player9').id, label: 'player9 [other branch by id]' } },
          { kind: 'upline', ref: { ref: acct('admin').id, label: 'admin [upline by id]' } },
        ]
      : [{ kind: 'none', ref: null }];
    for (const { kind, ref } of targets) {
      const cell: Cell = {
        route: rt,
        actor,
        token,
        kind,
        target: ref,
        body: rt.body?.({ username: freshName('mx_s'), role: 'user' }),
        want: { status: 403, exact: NO_PRIVILEGE },
      };
      if (rt.privilege === 'view-clients')
        cell.want = kind === 'own' || kind === 'none' ? { status: 200 } : { status: 404, exact: NOT_IN_DOWNLINE };
      cells.push(cell);
    }
  }
  const head = await server.store.head();
  const results = await runCells(t, cells);
  t.equal(await server.store.head(), head, `sub_view: ${cells.length} restricted calls journalled nothing`);
  const list = results[cells.findIndex((c) => c.route.name === 'GET /api/users/downline')]!;
  t.same(
    list.body.users.map((u: Listed) => u.username),
    ['sub_view_p'],
    'GET /api/users/downline | sub_view (restricted) | lists its own player only',
  );

  // The payments and casino categories are privileges too: without them each call is refused before anything is read or decided.
  const gated: [string, string, unknown][] = [
    ['GET', '/api/admin/payment-requests', undefined],
    ['GET', '/api/admin/payment-requests/pending', undefined],
    ['GET', '/api/admin/payment-requests.csv', undefined],
    ['POST', '/api/admin/payment-requests/any-request/approve', { transactionPassword: TXN, remark: '' }],
    ['POST', '/api/admin/payment-requests/any-request/reject', { transactionPassword: TXN, remark: 'no' }],
    ['GET', '/api/admin/payment-method', undefined],
    ['PUT', '/api/admin/payment-method', { upiId: 'sub@okaxis', transactionPassword: TXN }],
    ['PUT', '/api/admin/casino/tables/dt20/status', { status: 'SUSPENDED' }],
  ];
  const gatedHead = await server.store.head();
  for (const [method, path, body] of gated)
    t.match(
      await call(method, path, body, token),
      { status: 403, body: NO_PRIVILEGE },
      `${method} ${path} | sub_view (restricted) -> 403`,
    );
  t.equal(await server.store.head(), gatedHead, 'the payments and casino calls journalled nothing');

  // Its own statement and activity need no privilege: a login always reads its own records.
  t.equal(
    (await call('GET', '/api/transactions/statement', undefined, token)).status,
    200,
    'GET /api/transactions/statement | sub_view (restricted) | self without userId -> 200',
  );
  t.equal(
    (await call('GET', '/api/activity-log', undefined, token)).status,
    200,
    'GET /api/activity-log | sub_view (restricted) | self without userId -> 200',
  );
});

// ---------------------------------------------------------------------------------------------
// Rules found missing while building the matrix, now enforced
// ---------------------------------------------------------------------------------------------

t.test('the forced first-password change is enforced by the server', async (t) => {
  const created = await call('POST', '/api/users', newUserBody('mx_nochange', 'sadmin'), tokenFor('admin'));
  t.equal(created.status, 201, 'admin creates mx_nochange (sadmin), which must change its password');
  accounts.set('mx_nochange', {
    username: 'mx_nochange',
    role: 'sadmin',
    parent: 'admin',
    id: created.body.user._id,
    token: null,
  });
  const first = await login('mx_nochange', true, START_PW);
  t.match(
    first,
    { status: 200, body: { user: { mustChangePassword: true } } },
    'it logs in with the password its upline chose',
  );
  const txn = await call(
    'POST',
    '/api/users/transaction-password',
    { password: START_PW, transactionPassword: TXN, confirmTransactionPassword: TXN },
    first.body.token,
  );
  const child = await call('POST', '/api/users', newUserBody('mx_nochange_c', 'smdl'), first.body.token);
  t.match(
    txn,
    { status: 403, body: { code: 'PASSWORD_CHANGE_REQUIRED' } },
    'POST /api/users/transaction-password | mx_nochange before its forced password change -> 403',
  );
  t.match(
    child,
    { status: 403, body: { code: 'PASSWORD_CHANGE_REQUIRED' } },
    'POST /api/users | mx_nochange before its forced password change -> 403',
  );
});

t.test(
  "a downline account's activity log does not show the IP and device of the upline that acted on it",
  async (t) => {
    const p3 = acct('player3');
    const device = 'matrix-admin-console/1.0';
    const r = await fetch(`${server.url}/api/users/${p3.id}/credit-reference`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${tokenFor('admin')}`,
        'user-agent': device,
      },
      body: JSON.stringify({ creditReference: 25_001, transactionPassword: TXN }),
    });
    t.equal(
      r.status,
      200,
      'PUT /api/users/:id/credit-reference | admin | own player3 -> 200 (with its own user agent)',
    );
    const mine = await call(
      'GET',
      '/api/activity-log',
      undefined,
      (await login('player3', false, DEMO_PASSWORD)).body.token,
    );
    const seenByPlayer = (mine.body.data as { actor: string | null; device: string | null }[]).find(
      (x) => x.actor === 'admin',
    );
    t.not(
      seenByPlayer?.device,
      device,
      "GET /api/activity-log | player3 (own records) | does not show the admin's device",
    );
    const dealers = await call('GET', `/api/activity-log?userId=${p3.id}`, undefined, tokenFor('dealer1'));
    const seenByDealer = (dealers.body.data as { actor: string | null; device: string | null }[]).find(
      (x) => x.actor === 'admin',
    );
    t.not(
      seenByDealer?.device,
      device,
      "GET /api/activity-log?userId= | dealer1 | own player3 | does not show the admin's device",
    );
    t.comment(`observed: player3 sees ${JSON.stringify(seenByPlayer)}; dealer1 sees ${JSON.stringify(seenByDealer)}`);
  },
);

t.test('usernames are global: creating an account answers 409 for a name taken in another branch', async (t) => {
  const head = await server.store.head();
  const r = await call('POST', '/api/users', newUserBody('player9', 'user'), tokenFor('dealer1'));
  t.match(
    r,
    { status: 409, body: { message: 'Username already exists' } },
    "POST /api/users | dealer1 | username of other-branch player9 -> 409 (the name's existence is visible, nothing else)",
  );
  t.equal(await server.store.head(), head, 'the refused creation journalled nothing');
});

t.test('the matrix', async (t) => {
  const kinds = (
    [
      'none',
      'own',
      'own-direct',
      'own-deep',
      'own-not-agent',
      'self',
      'upline',
      'other-branch',
      'ghost',
      'any',
    ] as const
  ).flatMap((k) => [k, `${k}(name)`]) as Kind[];
  const lines: string[] = [];
  for (const r of ROUTES) {
    lines.push(r.name);
    for (const [actor, row] of seen.get(r.name) ?? []) {
      const cells = kinds.filter((k) => row.has(k)).map((k) => `${k}:${[...row.get(k)!].sort().join('/')}`);
      lines.push(`  ${actor.padEnd(10)} ${cells.join('  ')}`);
    }
  }
  t.comment(`\n${lines.join('\n')}`);
  t.ok(seen.size === ROUTES.length, 'every route has cells');
});
