import t from 'tap';
import { CommandVerifier, SIGNATURE_WINDOW_MS, signCommand } from '../src/distributed/engine-signature.js';
import { readEngineSecret } from '../src/distributed/settings.js';

const SECRET = 'a'.repeat(64);
const BODY = JSON.stringify({ commandId: 'c1', command: { type: 'MintChips', userId: 'u', amount: 100 } });
const NOW = 1_700_000_000_000;

t.test('a request signed for the epoch, fresh and unseen, is taken once', async (t) => {
  const verifier = new CommandVerifier(SECRET);
  const headers = signCommand(SECRET, 7, BODY, NOW);
  t.same(verifier.verify(headers, BODY, NOW + 1_000), { ok: true, epoch: 7 });
  t.same(
    verifier.verify(headers, BODY, NOW + 2_000),
    { ok: false, reason: 'replayed request' },
    'the same request again is refused',
  );
  t.same(
    verifier.verify(signCommand(SECRET, 7, BODY, NOW + 2_000), BODY, NOW + 2_000),
    { ok: true, epoch: 7 },
    'signed afresh (a gateway retry) it is a new request',
  );
});

t.test('everything else is refused', async (t) => {
  const verifier = new CommandVerifier(SECRET);
  const signed = signCommand(SECRET, 7, BODY, NOW);
  const refused = (headers: Record<string, string>, body = BODY, now = NOW) => {
    const v = verifier.verify(headers, body, now);
    return v.ok ? 'taken' : v.reason;
  };
  t.equal(refused({}), 'unsigned request');
  t.equal(
    refused({ ...signed, 'x-engine-signature': 'zz'.repeat(32) }),
    'unsigned request',
    'a signature that is not 32 bytes of hex',
  );
  t.equal(refused({ ...signed, 'x-engine-signature': 'ab' }), 'unsigned request', 'nor one of another length');
  t.equal(refused(signCommand('b'.repeat(64), 7, BODY, NOW)), 'bad signature', 'another secret');
  t.equal(refused(signed, BODY.replace('100', '100000')), 'bad signature', 'a body changed after signing');
  t.equal(refused({ ...signed, 'x-engine-epoch': '8' }), 'bad signature', 'an epoch changed after signing');
  t.equal(
    refused({ ...signed, 'x-engine-timestamp': String(NOW + 1) }),
    'bad signature',
    'a timestamp changed after signing',
  );
  t.equal(refused(signed, BODY, NOW + SIGNATURE_WINDOW_MS + 1), 'timestamp outside the window', 'too old');
  t.equal(refused(signed, BODY, NOW - SIGNATURE_WINDOW_MS - 1), 'timestamp outside the window', 'from the future');
  t.equal(refused(signed, BODY, NOW + SIGNATURE_WINDOW_MS), 'taken', 'at the edge of the window it is still taken');
});

t.test('signatures are forgotten once their timestamp has left the window', async (t) => {
  const verifier = new CommandVerifier(SECRET, 1_000);
  const first = signCommand(SECRET, 1, BODY, NOW);
  t.ok(verifier.verify(first, BODY, NOW).ok);
  t.ok(
    verifier.verify(signCommand(SECRET, 1, BODY, NOW + 1_500), BODY, NOW + 2_001).ok,
    'a later request prunes the first',
  );
  t.equal((verifier as unknown as { seen: Map<string, number> }).seen.size, 1, 'only the live one is kept');
  t.same(
    verifier.verify(first, BODY, NOW + 2_001),
    { ok: false, reason: 'timestamp outside the window' },
    'and the forgotten one is refused by its age',
  );
});

t.test('ENGINE_SECRET is required, and long enough', async (t) => {
  t.throws(() => readEngineSecret({}), /ENGINE_SECRET must be set/);
  t.throws(() => readEngineSecret({ ENGINE_SECRET: 'short' }), /at least 32 characters/);
  t.equal(readEngineSecret({ ENGINE_SECRET: SECRET }), SECRET);
});
