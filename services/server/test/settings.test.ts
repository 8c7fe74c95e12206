import t from 'tap';
import { readSettings } from '../src/distributed/settings.js';

const base = { DATABASE_URL: 'postgres://x', KAFKA_BROKERS: 'k:9092' };

t.test('a process listens on every interface unless BIND_HOST names one', async (t) => {
  t.equal(readSettings('engine', 4100, base).bindHost, '0.0.0.0');
  t.equal(readSettings('engine', 4100, { ...base, BIND_HOST: '10.0.0.7' }).bindHost, '10.0.0.7');
  t.equal(readSettings('engine', 4100, { ...base, PORT: '4200' }).port, 4200);
  t.throws(() => readSettings('engine', 4100, { KAFKA_BROKERS: 'k' }), /DATABASE_URL is required/);
});
