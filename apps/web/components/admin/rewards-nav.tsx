import { FilterNav } from "./filter-nav";

const PAGES = [
  { value: "settings", text: "Settings", href: "/admin/rewards" },
  { value: "promo-codes", text: "Promo codes", href: "/admin/rewards/promo-codes" },
  { value: "spend", text: "Spend by day", href: "/admin/rewards/spend" },
];

/** The console's reward pages (#39), one row of links. */
export function RewardsNav({ current }: { current: "settings" | "promo-codes" | "spend" }) {
  return <FilterNav label="Reward pages" options={PAGES} current={current} />;
}
