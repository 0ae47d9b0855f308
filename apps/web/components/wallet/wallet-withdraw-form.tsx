"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useRef, useState, type FormEvent } from "react";
import type { PayoutDestination } from "@prizepacks/core";
import { displayMoney, type VerificationRequirementDetail } from "@prizepacks/core/contract";
import { withoutVerifyPath } from "../../lib/verification";
import { errorMessage } from "../../lib/error-message";
import { queryKeys, trpc, withIdempotencyKey } from "../../lib/trpc";
import { ErrorAlert } from "../ui/error-alert";
import { AmountField } from "../ui/amount-field";
import { CodeInput } from "../ui/code-input";
import { FieldFrame } from "../ui/field";
import { SubmitButton } from "../ui/submit-button";
import { describeVerificationRefusal } from "./verification-refusal";

/**
 * Wallet → Withdraw: an amount, a confirmed destination past its 24 hours, and the second
 * factor's code. The amount is reserved at once (the balance drops, shown as pending) until
 * the withdrawal is paid, or given back when rejected or failed.
 *
 * One submission at a time: a second one while the first is in flight (a double click, Enter
 * pressed twice before the button is disabled) is dropped here, and every try carries the
 * form's Idempotency-Key (made when it is drawn, renewed after a success), so a retry the server
 * has already answered gets that answer back instead of a refusal of the code it used.
 */
export function WalletWithdrawForm({
  destinations,
  min,
  usableAfter,
  verificationNeeded,
}: {
  destinations: PayoutDestination[];
  min: string;
  /**
   * What a withdrawal waits for now (an identity check), if anything: said instead of the form,
   * so nobody types a second factor's code only to be refused.
   */
  verificationNeeded: VerificationRequirementDetail | null;
  /** When a confirmed destination becomes usable, e.g. "24 hours after you confirm it". */
  usableAfter: string;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const amountId = useId();
  const destinationId = useId();
  const codeId = useId();
  const hintId = useId();
  const [amount, setAmount] = useState("");
  const [destination, setDestination] = useState(destinations[0]?.id ?? "");
  const [code, setCode] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  // isPending changes on the next render; a second submit event can come before it.
  const inFlight = useRef(false);

  const withdraw = useMutation({
    mutationFn: () =>
      trpc.withdrawals.create.mutate(
        { amount: amount.trim(), destinationId: destination, code: code.trim() },
        withIdempotencyKey(idempotencyKey),
      ),
    onSuccess: (result) => {
      setNotice(`Withdrawal of ${displayMoney(result.amount)} requested: it is reserved from your balance until it is paid.`);
      setAmount("");
      setCode("");
      setIdempotencyKey(crypto.randomUUID());
      router.refresh();
    },
    onSettled: async () => {
      inFlight.current = false;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.me.get() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.wallet() }),
      ]);
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setNotice(null);
    withdraw.mutate();
  }

  return (
    <section className="card stack" aria-labelledby="wallet-withdraw-heading">
      <h2 id="wallet-withdraw-heading">Withdraw</h2>
      {verificationNeeded ? (
        <p className="alert info" data-testid="withdraw-needs-verification">
          {withoutVerifyPath(verificationNeeded.message)} <Link href="#verification">Go to the identity check</Link>
        </p>
      ) : destinations.length === 0 ? (
        <p className="muted">
          Add a payout destination in <Link href="/settings/payouts">Settings → Payout destinations</Link> first. It can be used{" "}
          {usableAfter} from the mail we send.
        </p>
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate>
          <AmountField
            id={amountId}
            name="amount"
            placeholder="40.00"
            value={amount}
            onValue={setAmount}
            hintId={hintId}
            hint={`At least ${displayMoney(min)}.`}
          />
          <FieldFrame id={destinationId} label="To">
            <select id={destinationId} name="destination" value={destination} onChange={(event) => setDestination(event.target.value)}>
              {destinations.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.label} ({d.payoutMethodId === "BTC-LN" ? "Lightning" : "Bitcoin"} {d.address.slice(0, 12)}…)
                </option>
              ))}
            </select>
          </FieldFrame>
          <CodeInput id={codeId} name="code" value={code} onChange={(event) => setCode(event.target.value)} />
          <SubmitButton busy={withdraw.isPending}>Withdraw</SubmitButton>
        </form>
      )}
      <div role="status">{notice && <p className="alert success">{notice}</p>}</div>
      <ErrorAlert error={withdraw.error} describe={(error) => describeVerificationRefusal(error) ?? errorMessage(error)} />
    </section>
  );
}
