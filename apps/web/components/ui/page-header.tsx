import type { ReactNode } from "react";

/** A page's title and the sentence under it that says what the page is for. */
export function PageHeader({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <header className="page-header">
      <div>
        <h1>{title}</h1>
        <p className="muted">{children}</p>
      </div>
    </header>
  );
}
