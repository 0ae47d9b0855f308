import Link from "next/link";
import { SAFER_PLAY_PATH } from "../../lib/safer-play";

const pages = [
  { href: "/settings/profile", label: "Profile" },
  { href: "/settings/api", label: "API keys" },
  { href: "/settings/payouts", label: "Payout destinations" },
  { href: SAFER_PLAY_PATH, label: "Safer play" },
  { href: "/settings/security", label: "Security" },
];

/** The settings pages, side by side at the top of each (the header has one entry for them all). */
export function SettingsNav({ current }: { current: string }) {
  return (
    <nav aria-label="Settings" className="settings-nav">
      {pages.map((page) => (
        <Link key={page.href} href={page.href} aria-current={page.href === current ? "page" : undefined}>
          {page.label}
        </Link>
      ))}
    </nav>
  );
}
