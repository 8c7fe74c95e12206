import t from 'tap';
import {
  buildShoe,
  commitmentWithWebCrypto,
  fairMessages,
  fairShuffle,
  FAIR_ALGORITHM,
  isServerSeed,
  shuffleWithWebCrypto,
  WHEEL,
} from '@exch/contracts';
import { commitmentWithNodeCrypto, newServerSeed, shuffleWithNodeCrypto } from '../../src/casino/fair-node.js';

const codes = (cards: readonly { code: string }[]) => cards.map((c) => c.code);
const digest = (fill: number, first: number[] = []) => Uint8Array.from({ length: 32 }, (_, i) => first[i] ?? fill);

t.test('one HMAC message per eight swaps', async (t) => {
  t.same(
    fairMessages('102250815181556', 0, 52),
    ['0', '1', '2', '3', '4', '5', '6'].map((b) => `102250815181556:0:${b}`),
    '51 floats in 7 digests',
  );
  t.equal(fairMessages('m', 3, 416).length, 52, '415 floats');
  t.equal(fairMessages('m', 3, 416)[51], 'm:3:51');
  t.same(fairMessages('m', 0, 9), ['m:0:0'], 'exactly 8 floats');
  t.same(fairMessages('m', 0, 1), [], 'one card needs no shuffle');
  t.equal(FAIR_ALGORITHM, 'hmac-sha256:fisher-yates:v1');
});

t.test('Fisher-Yates from the end, by hand', async (t) => {
  // All bytes 0: f = 0, j = 0 at every step. i=3 swaps 3,0: d b c a; i=2 swaps 2,0: c b d a; i=1: b c d a.
  t.same(fairShuffle(['a', 'b', 'c', 'd'], [digest(0)]), ['b', 'c', 'd', 'a']);
  // All bytes 255: f = 1 - 2^-32, j = i: nothing moves.
  t.same(fairShuffle(['a', 'b', 'c', 'd'], [digest(255)]), ['a', 'b', 'c', 'd']);
  // Floats 0.5, 0.75, then 0: i=3 j=floor(0.5*4)=2: a b d c; i=2 j=floor(0.75*3)=2: same; i=1 j=0: b a d c.
  t.same(fairShuffle(['a', 'b', 'c', 'd'], [digest(0, [0x80, 0, 0, 0, 0xc0, 0, 0, 0])]), ['b', 'a', 'd', 'c']);
  // The 4 bytes weigh 1/256, 1/256^2 ...: 0x00 0x00 0x00 0x01 is 2^-32, still j = 0.
  t.same(fairShuffle(['a', 'b'], [digest(0, [0, 0, 0, 1])]), ['b', 'a']);
  t.same(fairShuffle(['only'], []), ['only']);
  t.throws(() => fairShuffle(buildShoe(1), [digest(0)]), /digest 1 missing/, 'a 52-card shoe needs 7 digests');
  t.throws(() => fairShuffle(['a', 'b'], [new Uint8Array(16)]), /not 32 bytes/);
});

// The vector in docs/casino.md, computed independently with Python's hmac and hashlib.
const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const TEEN20_ORDER =
  'QS 3H JH JS 5C 8D 9D 7C JC KD KS 8S 8H 5D 7D 5S 6H 8C 4S 4H AD JD 7H 7S 5H 10D 10H KH 3D KC 9C 9H QC 4C 6D 9S AS 3C QD 2C 10C 2S 2D 6S AC AH 6C 4D 10S 3S QH 2H';

t.test('the published test vector', async (t) => {
  t.ok(isServerSeed(SEED));
  t.equal(commitmentWithNodeCrypto(SEED), '6c86c6aac5fb24bcf5d9939cb7d7d5645ce39418f449e03b262dd4fa14b4b92b');
  t.equal(codes(shuffleWithNodeCrypto(buildShoe(1), SEED, '102250815181556', 0)).join(' '), TEEN20_ORDER);
  t.same(codes(shuffleWithNodeCrypto(buildShoe(8), SEED, '116250815181647', 0).slice(0, 2)), ['6S', 'QH']);
  // Roulette shuffles the wheel's 37 pockets (36 floats, 5 digests): the first is where the ball lands.
  t.same(codes(shuffleWithNodeCrypto(WHEEL, SEED, '137250815181647', 0).slice(0, 5)), ['32', '33', '13', '31', '26']);
  t.same(codes((await shuffleWithWebCrypto(WHEEL, SEED, '137250815181647', 0)).slice(0, 1)), ['32'], 'Web Crypto too');
});

t.test('the browser path (Web Crypto) deals exactly what the engine (node:crypto) dealt', async (t) => {
  t.equal(await commitmentWithWebCrypto(SEED), commitmentWithNodeCrypto(SEED));
  t.equal(codes(await shuffleWithWebCrypto(buildShoe(1), SEED, '102250815181556', 0)).join(' '), TEEN20_ORDER);
  for (let round = 0; round < 5; round++) {
    const seed = newServerSeed();
    t.ok(isServerSeed(seed), 'a new seed is 64 lowercase hex characters');
    t.equal(await commitmentWithWebCrypto(seed), commitmentWithNodeCrypto(seed));
    const shoe = buildShoe(8);
    t.same(
      codes(await shuffleWithWebCrypto(shoe, seed, `116${round}`, round)),
      codes(shuffleWithNodeCrypto(shoe, seed, `116${round}`, round)),
    );
  }
  t.notOk(isServerSeed(SEED.toUpperCase()), 'the seed text is lowercase, as hashed');
  t.notOk(isServerSeed(SEED.slice(2)));
});
