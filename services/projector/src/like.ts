/** A `like` pattern matching `text` anywhere, case-folded, with the pattern characters escaped. */
export const containsPattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
