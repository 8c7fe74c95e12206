import type { ReactNode } from 'react';
import { usePageTitle } from './use-page-title';

/** Shown in place of a page the logged-in account may not use (by role or by privilege). */
export function NotAvailableCard({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle('Not available');
  return (
    <section className="card">
      <header className="card-head">
        <h1>{title}</h1>
      </header>
      <p className="muted">{children}</p>
    </section>
  );
}
