"use client";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { centsToMoney, displayMoney, moneyToCents, StorableText } from "@prizepacks/core/contract";
import { trpc } from "../../lib/trpc";
import { schemaCheck, useFieldCheck } from "../../lib/use-field-check";
import { ErrorAlert } from "../ui/error-alert";
import { AmountField } from "../ui/amount-field";
import { ConfirmDialog, type ConfirmFact } from "../ui/confirm-dialog";
import { Field } from "../ui/field";
import { SubmitButton } from "../ui/submit-button";
import { useHydrated } from "../ui/use-hydrated";
import { useRequestKey } from "./request-key";

/** The server's own rules (AdjustmentSchema, parseMoney), checked here before the round trip. */
const amountProblem = (input: string) =>
  /^\d{1,12}(\.\d{1,2})?$/.test(input.trim()) && /[1-9]/.test(input)
    ? null
    : input.trim() === ""
      ? "Amount is required"
      : "Amount must be more than 0.00, with at most two decimals";
const reasonProblem = schemaCheck<string>("Reason", StorableText.trim().min(1).min(3).max(500));

type Adjustment = { direction: "credit" | "debit"; amount: string; reason: string };

/**
 * What the confirmation says a move will do. A credit past the approval threshold on its own
 * certainly waits for a second admin, so no new balance is shown for it; one below may still
 * wait (the threshold counts this admin's other credits in 24 hours, which only the server
 * sums), and the note says so. The server decides either way: this only describes.
 */
function describeAdjustment(move: Adjustment, account: { email: string; balance: string; creditApprovalAbove: string }) {
  const cents = moneyToCents(move.amount);
  const amount = displayMoney(centsToMoney(cents));
  const credit = move.direction === "credit";
  const needsApproval = credit && cents > moneyToCents(account.creditApprovalAbove);
  const balanceAfter = moneyToCents(account.balance) + (credit ? cents : -cents);
  const facts: ConfirmFact[] = [
    { term: "Account", value: account.email },
    { term: credit ? "Credit" : "Debit", value: <span className="money">{credit ? `+${amount}` : `-${amount}`}</span> },
    needsApproval
      ? { term: "Balance", value: <span className="money">{displayMoney(account.balance)} (unchanged until approved)</span> }
      : {
          term: "Balance",
          value: (
            <span className="money" data-testid="confirm-balance">
              {displayMoney(account.balance)} → {displayMoney(centsToMoney(balanceAfter))}
            </span>
          ),
        },
    { term: "Reason", value: move.reason.trim() },
  ];
  if (needsApproval)
    return {
      title: `Request a credit of ${amount}`,
      facts,
      note: `Above ${displayMoney(account.creditApprovalAbove)}, a credit needs a second admin's approval: it goes to the Approvals page and is applied when another admin approves it.`,
      confirmLabel: `Request approval for ${amount}`,
    };
  return {
    title: `${credit ? "Credit" : "Debit"} ${amount}`,
    facts,
    note: credit
      ? `If your credits in the last 24 hours would pass ${displayMoney(account.creditApprovalAbove)} with this one, it waits for a second admin's approval instead.`
      : balanceAfter < 0n
        ? "The balance is less than the debit: it will be refused."
        : undefined,
    confirmLabel: `${credit ? "Credit" : "Debit"} ${amount}`,
  };
}

/**
 * Credits and debits, apart from the standing actions: one form, one submission at a time, one
 * key per submission (so a double click applies once), cleared after it succeeds. Nothing moves
 * before the confirmation (account, amount, the balance before and after) is accepted. A credit
 * above the operator's threshold is not applied but sent to Approvals for a second admin.
 */
export function MoneyActions({ account }: { account: { id: string; email: string; balance: string; creditApprovalAbove: string } }) {
  const userId = account.id;
  const router = useRouter();
  const [direction, setDirection] = useState<"credit" | "debit">("credit");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [requestKey, renewKey] = useRequestKey();
  const amountCheck = useFieldCheck(amount, amountProblem);
  const reasonCheck = useFieldCheck(reason, reasonProblem);
  const ready = useHydrated();
  const [confirming, setConfirming] = useState<Adjustment | null>(null);
  const adjust = useMutation({
    mutationFn: (input: { direction: "credit" | "debit"; amount: string; reason: string; requestKey: string }) =>
      trpc.admin.accounts.adjust.mutate({ userId, ...input }),
    onSuccess: () => {
      setAmount("");
      setReason("");
      amountCheck.reset("");
      reasonCheck.reset("");
      renewKey();
      router.refresh();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Both checked (and shown) at once, not only the first.
    const amountOk = amountCheck.validate();
    if (!reasonCheck.validate() || !amountOk) return;
    adjust.reset();
    setConfirming({ direction, amount: amount.trim(), reason });
  };
  const confirmed = () => {
    if (confirming) adjust.mutate({ ...confirming, requestKey });
    setConfirming(null);
  };
  const description = confirming && describeAdjustment(confirming, account);
  const result = adjust.data;
  return (
    <section className="card stack" aria-labelledby="money-heading">
      <h2 id="money-heading">Adjust balance</h2>
      <form className="stack" onSubmit={submit} aria-busy={adjust.isPending} data-ready={ready}>
        <fieldset className="row admin-choice">
          <legend className="label">Direction</legend>
          {(["credit", "debit"] as const).map((choice) => (
            <label key={choice} className="row">
              <input type="radio" name="direction" value={choice} checked={direction === choice} onChange={() => setDirection(choice)} />
              {choice === "credit" ? "Credit" : "Debit"}
            </label>
          ))}
        </fieldset>
        <AmountField id="admin-amount" label="Amount ($)" labelClassName="label" value={amount} onValue={setAmount} check={amountCheck} />
        <Field
          id="admin-money-reason"
          label="Reason"
          labelClassName="label"
          value={reason}
          onValue={setReason}
          check={reasonCheck}
          placeholder="Shown in the ledger"
        />
        <SubmitButton className="button small" busy={adjust.isPending} busyText="Applying…">
          {direction === "credit" ? "Credit balance…" : "Debit balance…"}
        </SubmitButton>
      </form>
      <ConfirmDialog
        open={description !== null}
        title={description?.title ?? ""}
        facts={description?.facts ?? []}
        note={description?.note}
        confirmLabel={description?.confirmLabel ?? ""}
        danger={confirming?.direction === "debit"}
        onConfirm={confirmed}
        onCancel={() => setConfirming(null)}
      />
      <ErrorAlert error={adjust.error} />
      {result?.status === "applied" && (
        <p role="status" className="alert success">
          {result.amount.startsWith("-") ? `Debited ${displayMoney(result.amount.slice(1))}` : `Credited ${displayMoney(result.amount)}`};
          the balance is now {displayMoney(result.balance)}.
        </p>
      )}
      {result?.status === "pending" && (
        <p role="status" className="alert success" data-testid="credit-pending">
          A credit of {displayMoney(result.amount)} waits for another admin ({result.because}) on the{" "}
          <Link href="/admin/approvals">Approvals</Link> page.
        </p>
      )}
    </section>
  );
}
