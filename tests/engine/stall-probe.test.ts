/**
 * scripts/bench/stall-probe.ts, which benchHttp uses to say where each long event-loop stall went:
 * a turn that computes is on the CPU (or waiting for one), and a turn asleep in the kernel is blocked.
 */
import { existsSync } from 'node:fs';
import t from 'tap';
import { probeStalls } from '../../scripts/bench/stall-probe.js';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

t.test(
  'a busy turn is time on (or waiting for) a CPU, a sleeping one is blocked',
  { skip: existsSync('/proc/thread-self/schedstat') ? false : 'no /proc/thread-self/schedstat (Linux only)' },
  async (t) => {
    const probe = probeStalls(50);
    t.teardown(() => probe.stop());
    await pause(30);
    const started = performance.now();
    while (performance.now() - started < 150);
    const busyEnd = performance.now();
    await pause(30);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 150);
    const sleepEnd = performance.now();
    await pause(30);

    // The first gap to end after each turn is that turn's (a loaded machine may add others).
    const all = probe.stalls();
    const busy = all.find((s) => s.at >= busyEnd);
    const asleep = all.find((s) => s.at >= sleepEnd);
    t.ok(busy && busy.ms >= 150, `the busy turn: ${busy?.ms} ms`);
    t.ok(busy!.cpuMs + busy!.waitMs >= 120, `on or waiting for a CPU: ${busy!.cpuMs} + ${busy!.waitMs} ms`);
    t.ok(busy!.blockedMs < 30, `not blocked: ${busy!.blockedMs} ms`);
    t.ok(asleep && asleep !== busy && asleep.ms >= 150, `the sleeping turn: ${asleep?.ms} ms`);
    t.ok(asleep!.blockedMs >= 120, `blocked: ${asleep!.blockedMs} ms`);
    t.ok(asleep!.cpuMs < 30, `hardly on the CPU: ${asleep!.cpuMs} ms`);
    t.match(
      probe.describe(),
      /^\d+ stalls over 50 ms, the longest \d+ ms: \d+ on the CPU \(GC \d+\), \d+ waiting for a CPU, \d+ blocked/,
    );

    probe.reset();
    t.same(probe.stalls(), [], 'reset forgets them');
    t.equal(probe.describe(), 'no stall over 50 ms');
  },
);
