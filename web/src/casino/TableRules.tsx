import { rulesOf } from './table-rules';

/** The table's rules, folded away on a phone. */
export function TableRules({ code, open }: { code: string; open: boolean }) {
  return (
    <details className="side-card casino-rules" open={open}>
      <summary className="side-head">
        <h2>Rules</h2>
      </summary>
      <ul>
        {rulesOf(code).map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    </details>
  );
}
