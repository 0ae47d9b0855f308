import type { ReactNode } from "react";
import { DropTicker } from "./drop-ticker";
import { SiteHeader } from "./site-header";

/** The player site's frame: header with the balance, the live drop strip, the page, the footer. */
export function SiteFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <DropTicker />
      <main id="main" className="page">
        {children}
      </main>
      <footer className="site-footer">
        <span>prizepacks · every draw verifiable</span>
        <a href="/fairness">How fairness works</a>
        <a href="/settings/safer-play">Safer play</a>
        <a href="/docs">REST API</a>
      </footer>
    </>
  );
}
