import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { Providers } from "./providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "prizepacks", template: "%s · prizepacks" },
  description: "Provably fair prize packs: open, win, verify.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#0f1115" };

// The frame is the route group's: app/(site)/layout.tsx for players, app/admin/layout.tsx for
// the console. Pages outside both (not found, forbidden) draw the site's frame themselves.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
