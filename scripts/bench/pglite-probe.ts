import { PGlite } from '@electric-sql/pglite';

type Raw = (this: PGlite, message: Uint8Array) => Uint8Array;

/**
 * The longest single call into PGlite's WebAssembly (`execProtocolRawSync`: one exchange of the
 * wire protocol, a statement's parse, bind or execute). It runs on the calling thread, the server's
 * in the embedded product, so it holds the event loop for as long as it takes: this tells a
 * statement that holds the loop from a loop held by everything else one turn does (docs/performance.md).
 */
export function probePGlite(): { longest(): number; reset(): void; stop(): void } {
  const proto = PGlite.prototype as unknown as { execProtocolRawSync: Raw };
  const original = proto.execProtocolRawSync;
  let longest = 0;
  proto.execProtocolRawSync = function (message) {
    const started = performance.now();
    try {
      return original.call(this, message);
    } finally {
      longest = Math.max(longest, performance.now() - started);
    }
  };
  return {
    longest: () => longest,
    reset: () => {
      longest = 0;
    },
    stop: () => {
      proto.execProtocolRawSync = original;
    },
  };
}
