import t from 'tap';
import { LoginThrottle } from '../src/auth/throttle.js';

t.test('five failures in fifteen minutes lock the key until the first one ages out', async (t) => {
  let now = 0;
  const th = new LoginThrottle(() => now);
  for (let i = 0; i < 5; i++) {
    t.equal(th.retryAfter('k'), 0);
    th.fail('k');
    now += 60_000;
  }
  t.equal(th.retryAfter('k'), 15 * 60_000 - 5 * 60_000, 'waits until the first failure is 15 minutes old');
  t.equal(th.retryAfter('other'), 0, 'other keys are free');
  now = 15 * 60_000 + 1;
  t.equal(th.retryAfter('k'), 0);
  th.succeed('k');
  t.equal(th.retryAfter('k'), 0);
});
