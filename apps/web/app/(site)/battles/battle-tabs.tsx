import Link from "next/link";

const tabs = [
  { href: "/battles", label: "Lobby" },
  { href: "/battles/new", label: "Create a battle" },
  { href: "/battles/mine", label: "My battles" },
] as const;

/** The battle pages' own navigation. */
export function BattleTabs({ current }: { current: (typeof tabs)[number]["href"] | null }) {
  return (
    <nav aria-label="Battles" className="chips battle-tabs">
      {tabs.map((tab) => (
        <Link
          key={tab.href}
          href={tab.href}
          className={`chip${current === tab.href ? " is-selected" : ""}`}
          aria-current={current === tab.href ? "page" : undefined}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
