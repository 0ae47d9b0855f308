import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { DropTicker } from "../components/drop-ticker";
import { SiteHeader } from "../components/site-header";
import { Providers } from "./providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "prizepacks", template: "%s · prizepacks" },
  description: "Provably fair prize packs: open, win, verify.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#0f1115" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <Providers>
          <SiteHeader />
          <DropTicker />
          <main id="main" className="page">
            {children}
          </main>
          <footer className="site-footer">
            <span>prizepacks · every draw verifiable</span>
            <a href="/fairness">How fairness works</a>
            <a href="/docs">REST API</a>
          </footer>
        </Providers>
      </body>
    </html>
  );
}
