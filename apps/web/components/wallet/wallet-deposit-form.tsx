"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { centsToMoney, displayMoney, moneyToCents } from "@prizepacks/core/contract";
import { errorCode, errorMessage } from "../../lib/error-message";
import { useFieldCheck } from "../../lib/use-field-check";
import { askBeforeFirstDeposit } from "../../lib/licence-prompts";
import { queryKeys, trpc } from "../../lib/trpc";
import { DepositLimitLink } from "../safer-play/deposit-limit-link";
import { SaferPlayDepositOffer } from "../safer-play/safer-play-deposit-offer";
import { ErrorAlert } from "../ui/error-alert";
import { AmountField } from "../ui/amount-field";
import { SubmitButton } from "../ui/submit-button";
import { describeProtectionRefusal } from "../safer-play/protection-refusal";
import { describeVerificationRefusal } from "./verification-refusal";

/** The server's DEMO_DEPOSIT_MAX; checked here too so a typo is caught before the round trip. */
const MAX_DEPOSIT = "1000.00";
const QUICK_AMOUNTS = ["10", "25", "100"];

/** "25" → "25.00", "2.5" → "2.50"; null when it is not an amount with at most two decimals. */
function normalizeAmount(input: string): string | null {
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(input.trim());
  if (!match) return null;
  return centsToMoney(moneyToCents(`${match[1]}.${(match[2] ?? "").padEnd(2, "0")}`));
}

function amountProblem(input: string): string | null {
  const value = normalizeAmount(input);
  if (input.trim() === "") return "Enter an amount to add.";
  if (value === null || moneyToCents(value) <= 0n || moneyToCents(value) > moneyToCents(MAX_DEPOSIT)) {
    return `Enter an amount above 0.00 and at most ${MAX_DEPOSIT}, with at most two decimals.`;
  }
  return null;
}

function depositError(error: unknown): ReactNode {
  // A deposit limit or a break refuses deposits too: said as on the pack page.
  return errorCode(error) === "FORBIDDEN"
    ? "Demo deposits are turned off."
    : (describeProtectionRefusal(error) ?? describeVerificationRefusal(error) ?? errorMessage(error));
}

/**
 * Adds play money: a demo deposit, no payment provider involved. `offerSaferPlay`: before the
 * first deposit of an account without limits, Safer play is offered first.
 */
export function WalletDepositForm({ offerSaferPlay = false, backToPack = null }: { offerSaferPlay?: boolean; backToPack?: string | null }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const hintId = useId();
  const [amount, setAmount] = useState("");
  // Shown once the field is left or the form submitted, never while the page first renders.
  const amountCheck = useFieldCheck(amount, amountProblem);
  const [notice, setNotice] = useState<string | null>(null);
  const depositInFlight = useRef(false);

  const deposit = useMutation({
    mutationFn: (value: string) => trpc.wallet.deposit.mutate({ amount: value }),
    onSuccess: (result, value) => {
      queryClient.setQueryData(queryKeys.wallet.get(), result);
      setNotice(`Added ${displayMoney(value)}. New balance ${displayMoney(result.balanceString)}.`);
      setAmount("");
      amountCheck.reset("");
    },
    onSettled: async () => {
      depositInFlight.current = false;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.me.get() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.wallet() }),
      ]);
    },
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (depositInFlight.current) return;
    setNotice(null);
    deposit.reset();
    if (!amountCheck.validate()) return;
    depositInFlight.current = true;
    // At the first deposit, a deposit limit is offered (once per account); closed, nothing is deposited.
    if (!(await askBeforeFirstDeposit())) {
      depositInFlight.current = false;
      return;
    }
    deposit.mutate(normalizeAmount(amount)!);
  }

  return (
    <section className="card stack" aria-labelledby="wallet-deposit-heading">
      <h2 id="wallet-deposit-heading">Add funds</h2>
      <p className="alert info small-text">
        Demo deposit: this adds play money instantly. No payment provider is involved and nothing is charged.
      </p>
      <DepositLimitLink />
      {offerSaferPlay && <SaferPlayDepositOffer />}
      <form className="form wallet-deposit-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <AmountField
          id={inputId}
          name="amount"
          placeholder="25.00"
          value={amount}
          onValue={setAmount}
          check={amountCheck}
          hintId={hintId}
          hint={`Up to ${MAX_DEPOSIT} per deposit.`}
        />
        <div role="group" aria-label="Quick picks" className="row wallet-quick-amounts">
          {QUICK_AMOUNTS.map((quick) => (
            <button
              key={quick}
              type="button"
              className="button ghost small"
              aria-pressed={normalizeAmount(amount) === `${quick}.00`}
              onClick={() => {
                setAmount(`${quick}.00`);
              }}
            >
              {quick}
            </button>
          ))}
        </div>
        <SubmitButton busy={deposit.isPending}>Add funds</SubmitButton>
      </form>
      <div role="status" className="wallet-status">
        {notice && (
          <p className="alert success">
            {notice}
            {backToPack && (
              <>
                {" "}
                <Link href={backToPack}>Back to the pack</Link>
              </>
            )}
          </p>
        )}
      </div>
      <ErrorAlert error={deposit.error} describe={depositError} />
    </section>
  );
}
