"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { displayMoney } from "@prizepacks/core/contract";
import { useAccountChanges } from "../../lib/account-changes";
import { queryKeys, trpc } from "../../lib/trpc";

/** The wallet balance in the header; refreshed whenever a mutation here or a change elsewhere (useAccountChanges) invalidates queryKeys.me.get(). */
export function BalanceBadge({ initialBalance }: { initialBalance: string }) {
  useAccountChanges();
  const { data } = useQuery({ queryKey: queryKeys.me.get(), queryFn: () => trpc.me.get.query() });
  const balance = displayMoney(data?.balanceString ?? initialBalance);
  return (
    <Link href="/wallet" className="balance" aria-label={`Wallet balance ${balance}. Open the wallet`} data-testid="header-balance">
      <span aria-hidden="true">◈</span> <span className="money">{balance}</span>
    </Link>
  );
}
