/**
 * A string-keyed table of the engine's state that grows with what is open (bets, P&L books,
 * exposures, resting orders). A Map, not an object: the engine looks ids up from commands and
 * builds position keys on every bet, and an object looks such a fresh string up in V8's string
 * table before its own (docs/performance.md). Written to JSON as the object it replaced, so a
 * snapshot's format is unchanged; `Dict.from` reads either back.
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

/** Appends to the list at `key`, made first when there is none. */
export function pushTo(dict: Dict<string[]>, key: string, value: string): void {
  const list = dict.get(key);
  if (list) list.push(value);
  else dict.set(key, [value]);
}
