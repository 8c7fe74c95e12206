import { closeSync, openSync, readSync } from 'node:fs';
import { PerformanceObserver, performance } from 'node:perf_hooks';

/** A gap between two ticks of the probe's timer longer than the stall threshold, and where it went. */
export interface Stall {
  /** performance.now() at the gap's end. */
  at: number;
  ms: number;
  /** The thread on a CPU: JavaScript, the collector's share on this thread, PGlite's WebAssembly. */
  cpuMs: number;
  /** Runnable, waiting for a CPU another process or thread had. */
  waitMs: number;
  /** Neither: asleep in the kernel (a synchronous write or fsync, a page fault on a file). */
  blockedMs: number;
  /** The collector's pauses inside the gap (part of cpuMs, as far as they ran on this thread). */
  gcMs: number;
}

const TICK_MS = 5;

/**
 * Where the event loop's long stalls went. A timer ticks every 5 ms and reads the thread's
 * scheduler counters (/proc/thread-self/schedstat: nanoseconds on a CPU, nanoseconds runnable but
 * waiting for one); a gap between ticks longer than `overMs` is split into the thread's own CPU
 * time, its wait for a CPU and the rest, blocked in the kernel. On two cores shared with the load
 * client and a database, a stall the thread spent waiting for a CPU is the machine's, not the
 * server's (docs/performance.md, "What limits each figure"). Linux only: elsewhere it reports nothing.
 */
export function probeStalls(overMs = 50): { stalls(): Stall[]; describe(): string; reset(): void; stop(): void } {
  let fd: number | null = null;
  try {
    fd = openSync('/proc/thread-self/schedstat', 'r');
  } catch {
    fd = null;
  }
  const buffer = Buffer.alloc(128);
  const counters = (): [number, number] => {
    if (fd === null) return [0, 0];
    const n = readSync(fd, buffer, 0, buffer.length, 0);
    const [cpu = '0', wait = '0'] = buffer.toString('latin1', 0, n).split(' ');
    return [Number(cpu) / 1e6, Number(wait) / 1e6];
  };
  let found: Stall[] = [];
  const pauses: { start: number; end: number }[] = [];
  const gc = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) pauses.push({ start: e.startTime, end: e.startTime + e.duration });
  });
  gc.observe({ entryTypes: ['gc'] });
  let last = performance.now();
  let [cpuBefore, waitBefore] = counters();
  const timer = setInterval(() => {
    const now = performance.now();
    const [cpu, wait] = counters();
    const ms = now - last;
    if (ms > overMs) {
      const cpuMs = cpu - cpuBefore;
      const waitMs = wait - waitBefore;
      found.push({ at: now, ms, cpuMs, waitMs, blockedMs: Math.max(0, ms - cpuMs - waitMs), gcMs: 0 });
    }
    last = now;
    cpuBefore = cpu;
    waitBefore = wait;
  }, TICK_MS);
  timer.unref();
  const withPauses = (): Stall[] => {
    // The observer's entries arrive after the gap they fell in: matched to the gaps when read.
    for (const s of found) {
      s.gcMs = 0;
      for (const p of pauses) s.gcMs += Math.max(0, Math.min(p.end, s.at) - Math.max(p.start, s.at - s.ms));
    }
    return found;
  };
  return {
    stalls: withPauses,
    describe: () => {
      const all = withPauses();
      if (fd === null) return '';
      if (all.length === 0) return `no stall over ${overMs} ms`;
      const f = (x: number) => x.toFixed(0);
      const worst = [...all]
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 3)
        .map(
          (s) =>
            `${f(s.ms)} ms: ${f(s.cpuMs)} on the CPU (GC ${f(s.gcMs)}), ${f(s.waitMs)} waiting for a CPU, ${f(s.blockedMs)} blocked`,
        );
      return `${all.length} stalls over ${overMs} ms, the longest ${worst.join('; ')}`;
    },
    reset: () => {
      found = [];
      pauses.length = 0;
    },
    stop: () => {
      clearInterval(timer);
      gc.disconnect();
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}
