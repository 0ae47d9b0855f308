import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { Providers } from "./providers";
import "./globals.css";
// In the order of the one stylesheet they were split from: later rules override earlier ones of equal
// specificity, so moving an import changes what the pages look like.
import "../components/layout/layout.css";
import "../components/ui/base.css";
import "../components/packs/packs.css";
import "../components/fairness/fairness.css";
import "../components/api-keys/api-keys.css";
import "../components/inventory/inventory.css";
import "../components/history/history.css";
import "../components/wallet/wallet.css";
import "../components/rewards/rewards.css";
import "../components/api-keys/webhooks.css";
import "../components/ui/utilities.css";
import "../components/layout/header-menu.css";
import "../components/ui/chips.css";
import "../components/packs/drop-ticker.css";
import "../components/packs/packs-open.css";
import "../components/fairness/fairness-dialog.css";
import "../components/packs/open-summary.css";
import "../components/admin/admin.css";
import "../components/fairness/fairness-verdict.css";
import "../components/safer-play/safer-play.css";
import "../components/settings/settings.css";
import "../components/admin/admin-reports.css";
import "../components/battles/battles.css";
import "../components/shipments/shipments.css";
import "../components/upgrader/upgrader.css";

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
