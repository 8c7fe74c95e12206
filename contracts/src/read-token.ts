import type { CommittedEvent } from './commands.js';

/**
 * Read-your-writes after a command (DESIGN.md, read models): a command's answer carries a read
 * token in the `X-Read-After` header, and a client sends the newest it holds with its later
 * requests; the gateway answers those once the read models have folded what the token names.
 *
 * A token is the highest log position per partition of the command's events ("0:1234" on one
 * machine, where the read models fold the whole log in order; "0:1200,3:1234" in distributed mode,
 * where each partition is folded on its own). Partitions a command did not touch are not waited on.
 */
export type ReadToken = Map<number, number>;

export const READ_AFTER_HEADER = 'x-read-after';
const TOKEN = /^\d{1,4}:\d{1,15}(,\d{1,4}:\d{1,15}){0,255}$/;

export function parseReadToken(text: string): ReadToken | null {
  if (!TOKEN.test(text)) return null;
  const token: ReadToken = new Map();
  for (const part of text.split(',')) {
    const [p, position] = part.split(':').map(Number) as [number, number];
    token.set(p, Math.max(token.get(p) ?? 0, position));
  }
  return token;
}

export const formatReadToken = (token: ReadToken): string =>
  [...token]
    .sort((a, b) => a[0] - b[0])
    .map(([p, position]) => `${p}:${position}`)
    .join(',');

/** The newest of two tokens, partition by partition. */
export function mergeReadTokens(a: ReadToken, b: ReadToken): ReadToken {
  const out = new Map(a);
  for (const [p, position] of b) out.set(p, Math.max(out.get(p) ?? 0, position));
  return out;
}

/** What a command's events need folded, given how the read side splits the log into partitions. */
export function readTokenOf(
  events: readonly Pick<CommittedEvent, 'streamId' | 'position'>[],
  partitionOf: (streamId: string) => number,
): ReadToken {
  const token: ReadToken = new Map();
  for (const e of events) {
    const p = partitionOf(e.streamId);
    token.set(p, Math.max(token.get(p) ?? 0, e.position));
  }
  return token;
}

/** The read side as the gateway waits on it: folds partitions of the log and says when a token is covered. */
export interface ReadBarrier {
  /** The partition a stream's events are folded in (always 0 where the whole log is folded in order). */
  partitionOf(streamId: string): number;
  /** Resolves once every read model has folded the token's positions, or after the timeout (the read then may lag). */
  waitFor(token: ReadToken, timeoutMs?: number): Promise<void>;
}
