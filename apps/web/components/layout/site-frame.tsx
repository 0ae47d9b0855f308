import type { ReactNode } from "react";
import { DropTicker } from "../packs/drop-ticker";
import { SiteHeader } from "./site-header";

/**
 * The player site's frame: header with the balance, the live drop strip, the page, the footer.
 * The strip comes after the page in the document and is drawn above it (CSS order), so the tab
 * order and a screen reader reach the content before a dozen strangers' drops.
 */
export function SiteFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <main id="main" className="page">
        {children}
      </main>
      <DropTicker />
      <footer className="site-footer">
        <span>prizepacks · every draw verifiable</span>
        <a href="/fairness">How fairness works</a>
        <a href="/settings/safer-play">Safer play</a>
        <a href="/docs">REST API</a>
      </footer>
    </>
  );
}
