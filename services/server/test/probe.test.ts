import t from 'tap';
import { Probe, statusOf } from '../src/health/probe.js';

t.test('a probe answers by its deadline, whatever the dependency does', async (t) => {
  t.same(await new Probe('postgres', async () => 42, 50).check(), { ok: true, value: 42 });
  t.same(await new Probe('postgres', () => Promise.reject(new Error('connect ECONNREFUSED')), 50).check(), {
    ok: false,
    reason: 'postgres: connect ECONNREFUSED',
  });
  const hung = new Probe('kafka', () => new Promise<never>(() => {}), 50);
  t.same(
    await hung.check(),
    { ok: false, reason: 'kafka: no answer in 50 ms' },
    'a hung dependency is a reason, not a hang',
  );
});

t.test('a question still out is not asked again; once answered, the next check asks afresh', async (t) => {
  let asked = 0;
  let answer!: (n: number) => void;
  const probe = new Probe(
    'postgres',
    () => {
      asked++;
      return new Promise<number>((resolve) => (answer = resolve));
    },
    20,
  );
  const misses = await Promise.all([probe.check(), probe.check()]);
  t.same(await probe.check(), { ok: false, reason: 'postgres: no answer in 20 ms' });
  t.ok(
    misses.every((m) => !m.ok),
    'each check missed its own deadline',
  );
  t.equal(asked, 1, 'three checks, one question');
  const late = probe.check();
  answer(7);
  t.same(await late, { ok: true, value: 7 }, 'a check waiting when the answer comes takes it');
  await probe.check();
  t.equal(asked, 2, 'the next check asks again');
});

t.test('the verdict: degraded with every miss, ok with none', async (t) => {
  t.same(statusOf({ ok: true, value: 1 }, { ok: true, value: 2 }), { status: 'ok', reasons: [] });
  t.same(statusOf({ ok: true, value: 1 }, { ok: false, reason: 'kafka: no answer in 500 ms' }), {
    status: 'degraded',
    reasons: ['kafka: no answer in 500 ms'],
  });
});
