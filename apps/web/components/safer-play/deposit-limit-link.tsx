import Link from "next/link";
import { DEPOSIT_LIMIT_PATH } from "../../lib/safer-play";

/** The way to a deposit limit that a licence wants on the home page, the wallet and where deposits are made (the footer has Safer play). */
export function DepositLimitLink({ className = "small-text" }: { className?: string }) {
  return (
    <p className={className}>
      <Link href={DEPOSIT_LIMIT_PATH} data-testid="deposit-limit-link">
        Set a deposit limit
      </Link>
    </p>
  );
}
