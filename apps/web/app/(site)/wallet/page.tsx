import { demoDepositsEnabled } from "@prizepacks/core";
import { WalletBalance } from "../../../components/wallet-balance";
import { WalletDepositForm } from "../../../components/wallet-deposit-form";
import { WalletLedger } from "../../../components/wallet-ledger";
import { db } from "../../../lib/database";
import { requireViewer, serverApi } from "../../../lib/server-api";

export const dynamic = "force-dynamic";
export const metadata = { title: "Wallet" };

export default async function WalletPage() {
  const viewer = await requireViewer("/wallet");
  const api = await serverApi();
  const [balance, ledger, protection, firstDeposit] = await Promise.all([
    api.wallet.get(),
    api.wallet.ledger({}),
    api.me.limits.get(),
    (await db()).ledgerEntry.findFirst({ where: { userId: viewer.id, kind: "DEPOSIT" }, select: { id: true } }),
  ]);
  return (
    <>
      <div className="page-header">
        <h1>Wallet</h1>
      </div>
      <div className="stack wallet">
        <div className="grid-2 wallet-top">
          <WalletBalance initialBalance={balance} />
          {demoDepositsEnabled() ? (
            <WalletDepositForm offerSaferPlay={protection.limits.length === 0 && firstDeposit === null} />
          ) : (
            <section className="card stack" aria-labelledby="deposit-heading">
              <h2 id="deposit-heading">Add funds</h2>
              <p className="muted">
                Deposits are not available yet: there is no payment provider, and demo deposits exist only in demo mode.
              </p>
            </section>
          )}
        </div>
        <section className="stack" aria-labelledby="wallet-history-heading">
          <h2 id="wallet-history-heading">Wallet history</h2>
          <WalletLedger initialPage={ledger} />
        </section>
      </div>
    </>
  );
}
