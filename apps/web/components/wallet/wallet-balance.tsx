"use client";
import { useQuery } from "@tanstack/react-query";
import type { WalletBalance as WalletBalanceData } from "@prizepacks/core";
import { displayMoney } from "@prizepacks/core/contract";
import { queryKeys, trpc } from "../../lib/trpc";

export function WalletBalance({ initialBalance }: { initialBalance: WalletBalanceData }) {
  const { data } = useQuery({ queryKey: queryKeys.wallet.get(), queryFn: () => trpc.wallet.get.query(), initialData: initialBalance });
  return (
    <section className="card wallet-balance" aria-labelledby="wallet-balance-heading">
      <h2 id="wallet-balance-heading" className="muted small-text wallet-balance-label">
        Balance
      </h2>
      <p className="money wallet-balance-amount" data-testid="wallet-balance">
        {displayMoney(data.balanceString)}
      </p>
      {data.pendingWithdrawals !== "0.00" && (
        <p className="small-text" data-testid="pending-withdrawals">
          {displayMoney(data.pendingWithdrawals)} reserved for pending withdrawals
        </p>
      )}
      <p className="hint">Opening a pack debits its price; selling an item credits its value.</p>
    </section>
  );
}
