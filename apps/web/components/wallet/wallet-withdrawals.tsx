import type { Withdrawal } from "@prizepacks/core";
import { displayMoney } from "@prizepacks/core/contract";
import { LocalTime } from "../ui/local-time";

const stateLabels: Record<Withdrawal["state"], string> = {
  requested: "Waiting for approval",
  approved: "Approved",
  paying: "Being paid",
  completed: "Paid",
  rejected: "Rejected, given back",
  failed: "Failed, given back",
};

/** The account's latest withdrawals and where each stands. */
export function WalletWithdrawals({ withdrawals }: { withdrawals: Withdrawal[] }) {
  return (
    <section className="card stack" aria-labelledby="wallet-withdrawals-heading">
      <h2 id="wallet-withdrawals-heading">Withdrawals</h2>
      {withdrawals.length === 0 ? (
        <p className="muted">No withdrawals yet.</p>
      ) : (
        <ul className="stack" data-testid="withdrawals">
          {withdrawals.map((w) => (
            <li key={w.id}>
              <strong>{displayMoney(w.amount)}</strong> · {stateLabels[w.state]} ·{" "}
              <span className="muted small-text">
                <LocalTime iso={w.createdAt} />
              </span>
              {w.reason && <p className="hint">{w.reason}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
