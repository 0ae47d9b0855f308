import Link from "next/link";
import { demoDepositsEnabled, depositEnv, destinationUsableAfterHours, usableAfterText, withdrawalEnv } from "@prizepacks/core";
import { DepositLimitLink } from "../../../components/safer-play/deposit-limit-link";
import { WalletBalance } from "../../../components/wallet/wallet-balance";
import { WalletCheckoutDeposit } from "../../../components/wallet/wallet-checkout-deposit";
import { WalletDepositForm } from "../../../components/wallet/wallet-deposit-form";
import { WalletLedger } from "../../../components/wallet/wallet-ledger";
import { WalletWithdrawForm } from "../../../components/wallet/wallet-withdraw-form";
import { WalletVerification } from "../../../components/wallet/wallet-verification";
import { WalletWithdrawals } from "../../../components/wallet/wallet-withdrawals";
import { db, services } from "../../../lib/database";
import { requireViewer, serverApi } from "../../../lib/server-api";

export const dynamic = "force-dynamic";
export const metadata = { title: "Wallet" };

export default async function WalletPage({ searchParams }: { searchParams: Promise<{ deposit?: string; back?: string }> }) {
  const viewer = await requireViewer("/wallet");
  const api = await serverApi();
  const { deposit: returnedFrom, back } = await searchParams;
  // The pack the player came from to add funds (only a pack page of ours, never a URL from outside).
  const backToPack = back && /^\/packs\/[a-z0-9-]{1,100}$/.test(back) ? back : null;
  const deposits = depositEnv();
  const opened = await services();
  const payouts = opened.payouts;
  const [balance, ledger, protection, firstDeposit, returnedDeposit, destinations, withdrawals, verification] = await Promise.all([
    api.wallet.get(),
    api.wallet.ledger({}),
    api.me.limits.get(),
    (await db()).ledgerEntry.findFirst({ where: { userId: viewer.id, kind: "DEPOSIT" }, select: { id: true } }),
    // Back from the checkout page: the deposit it was for (not the account's: nothing shown).
    deposits.btcpay && returnedFrom ? api.deposits.get({ id: returnedFrom }).catch(() => null) : null,
    payouts ? api.payoutDestinations.list() : [],
    payouts ? api.withdrawals.list({}) : null,
    api.me.verification.get(),
  ]);
  const now = new Date();
  const usable = destinations.filter((d) => d.status === "confirmed" && d.usableAt && new Date(d.usableAt) <= now);
  const offerSaferPlay = protection.limits.length === 0 && firstDeposit === null;
  return (
    <>
      {backToPack && (
        <p className="small-text">
          <Link href={backToPack} data-testid="back-to-pack">
            ← Back to the pack
          </Link>
        </p>
      )}
      <div className="page-header">
        <h1>Wallet</h1>
        <Link href="/wallet/statements">Statements and CSV export</Link>
      </div>
      <div className="stack wallet">
        <div className="grid-2 wallet-top">
          <WalletBalance initialBalance={balance} />
          {deposits.btcpay ? (
            <WalletCheckoutDeposit
              min={deposits.DEPOSIT_MIN}
              max={deposits.DEPOSIT_MAX}
              returnedDeposit={returnedDeposit}
              offerSaferPlay={offerSaferPlay}
            />
          ) : demoDepositsEnabled() ? (
            <WalletDepositForm offerSaferPlay={offerSaferPlay} backToPack={backToPack} />
          ) : (
            <section className="card stack" aria-labelledby="deposit-heading">
              <h2 id="deposit-heading">Add funds</h2>
              <p className="muted">
                Deposits are not available yet: there is no payment provider, and demo deposits exist only in demo mode.
              </p>
              <DepositLimitLink />
            </section>
          )}
        </div>
        <WalletVerification initial={verification} available={opened.verifications !== null} />
        {payouts && withdrawals && (
          <div className="grid-2">
            <WalletWithdrawForm
              destinations={usable}
              min={withdrawalEnv().WITHDRAWAL_MIN}
              usableAfter={usableAfterText(destinationUsableAfterHours())}
              verificationNeeded={verification.requirements.find((requirement) => requirement.requiredFor === "withdrawal") ?? null}
            />
            <WalletWithdrawals withdrawals={withdrawals.withdrawals} />
          </div>
        )}
        <section className="stack" aria-labelledby="wallet-history-heading">
          <h2 id="wallet-history-heading">Wallet history</h2>
          <WalletLedger initialPage={ledger} />
        </section>
      </div>
    </>
  );
}
