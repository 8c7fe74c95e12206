import * as v from 'valibot';

/**
 * The one rule for text a client sends (every string field of every schema uses it): no NUL or
 * other C0 control character (tab, CR and LF only where a field allows several lines), no DEL, no
 * lone UTF-16 surrogate, trimmed, and a length limit per field. PostgreSQL and PGlite refuse NUL
 * and lone surrogates in text and jsonb, so text that passed here can always be journalled.
 */
const CONTROL = /[\u0000-\u001f\u007f]/;
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const hasForbiddenCharacters = (s: string, multiline = false): boolean =>
  (multiline ? CONTROL_EXCEPT_LINES : CONTROL).test(s) || LONE_SURROGATE.test(s);

export interface TextOptions {
  /** Shortest accepted length after trimming; 1 makes the field required ('{field} is required'). */
  min?: number;
  max: number;
  /** Tab, CR and LF allowed (a remark or a message), other control characters still refused. */
  multiline?: boolean;
  /** Passwords are taken exactly as typed. */
  trim?: boolean;
}

export const text = (field: string, { min = 0, max, multiline = false, trim = true }: TextOptions) =>
  v.pipe(
    v.string(`${field} must be text`),
    v.check((s) => !hasForbiddenCharacters(s, multiline), `${field} contains characters that are not allowed`),
    v.transform((s) => (trim ? s.trim() : s)),
    v.minLength(min, min === 1 ? `${field} is required` : `${field} must be at least ${min} characters`),
    v.maxLength(max, `${field} is too long (at most ${max} characters)`),
  );

/** An id or key a client names (path parameters, ids in bodies and queries): required, at most 100 characters. */
export const idText = (field: string) => text(field, { min: 1, max: 100 });

/** An id that a client may send as a JSON number too (SPEC.md's event_id, selection, user_id); always text after. */
export const idOrNumber = (field: string) =>
  v.union(
    [
      idText(field),
      v.pipe(
        v.number(),
        v.safeInteger(`${field} must be text or a whole number`),
        v.minValue(0, `${field} must not be negative`),
        v.transform(String),
      ),
    ],
    `${field} must be text or a whole number`,
  );

/**
 * A value the journal can store as JSON: strings free of NUL and lone surrogates, finite numbers,
 * plain objects and arrays. The engine checks every accepted decision's events with it, so one
 * command's content can never make a turn's append fail for everyone in it.
 */
export function unstorable(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') || LONE_SURROGATE.test(value) ? path || 'text' : null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : path || 'number';
  if (value === null || typeof value === 'boolean' || value === undefined) return null;
  if (Array.isArray(value)) {
    for (const [i, x] of value.entries()) {
      const bad = unstorable(x, `${path}[${i}]`);
      if (bad) return bad;
    }
    return null;
  }
  if (typeof value === 'object') {
    for (const [k, x] of Object.entries(value)) {
      const bad = unstorable(k, path) ?? unstorable(x, path ? `${path}.${k}` : k);
      if (bad) return bad;
    }
    return null;
  }
  return path || 'value';
}
