/** SPEC.md section 9: page sizes 25, 50 and 100 (default 25). */
const PAGE_SIZES = [25, 50, 100] as const;

export function PageSize({ value, onChange }: { value: number; onChange: (limit: number) => void }) {
  return (
    <label className="page-size">
      <span>Show</span>
      <select name="limit" value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {PAGE_SIZES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <span>per page</span>
    </label>
  );
}
