"use client";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { StorableText } from "@prizepacks/core/contract";
import { trpc } from "../../lib/trpc";
import { schemaCheck, useFieldCheck } from "../../lib/use-field-check";
import { ErrorAlert } from "../ui/error-alert";
import { AmountField } from "../ui/amount-field";
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

/**
 * Credits and debits, apart from the standing actions: one form, one submission at a time, one
 * key per submission (so a double click applies once), cleared after it succeeds. A credit
 * above the operator's threshold is not applied but sent to Approvals for a second admin.
 */
export function MoneyActions({ userId }: { userId: string }) {
  const router = useRouter();
  const [direction, setDirection] = useState<"credit" | "debit">("credit");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [requestKey, renewKey] = useRequestKey();
  const amountCheck = useFieldCheck(amount, amountProblem);
  const reasonCheck = useFieldCheck(reason, reasonProblem);
  const ready = useHydrated();
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
    adjust.mutate({ direction, amount, reason, requestKey });
  };
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
          {direction === "credit" ? "Credit balance" : "Debit balance"}
        </SubmitButton>
      </form>
      <ErrorAlert error={adjust.error} />
      {result?.status === "applied" && (
        <p role="status" className="alert success">
          {result.amount.startsWith("-") ? `Debited $${result.amount.slice(1)}` : `Credited $${result.amount}`}; the balance is now $
          {result.balance}.
        </p>
      )}
      {result?.status === "pending" && (
        <p role="status" className="alert success" data-testid="credit-pending">
          A credit of ${result.amount} waits for another admin ({result.because}) on the <Link href="/admin/approvals">Approvals</Link>{" "}
          page.
        </p>
      )}
    </section>
  );
}
