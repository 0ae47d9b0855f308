"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { displayMoney } from "@prizepacks/core/shared";
import { queryKeys, trpc } from "../lib/trpc";

/** The wallet balance in the header; refreshed whenever a mutation invalidates queryKeys.me. */
export function BalanceBadge({ initialBalance }: { initialBalance: string }) {
  const { data } = useQuery({ queryKey: queryKeys.me, queryFn: () => trpc.me.get.query() });
  const balance = displayMoney(data?.balanceString ?? initialBalance);
  return (
    <Link href="/wallet" className="balance" aria-label={`Wallet balance ${balance}. Open the wallet`} data-testid="header-balance">
      <span aria-hidden="true">◈</span> <span className="money">{balance}</span>
    </Link>
  );
}
