/**
 * Betfair's historic data files (PRO, ADVANCED, BASIC): the stream's `mcm` messages, one JSON per
 * line, plain, gzip (.gz) or bzip2 (.bz2). Several files replay as one stream in publish-time
 * order, paced like the original: FEED_SPEED times real time, and a quiet spell longer than
 * FEED_MAX_GAP_MS (a market's hours before the off) shortened to it.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { createGunzip } from 'node:zlib';
import bz2 from 'unbzip2-stream';
import type { Logger } from 'pino';
import { FeedInputError } from '../input-error.js';
import type { BetfairFeed, MessageSource } from './feed.js';
import { STALE } from './health.js';
import type { ChangeMessage } from './protocol.js';

type Format = 'plain' | 'gzip' | 'bzip2';

const formatOf = (path: string): Format => (path.endsWith('.gz') ? 'gzip' : path.endsWith('.bz2') ? 'bzip2' : 'plain');

function open(path: string, format: Format): Readable {
  const raw = createReadStream(path);
  if (format === 'plain') return raw;
  const out = format === 'gzip' ? createGunzip() : bz2();
  // pipe() passes no read error on: the file's own failure must end what reads it too.
  raw.on('error', (err) => out.emit('error', err));
  return raw.pipe(out);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const numbers = (v: unknown, length: number): boolean =>
  Array.isArray(v) && v.length === length && v.every((n) => typeof n === 'number' && Number.isFinite(n));

const LADDERS: [field: string, length: number][] = [
  ['atb', 2],
  ['atl', 2],
  ['trd', 2],
  ['batb', 3],
  ['batl', 3],
  ['bdatb', 3],
  ['bdatl', 3],
];

/** What is wrong with a market change for the cache, or null. */
function marketChangeProblem(mc: Record<string, unknown>): string | null {
  if (typeof mc.id !== 'string') return 'a market change has no market id';
  const def = mc.marketDefinition;
  if (def !== undefined && (!isObject(def) || typeof def.status !== 'string' || !Array.isArray(def.runners)))
    return `market ${mc.id}: its definition has no status or no runners`;
  if (mc.rc === undefined) return null;
  if (!Array.isArray(mc.rc)) return `market ${mc.id}: rc is not a list`;
  for (const rc of mc.rc as unknown[]) {
    if (!isObject(rc) || typeof rc.id !== 'number') return `market ${mc.id}: a runner change has no selection id`;
    for (const [field, length] of LADDERS) {
      const ladder = rc[field];
      if (ladder !== undefined && !(Array.isArray(ladder) && ladder.every((e) => numbers(e, length))))
        return `market ${mc.id}, runner ${rc.id}: ${field} is not a list of ${length === 2 ? '[price, size]' : '[level, price, size]'}`;
    }
  }
  return null;
}

/** What is wrong with a change message for the cache (or the score mapping), or null. */
function messageProblem(m: Record<string, unknown>): string | null {
  if (typeof m.pt !== 'number' || !Number.isFinite(m.pt)) return 'no publish time (pt)';
  const field = m.op === 'mcm' ? 'mc' : 'cc';
  const changes = m[field];
  if (changes === undefined) return null;
  if (!Array.isArray(changes) || !changes.every(isObject)) return `${field} is not a list of changes`;
  if (m.op !== 'mcm') return null;
  for (const mc of changes) {
    const problem = marketChangeProblem(mc);
    if (problem) return problem;
  }
  return null;
}

/** A failure reading or decompressing a file, as its message names it: the file, and the line it stopped at. */
function readFailure(path: string, format: Format, line: number, err: unknown): FeedInputError {
  const e = err as NodeJS.ErrnoException;
  if (e.syscall === 'open' || e.syscall === 'read')
    return new FeedInputError(`${path}: cannot read the file (${e.code})`);
  if (format === 'gzip')
    return new FeedInputError(`${path}:${line}: the gzip data is truncated or corrupt (${e.message})`);
  // The bzip2 decompressor fails with its own TypeErrors: its message says nothing to an operator.
  if (format === 'bzip2') return new FeedInputError(`${path}:${line}: the bzip2 data is truncated or corrupt`);
  return new FeedInputError(`${path}:${line}: ${e.message}`);
}

/**
 * The change messages (`mcm` of market files, `ccm` of score files) of one file, in file order.
 * Whatever cannot be read (a truncated archive, a line that is not a stream message) fails with a
 * FeedInputError naming the file and the line.
 */
export async function* readMessages(path: string): AsyncGenerator<ChangeMessage> {
  const format = formatOf(path);
  const lines = createInterface({ input: open(path, format), crlfDelay: Number.POSITIVE_INFINITY });
  let n = 0;
  try {
    for await (const line of lines) {
      n++;
      if (line.trim() === '') continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        throw new FeedInputError(`${path}:${n}: not JSON`);
      }
      if (!isObject(parsed)) throw new FeedInputError(`${path}:${n}: not a stream message`);
      if (parsed.op !== 'mcm' && parsed.op !== 'ccm') continue;
      const problem = messageProblem(parsed);
      if (problem) throw new FeedInputError(`${path}:${n}: ${problem}`);
      yield parsed as unknown as ChangeMessage;
    }
  } catch (err) {
    throw err instanceof FeedInputError ? err : readFailure(path, format, n + 1, err);
  }
}

/** Several files' messages merged by publish time (each file is in order already). */
export async function* mergeByPublishTime(paths: string[]): AsyncGenerator<ChangeMessage> {
  const its = paths.map((p) => readMessages(p));
  const heads = await Promise.all(its.map((it) => it.next()));
  for (;;) {
    let min = -1;
    for (let i = 0; i < heads.length; i++) {
      const h = heads[i]!;
      if (!h.done && (min < 0 || h.value.pt < (heads[min]!.value as ChangeMessage).pt)) min = i;
    }
    if (min < 0) return;
    yield heads[min]!.value as ChangeMessage;
    heads[min] = await its[min]!.next();
  }
}

export interface ReplayOptions {
  files: string[];
  /** Times real time; 0 or Infinity replays as fast as it reads. */
  speed: number;
  /** A gap between two messages longer than this (ms of the file's time) is shortened to it. */
  maxGapMs: number;
  log: Logger;
  /** Called once the last message is delivered. */
  onEnd?: () => void;
}

/** Historic files as the feed's message source. */
export class HistoricReplay implements MessageSource {
  private abort: AbortController | null = null;

  constructor(private readonly opts: ReplayOptions) {}

  start(feed: BetfairFeed): void {
    const abort = new AbortController();
    this.abort = abort;
    void this.run(feed, abort.signal).catch((err: unknown) => {
      if (abort.signal.aborted) return;
      this.opts.log.error({ err }, 'historic replay failed: markets suspended');
      feed.setStale(STALE.failed((err as Error).message));
    });
  }

  stop(): void {
    this.abort?.abort();
    this.abort = null;
  }

  private async run(feed: BetfairFeed, signal: AbortSignal): Promise<void> {
    const { speed, maxGapMs } = this.opts;
    let previous: number | null = null;
    for await (const m of mergeByPublishTime(this.opts.files)) {
      if (signal.aborted) return;
      if (previous !== null && speed > 0 && Number.isFinite(speed)) {
        const wait = Math.min(Math.max(0, m.pt - previous), maxGapMs) / speed;
        if (wait >= 1) await sleep(wait, undefined, { signal });
      }
      previous = m.pt;
      feed.message(m);
    }
    feed.ended();
    this.opts.log.info({ files: this.opts.files.length }, 'historic replay finished');
    this.opts.onEnd?.();
  }
}
