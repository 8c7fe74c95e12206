interface ComingCardProps {
  title: string;
  blurb: string;
  /** Route parameters the page was opened with, listed so links can be checked before the page exists. */
  params?: Record<string, string | undefined>;
}

/** The tidy placeholder for a page a later issue fills in: its name, one line, and the parameters it got. */
export function ComingCard({ title, blurb, params = {} }: ComingCardProps) {
  const shown = Object.entries(params).filter(
    (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
  );
  return (
    <section className="card coming-card">
      <header className="card-head">
        <h1>{title}</h1>
        <span className="badge">Coming soon</span>
      </header>
      <p className="muted">{blurb}</p>
      {shown.length > 0 && (
        <dl className="param-list">
          {shown.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
