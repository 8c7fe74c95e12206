/**
 * A large string-keyed table of the engine's state (bets, users, balances, markets and their
 * positions, resting orders). A Map, not an object: the engine looks the ids of every command up
 * in them, and an object looks such a fresh string up in V8's string table before its own
 * (docs/performance.md). Written to JSON as the object it replaced, so a snapshot's format is
 * unchanged; `Dict.from` reads either back.
 */
export class Dict<V> extends Map<string, V> {
  toJSON(): Record<string, V> {
    return Object.fromEntries(this);
  }

  static from<V>(held: Record<string, V> | ReadonlyMap<string, V> | undefined): Dict<V> {
    if (held instanceof Map) return new Dict(held);
    return new Dict(held ? Object.entries(held) : []);
  }
}
