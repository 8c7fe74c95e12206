import type * as v from 'valibot';

const keyOf = (issue: v.BaseIssue<unknown>): string => issue.path?.map((p) => String(p.key)).join('.') ?? '';
const isKeyIssue = (issue: v.BaseIssue<unknown>): boolean =>
  issue.kind === 'schema' && (issue.type === 'strict_object' || issue.type === 'object') && keyOf(issue) !== '';

/**
 * The 400's message for a request part a schema refused, the same at the gateway and the game
 * provider: missing fields listed together in SPEC.md's wording ('Missing required fields: {list}'),
 * an unknown field named, and otherwise the first issue's own message.
 */
export function issueMessage(issues: readonly [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): string {
  const keyIssues = issues.filter(isKeyIssue);
  const unknown = keyIssues.find((i) => i.expected === 'never');
  if (unknown) return `Unknown field: ${keyOf(unknown)}`;
  const missing = keyIssues.filter((i) => i.received === 'undefined').map(keyOf);
  if (missing.length > 0) return `Missing required fields: ${missing.join(', ')}`;
  return issues[0].message;
}
