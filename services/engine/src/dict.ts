/**
 * A large string-keyed table of the engine's state (bets, users, balances, markets and their
 * positions, resting orders). A Map, not an object: the engine looks the ids of every command up
 * in them, and an object looks such a fresh string up in V8's string table before its own
 * (docs/performance.md, "What limits each figure"). Written to JSON as the object it replaced, so
 * a snapshot's format is unchanged; `Dict.from` reads either back.
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

/**
 * A Dict a snapshot writes in slices (snapshot/table-slices.ts, "Accounts out of the core"): the
 * tables that grow with the accounts ever opened. While a save is running it is told of every key
 * before the key changes, and whether it is deleted, so the slices still to be written keep what the key held at the
 * snapshot's position. Its values are replaced, never changed in place.
 */
export class Table<V> extends Dict<V> {
  /** Truthiness, not `!== null`: Map's constructor calls set() before this field exists. */
  watcher: ((key: string, deleting: boolean) => void) | null = null;

  override set(key: string, value: V): this {
    if (this.watcher) this.watcher(key, false);
    return super.set(key, value);
  }

  override delete(key: string): boolean {
    if (this.watcher) this.watcher(key, true);
    return super.delete(key);
  }

  override clear(): void {
    if (this.watcher) for (const key of this.keys()) this.watcher(key, true);
    super.clear();
  }

  static override from<V>(held: Record<string, V> | ReadonlyMap<string, V> | undefined): Table<V> {
    if (held instanceof Map) return new Table(held);
    return new Table(held ? Object.entries(held) : []);
  }
}
