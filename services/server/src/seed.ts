import { randomUUID } from 'node:crypto';
import type { Command, CommandBus, CommandEnvelope, RoleSlug, SqlClient } from '@exch/contracts';
import { hashPassword } from '@exch/gateway';
import { seedPayments } from './payments/seed.js';

export const DEMO_PASSWORD = 'Demo@123';
/** Back-office demo accounts confirm money and access changes with this. */
export const DEMO_TRANSACTION_PASSWORD = 'Txn@1234';

/** The demo hierarchy, each with the chips (rupees) its upline passes down. */
export const DEMO_ACCOUNTS: { username: string; role: RoleSlug; parent: string | null; chips: number }[] = [
  { username: 'admin', role: 'admin', parent: null, chips: 10_000_000 },
  { username: 'sadmin1', role: 'sadmin', parent: 'admin', chips: 5_000_000 },
  { username: 'master1', role: 'smdl', parent: 'sadmin1', chips: 2_000_000 },
  { username: 'agent1', role: 'mdl', parent: 'master1', chips: 1_000_000 },
  { username: 'dealer1', role: 'dl', parent: 'agent1', chips: 500_000 },
  { username: 'player1', role: 'user', parent: 'dealer1', chips: 100_000 },
  { username: 'player2', role: 'user', parent: 'dealer1', chips: 50_000 },
  { username: 'player3', role: 'user', parent: 'dealer1', chips: 25_000 },
];

/** Partnership shares (percent) each back-office account of the chain is given by its upline (docs/reports.md). */
export const DEMO_SHARES: Record<string, number> = { sadmin1: 90, master1: 80, agent1: 60, dealer1: 40 };

/** Sub-logins of the top admin with a few privileges each, so Multi login shows its matrix at work. */
export const DEMO_SUB_LOGINS: { username: string; role: RoleSlug; permissions: string[] }[] = [
  {
    username: 'subadmin1',
    role: 'admin',
    permissions: ['view-clients', 'view-bets', 'account-statement', 'activity-log'],
  },
  { username: 'subagent1', role: 'agent', permissions: ['view-clients', 'view-bets'] },
];

/**
 * Seeds the demo hierarchy through real commands, so every row comes from the log. Command ids
 * are fixed and existing accounts keep their ids, so a run after a crash half way finishes the
 * job without doing anything twice. With the database (`sql`) it also seeds payment methods and
 * requests (payments/seed.ts), whose screenshots live in a gateway table.
 */
export async function seedDemo(
  bus: CommandBus,
  existing: (username: string) => string | undefined,
  sql?: SqlClient,
): Promise<boolean> {
  if (DEMO_ACCOUNTS.every((a) => existing(a.username))) return false;
  const hash = await hashPassword(DEMO_PASSWORD);
  const txnHash = await hashPassword(DEMO_TRANSACTION_PASSWORD);
  const ids = new Map<string, string>();
  const parentOf = (username: string) => ids.get(DEMO_ACCOUNTS.find((a) => a.username === username)!.parent!)!;
  const run = async (commandId: string, actor: string | null, command: Command) => {
    const envelope: CommandEnvelope = {
      commandId,
      correlationId: 'demo-seed',
      actor,
      ip: null,
      device: 'seed',
      at: new Date().toISOString(),
      command,
    };
    const result = await bus.execute(envelope);
    if (!result.ok) throw new Error(`demo seed ${commandId} refused: ${result.refusal.message}`);
  };
  for (const a of DEMO_ACCOUNTS) {
    const userId = existing(a.username) ?? randomUUID();
    ids.set(a.username, userId);
    const parentId = a.parent ? ids.get(a.parent)! : null;
    await run(`seed:create:${a.username}`, parentId, {
      type: 'CreateUser',
      userId,
      username: a.username,
      fullName: `Demo ${a.username}`,
      role: a.role,
      parentId,
      passwordHash: hash,
      creditReference: a.chips * 100,
      exposureLimit: a.role === 'user' ? a.chips * 100 : 0,
      mustChangePassword: false,
    });
    if (a.role !== 'user')
      await run(`seed:txn:${a.username}`, userId, {
        type: 'SetTransactionPassword',
        userId,
        transactionPasswordHash: txnHash,
      });
    const amount = a.chips * 100;
    if (parentId === null) await run(`seed:mint:${a.username}`, null, { type: 'MintChips', userId, amount });
    else
      await run(`seed:chips:${a.username}`, parentId, {
        type: 'TransferChips',
        fromUserId: parentId,
        toUserId: userId,
        amount,
        remark: 'Demo opening chips',
      });
  }
  for (const [username, percent] of Object.entries(DEMO_SHARES)) {
    const userId = ids.get(username)!;
    await run(`seed:share:${username}`, parentOf(username), { type: 'SetPartnership', userId, shareBp: percent * 100 });
  }
  const adminId = ids.get('admin')!;
  for (const s of DEMO_SUB_LOGINS) {
    const userId = existing(s.username) ?? randomUUID();
    await run(`seed:create:${s.username}`, adminId, {
      type: 'CreateUser',
      userId,
      username: s.username,
      fullName: `Demo ${s.username}`,
      role: s.role,
      parentId: adminId,
      passwordHash: hash,
      creditReference: 0,
      exposureLimit: 0,
      mustChangePassword: false,
    });
    await run(`seed:txn:${s.username}`, userId, {
      type: 'SetTransactionPassword',
      userId,
      transactionPasswordHash: txnHash,
    });
    await run(`seed:permissions:${s.username}`, adminId, {
      type: 'SetPermissions',
      userId,
      permissions: s.permissions,
    });
  }
  if (sql) await seedPayments(run, sql, (username) => ids.get(username)!);
  return true;
}
