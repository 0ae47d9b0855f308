import type { ReactNode } from "react";
import { SiteFrame } from "../../components/layout/site-frame";

// The player pages share the site's frame; the operator console (app/admin) has its own.
export default function SiteLayout({ children }: { children: ReactNode }) {
  return <SiteFrame>{children}</SiteFrame>;
}
