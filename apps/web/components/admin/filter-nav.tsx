import Link from "next/link";

export interface FilterOption {
  value: string;
  text: string;
  href: string;
}

/** A console queue's filter as a row of links, the chosen one marked current (withdrawals' and shipments' states, shipments' age). */
export function FilterNav({ label, options, current }: { label: string; options: FilterOption[]; current: string }) {
  return (
    <nav aria-label={label} className="settings-nav">
      {options.map((option) => (
        <Link key={option.value} href={option.href} aria-current={option.value === current ? "page" : undefined}>
          {option.text}
        </Link>
      ))}
    </nav>
  );
}
