/** A `like` pattern matching `s` anywhere, case-folded, with the pattern characters escaped. */
export const like = (s: string): string => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
