import { parseArgs } from 'node:util';
import { INSTANT_HINT, parseInstant } from '@exch/contracts';
import { allProjections } from '@exch/projector';
import { progressBar, type ProgressOutput } from '../ledger/progress.js';
import { LogInUseError, openLog } from '../open-store.js';
import { formatReport, formatTiming } from './format.js';
import { replayProjection, type ReplayOptions } from './replay.js';

const NAMES = allProjections.map((p) => p.name);

export const USAGE = `Usage: npm run replay -- --projection NAME [--to-position N | --as-of TIME] [options]

Rebuilds one read model from the event log into a fresh PostgreSQL schema
(replay_<name>_<yyyymmddhhmmss>) and compares it row by row with the live tables in
schema public: rows only in live are listed as "- live: {...}", rows only in the
replay as "+ replay: {...}" (a row changed under the same primary key shows both),
then one summary line per table.

  --projection NAME  the read model: ${NAMES.join(', ')}
  --to-position N    fold the log up to position N (inclusive)
  --as-of TIME       fold the log up to the last event before the first one stamped after
                     TIME. ISO 8601 with a time zone only: 2026-11-22T10:00:00Z,
                     2026-11-22T15:30+05:30 ("2026-11-22 10:00" is refused: whose 10:00?)
  --keep             leave the replay schema in place (drop it yourself when done)
  --rows N           differing rows listed per table (default 50; all are counted)
  --ignore COLUMN    leave a column out of the comparison (repeat it, or a comma list);
                     columns whose default reads the clock (now()) are left out anyway
  --batch N          events read and folded per transaction (default 2000)
  --partitions N     partitions of the events topic, for a live model folded by Kafka
                     projector groups (distributed mode; default EVENT_PARTITIONS or 4)
  --force            open a PGlite folder whose postmaster.pid a crashed server left behind
  -h, --help         this text

Storage, as for npm start: DATABASE_URL for PostgreSQL (the server may keep running),
else PGlite in DATA_DIR (default ./data): stop the server first, PGlite allows one process.

Without --to-position or --as-of the replay stops at the live model's own checkpoint (in
distributed mode, at each partition's), so any difference is a fault. At another point in time the live model is newer and
differences are expected: they are listed, and the run still exits 0.
Exit codes: 0 identical (or a point in time), 1 differences, 2 usage error or the log
could not be opened or read, 130 interrupted.
`;

export interface CliIo {
  stdout: ProgressOutput;
  stderr: ProgressOutput;
  env: NodeJS.ProcessEnv;
  /** The repository root (DATA_DIR is relative to it). */
  root: string;
  signal?: AbortSignal;
}

class UsageError extends Error {}

const whole = (name: string, text: string | undefined, min: number): number | undefined => {
  if (text === undefined) return undefined;
  if (!/^\d{1,15}$/.test(text) || Number(text) < min)
    throw new UsageError(`${name} must be a whole number${min > 0 ? ` of at least ${min}` : ''}, not "${text}"`);
  return Number(text);
};

interface Parsed {
  help: boolean;
  projection: string;
  options: ReplayOptions;
  force: boolean;
}

export function parseReplayArgs(argv: string[], env: NodeJS.ProcessEnv = {}): Parsed {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        projection: { type: 'string' },
        'to-position': { type: 'string' },
        'as-of': { type: 'string' },
        keep: { type: 'boolean' },
        rows: { type: 'string' },
        ignore: { type: 'string', multiple: true },
        batch: { type: 'string' },
        partitions: { type: 'string' },
        force: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message.split('. ')[0]! : String(err));
  }
  if (values.help) return { help: true, projection: '', options: {}, force: false };
  if (!values.projection) throw new UsageError(`--projection is required: one of ${NAMES.join(', ')}`);
  if (values['to-position'] !== undefined && values['as-of'] !== undefined)
    throw new UsageError('give --to-position or --as-of, not both');
  let asOf: Date | undefined;
  if (values['as-of'] !== undefined) {
    asOf = parseInstant(values['as-of']) ?? undefined;
    if (!asOf) throw new UsageError(`--as-of must be ${INSTANT_HINT}, not "${values['as-of']}"`);
  }
  return {
    help: false,
    projection: values.projection,
    force: values.force ?? false,
    options: {
      toPosition: whole('--to-position', values['to-position'], 0),
      asOf,
      keep: values.keep ?? false,
      maxRows: whole('--rows', values.rows, 0) ?? 50,
      batchSize: whole('--batch', values.batch, 1) ?? 2_000,
      partitions: whole('--partitions', values.partitions ?? env.EVENT_PARTITIONS, 1) ?? 4,
      ignore: (values.ignore ?? [])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    },
  };
}

/** The whole command: parse, open the log, replay, print; resolves to the exit code. */
export async function replayCli(argv: string[], io: CliIo): Promise<number> {
  const say = (line: string) => io.stderr.write(`replay: ${line}\n`);
  let parsed: Parsed;
  try {
    parsed = parseReplayArgs(argv, io.env);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    say(err.message);
    say('npm run replay -- --help shows the usage');
    return 2;
  }
  if (parsed.help) {
    io.stdout.write(USAGE);
    return 0;
  }
  const projection = allProjections.find((p) => p.name === parsed.projection);
  if (!projection) {
    say(`unknown projection "${parsed.projection}": the projections are ${NAMES.join(', ')}`);
    return 2;
  }

  let opened;
  try {
    opened = await openLog({ root: io.root, env: io.env, force: parsed.force });
  } catch (err) {
    say(`cannot open the log: ${err instanceof Error ? err.message : String(err)}`);
    if (!(err instanceof LogInUseError) && /lock|in use|already/i.test(String(err)))
      say('PGlite allows one process: stop the server (npm start) first');
    return 2;
  }
  const { store, where } = opened;
  const what =
    parsed.options.toPosition !== undefined
      ? ` to position ${parsed.options.toPosition}`
      : parsed.options.asOf
        ? ` as of ${parsed.options.asOf.toISOString()}`
        : '';
  say(`rebuilding ${projection.name}${what} from ${where}`);
  const bar = progressBar({ out: io.stderr, label: 'replay', threshold: 0 });
  try {
    const report = await replayProjection(store, projection, {
      ...parsed.options,
      signal: io.signal,
      onProgress: (p) => bar.update(p),
    });
    bar.done();
    say(formatTiming(report));
    io.stdout.write(formatReport(report).join('\n') + '\n');
    return report.exitCode;
  } catch (err) {
    bar.done();
    if (io.signal?.aborted) {
      say(`interrupted; the replay schema was ${parsed.options.keep ? 'kept' : 'dropped'}`);
      return 130;
    }
    say(`failed: ${err instanceof Error ? err.message : String(err)}`);
    return 2;
  } finally {
    await store.close().catch(() => {});
  }
}
