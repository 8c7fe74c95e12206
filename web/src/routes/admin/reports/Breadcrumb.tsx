/** The trail from the caller down to the account a report is drilled into; each name goes back up. */
export function Breadcrumb({
  trail,
  onPick,
}: {
  trail: { _id: string; username: string }[];
  onPick: (username: string, top: boolean) => void;
}) {
  if (trail.length < 2) return null;
  return (
    <nav className="report-trail" aria-label="Downline trail">
      {trail.map((b, i) => (
        <span key={b._id}>
          {i > 0 && <span className="muted"> › </span>}
          {i === trail.length - 1 ? (
            <b>{b.username}</b>
          ) : (
            <button type="button" className="link-button" onClick={() => onPick(b.username, i === 0)}>
              {b.username}
            </button>
          )}
        </span>
      ))}
    </nav>
  );
}
