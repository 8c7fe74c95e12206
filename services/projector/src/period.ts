/** `and e.at ...` for a period of whole days (both ends included), parameters pushed onto `params`. */
export function periodSql(q: { from?: string; to?: string }, params: unknown[], column = 'e.at'): string {
  return (
    (q.from ? ` and ${column} >= $${params.push(q.from)}::date` : '') +
    (q.to ? ` and ${column} < $${params.push(q.to)}::date + 1` : '')
  );
}
