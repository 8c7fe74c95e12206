/**
 * Drops the entries of a map kept in the order of their last change (deleted and set again on
 * each) whose time is at or before `cutoff`, from the front: a walk as long as what expired.
 */
export function dropExpired<K, V>(map: Map<K, V>, timeOf: (value: V) => number, cutoff: number): void {
  for (const [key, value] of map) {
    if (timeOf(value) > cutoff) return;
    map.delete(key);
  }
}
