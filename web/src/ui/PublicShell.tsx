import type { ReactNode } from 'react';
import { BRAND_NAME } from './brand';

/** The frame of pages shown without a session: login, passwords, maintenance, not found. */
export function PublicShell({ children, tagline }: { children: ReactNode; tagline?: string }) {
  return (
    <div className="public-shell">
      <div className="public-brand">
        <span className="logo logo-large">{BRAND_NAME}</span>
        {tagline !== undefined && <span className="public-tagline">{tagline}</span>}
      </div>
      <main className="public-main">{children}</main>
    </div>
  );
}
