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
import type { BetfairFeed, MessageSource } from './feed.js';
import type { ChangeMessage } from './protocol.js';

function open(path: string): Readable {
  const raw = createReadStream(path);
  if (path.endsWith('.gz')) return raw.pipe(createGunzip());
  if (path.endsWith('.bz2')) return raw.pipe(bz2());
  return raw;
}

/** The change messages (`mcm` of market files, `ccm` of score files) of one file, in file order. */
export async function* readMessages(path: string): AsyncGenerator<ChangeMessage> {
  const lines = createInterface({ input: open(path), crlfDelay: Number.POSITIVE_INFINITY });
  let n = 0;
  for await (const line of lines) {
    n++;
    if (line.trim() === '') continue;
    let parsed: { op?: string };
    try {
      parsed = JSON.parse(line) as { op?: string };
    } catch {
      throw new Error(`${path}:${n}: not JSON`);
    }
    if (parsed.op === 'mcm' || parsed.op === 'ccm') yield parsed as ChangeMessage;
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
      if (!abort.signal.aborted) this.opts.log.error({ err }, 'historic replay failed');
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
    this.opts.log.info({ files: this.opts.files.length }, 'historic replay finished');
    this.opts.onEnd?.();
  }
}
