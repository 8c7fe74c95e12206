import { PGlite } from '@electric-sql/pglite';

type Raw = (this: PGlite, message: Uint8Array) => Uint8Array;

/** What a wire-protocol message asked for: a simple query's SQL (a COMMIT is where the WAL is fsynced), or the extended protocol's step. */
function describe(message: Uint8Array): string {
  const kind = String.fromCharCode(message[0] ?? 0);
  const text = () =>
    Buffer.from(message.subarray(5, 65))
      .toString('latin1')
      .replace(/[^\x20-\x7e]+/g, ' ')
      .trim();
  if (kind === 'Q') return text();
  if (kind === 'P') return `parse ${text()}`;
  return { S: 'sync', E: 'execute', B: 'bind', D: 'describe' }[kind] ?? kind;
}

/**
 * The longest single call into PGlite's WebAssembly (`execProtocolRawSync`: one exchange of the
 * wire protocol, a statement's parse, bind or execute). It runs on the calling thread, the server's
 * in the embedded product, so it holds the event loop for as long as it takes: this tells a
 * statement that holds the loop from a loop held by everything else one turn does (docs/performance.md,
 * "What limits each figure").
 */
export function probePGlite(): { longest(): number; what(): string; reset(): void; stop(): void } {
  const proto = PGlite.prototype as unknown as { execProtocolRawSync: Raw };
  const original = proto.execProtocolRawSync;
  let longest = 0;
  let what = '';
  // The extended protocol's bind, execute and sync name no SQL: they are told by the last parse's.
  let parsed = '';
  proto.execProtocolRawSync = function (message) {
    const started = performance.now();
    const kind = describe(message);
    if (kind.startsWith('parse ')) parsed = kind.slice(6);
    try {
      return original.call(this, message);
    } finally {
      const took = performance.now() - started;
      if (took > longest) {
        longest = took;
        what = kind.startsWith('parse ') || !parsed ? kind : `${kind} of ${parsed}`;
      }
    }
  };
  return {
    longest: () => longest,
    what: () => what,
    reset: () => {
      longest = 0;
      what = '';
    },
    stop: () => {
      proto.execProtocolRawSync = original;
    },
  };
}
