/**
 * `npm run statement -- --user USERNAME --as-of TIME [--limit N] [--page N]`: a wallet's balance at a
 * past moment and its statement rows up to then, newest first, from the ledger read model, with the
 * back office's own query (walletAsOf in services/gateway/src/accounts/as-of.ts).
 * Storage as for npm start (DATABASE_URL, else PGlite in DATA_DIR: stop the server first).
 * Exit codes: 0 printed, 2 usage error, unknown user, or the log could not be opened.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatPaise, INSTANT_HINT, parseInstant, type Paise } from '@exch/contracts';
import { statementRemark, walletAsOf, type LedgerLine } from '@exch/gateway';
import { accountRefOf } from '@exch/projector/read';
import { openLog } from './open-store.js';

const USAGE = `Usage: npm run statement -- --user USERNAME --as-of TIME [--limit N] [--page N]

Prints the wallet balance of USERNAME (or a user id) at TIME and the statement rows up to
then, newest first: the same figures as the back office's "As of" view of the account statement.

  --user USERNAME  the account (username, any case, or user id)
  --as-of TIME     the moment: ISO 8601 with a time zone only, e.g. 2026-11-22T10:00:00Z or
                   2026-11-22T15:30+05:30 ("2026-11-22 10:00" is refused: whose 10:00?)
  --limit N        rows per page (default 25, at most 1000)
  --page N         which page, from the newest (default 1)
  --force          open a PGlite folder whose postmaster.pid a crashed server left behind
  -h, --help       this text

Storage, as for npm start: DATABASE_URL for PostgreSQL, else PGlite in DATA_DIR (default
./data): stop the server first, PGlite allows one process. Times are printed in UTC.
`;

const say = (line: string) => process.stderr.write(`statement: ${line}\n`);
const inr = (p: Paise): string => `${p < 0 ? '-' : ''}₹${formatPaise(Math.abs(p))}`;
const utc = (d: Date): string => d.toISOString().replace('T', ' ').slice(0, 19);

/** Columns padded to their widest cell; numbers right-aligned. */
function table(header: string[], rows: string[][], right: Set<number>): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (right.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
}

const rowOf = (l: LedgerLine): string[] => [
  utc(l.at),
  l.description,
  l.amount > 0 ? inr(l.amount) : '',
  l.amount < 0 ? inr(-l.amount) : '',
  inr(l.balance),
  statementRemark(l),
];

async function main(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        user: { type: 'string' },
        'as-of': { type: 'string' },
        limit: { type: 'string' },
        page: { type: 'string' },
        force: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    say(err instanceof Error ? err.message.split('. ')[0]! : String(err));
    say('npm run statement -- --help shows the usage');
    return 2;
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const problems: string[] = [];
  if (!values.user) problems.push('--user is required');
  const at = values['as-of'] === undefined ? null : parseInstant(values['as-of']);
  if (values['as-of'] === undefined) problems.push('--as-of is required');
  else if (!at) problems.push(`--as-of must be ${INSTANT_HINT}, not "${values['as-of']}"`);
  const whole = (name: string, text: string | undefined, def: number, max: number): number => {
    if (text === undefined) return def;
    if (!/^\d{1,7}$/.test(text) || Number(text) < 1 || Number(text) > max)
      problems.push(`${name} must be a whole number from 1 to ${max}, not "${text}"`);
    return Number(text);
  };
  const limit = whole('--limit', values.limit, 25, 1000);
  const page = whole('--page', values.page, 1, 1_000_000);
  if (problems.length > 0) {
    for (const p of problems) say(p);
    say('npm run statement -- --help shows the usage');
    return 2;
  }

  let opened;
  try {
    opened = await openLog({
      root: resolve(dirname(fileURLToPath(import.meta.url)), '..'),
      env: process.env,
      force: values.force,
    });
  } catch (err) {
    say(`cannot open the log: ${err instanceof Error ? err.message : String(err)}`);
    return 2;
  }
  const { store } = opened;
  try {
    const user = await accountRefOf(store.sql, values.user!);
    if (!user) {
      say(`no user "${values.user}" (in the users read model)`);
      return 2;
    }
    const wallet = await walletAsOf(store.sql, { userId: user.user_id, at: at!, page, limit });
    const pages = Math.max(1, Math.ceil(wallet.total / limit));
    const out = [
      `${user.username} (${user.role}) as of ${at!.toISOString()}`,
      `Balance: ${inr(wallet.balance)}${wallet.held > 0 ? ` (and ${inr(wallet.held)} held for pending withdrawals)` : ''}`,
      `Statement up to then: ${wallet.total} row${wallet.total === 1 ? '' : 's'}, newest first${wallet.total > limit ? ` (page ${page} of ${pages})` : ''}`,
    ];
    if (wallet.lines.length > 0) {
      out.push(
        '',
        ...table(
          ['Time (UTC)', 'Description', 'Credit', 'Debit', 'Balance', 'Remark'],
          wallet.lines.map(rowOf),
          new Set([2, 3, 4]),
        ),
      );
    }
    process.stdout.write(out.join('\n') + '\n');
    return 0;
  } catch (err) {
    say(`cannot read the statement: ${err instanceof Error ? err.message : String(err)}`);
    return 2;
  } finally {
    await store.close().catch(() => {});
  }
}

// exit() rather than exitCode: the PostgreSQL driver may hold reconnect timers.
process.exit(await main(process.argv.slice(2)));
