import type { VerifyProgress } from './report.js';

export interface ProgressOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface ProgressOptions {
  out: ProgressOutput;
  /** What starts each line (default "ledger"): the tool's name. */
  label?: string;
  /** Logs of at most this many events draw nothing (default 10,000). */
  threshold?: number;
  /** Least time between two redraws on a terminal (default 100 ms: at most ~10 a second). */
  minIntervalMs?: number;
  width?: number;
  now?: () => number;
}

export interface ProgressBar {
  update(p: VerifyProgress): void;
  /** Ends the bar's line (a terminal's bar is redrawn in place). */
  done(): void;
}

const fmt = (n: number): string => n.toLocaleString('en-US');

/**
 * A progress bar for long replays, without a dependency. On a terminal it redraws one line in
 * place at most every `minIntervalMs`; into a file or a pipe it writes a plain line every 10%.
 */
export function progressBar(options: ProgressOptions): ProgressBar {
  const { out } = options;
  const threshold = options.threshold ?? 10_000;
  const minInterval = options.minIntervalMs ?? 100;
  const width = options.width ?? 30;
  const label = options.label ?? 'ledger';
  const now = options.now ?? (() => performance.now());
  const started = now();
  let lastDraw = -Infinity;
  let lastTenth = -1;
  let drawn = false;

  const line = (p: VerifyProgress): string => {
    const fraction = p.head > 0 ? Math.min(1, p.position / p.head) : 1;
    const filled = Math.round(fraction * width);
    const seconds = (now() - started) / 1000;
    const rate = seconds > 0 ? Math.round(p.events / seconds) : 0;
    return `${label}: [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.floor(fraction * 100)
      .toString()
      .padStart(3)}% ${fmt(p.position)}/${fmt(p.head)} events${rate > 0 ? `, ${fmt(rate)}/s` : ''}`;
  };

  return {
    update(p) {
      if (p.head <= threshold) return;
      const finished = p.position >= p.head;
      if (out.isTTY) {
        const t = now();
        if (!finished && t - lastDraw < minInterval) return;
        lastDraw = t;
        out.write(`\r${line(p)}\x1b[K`);
        drawn = true;
      } else {
        const tenth = Math.floor((p.position / p.head) * 10);
        if (tenth === lastTenth) return;
        lastTenth = tenth;
        out.write(`${line(p)}\n`);
      }
    },
    done() {
      if (drawn) out.write('\n');
      drawn = false;
    },
  };
}
