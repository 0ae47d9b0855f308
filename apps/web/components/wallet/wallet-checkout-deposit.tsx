"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { Deposit } from "@prizepacks/core";
import { displayMoney } from "@prizepacks/core/contract";
import { askBeforeFirstDeposit } from "../../lib/licence-prompts";
import { queryKeys, trpc } from "../../lib/trpc";
import { DepositLimitLink } from "../safer-play/deposit-limit-link";
import { ErrorAlert } from "../ui/error-alert";
import { errorMessage } from "../../lib/error-message";
import { describeVerificationRefusal } from "./verification-refusal";
import { AmountField } from "../ui/amount-field";
import { SubmitButton } from "../ui/submit-button";
import { SaferPlayDepositOffer } from "../safer-play/safer-play-deposit-offer";

/** How often a pending deposit's status is asked again while the player watches. */
const POLL_MS = 3_000;

const STATUS_TEXT: Record<Deposit["status"], string> = {
  pending: "waiting for the payment to settle; this updates by itself",
  settled: "settled and credited",
  expired: "expired unpaid; nothing was charged",
  invalid: "invalid; nothing was credited",
};

/**
 * Add funds through the operator's BTCPay Server: the amount becomes an invoice and the player
 * pays at its checkout page, which sends them back here (?deposit=<id>); the deposit's status
 * then updates until it settles and the balance with it.
 */
export function WalletCheckoutDeposit({
  min,
  max,
  returnedDeposit,
  offerSaferPlay = false,
}: {
  min: string;
  max: string;
  returnedDeposit: Deposit | null;
  offerSaferPlay?: boolean;
}) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const hintId = useId();
  const [amount, setAmount] = useState("");
  const inFlight = useRef(false);

  const create = useMutation({
    mutationFn: (value: string) => trpc.deposits.create.mutate({ amount: value }),
    onSuccess: (deposit) => {
      if (deposit.checkoutUrl) window.location.assign(deposit.checkoutUrl);
    },
    onSettled: () => {
      inFlight.current = false;
    },
  });

  const watched = useQuery({
    queryKey: queryKeys.deposits.get({ id: returnedDeposit?.id }),
    queryFn: () => trpc.deposits.get.query({ id: returnedDeposit!.id }),
    enabled: returnedDeposit !== null,
    initialData: returnedDeposit ?? undefined,
    refetchInterval: (query) => (query.state.data?.status === "pending" ? POLL_MS : false),
  });
  const deposit = watched.data;
  const settled = deposit?.status === "settled";
  useEffect(() => {
    if (!settled) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.me.get() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.wallet() });
  }, [settled, queryClient]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    // At the first deposit, a deposit limit is offered before the invoice is created; closed, none is.
    if (!(await askBeforeFirstDeposit())) {
      inFlight.current = false;
      return;
    }
    create.mutate(amount.trim());
  }

  const hint = `From ${displayMoney(min)} to ${displayMoney(max)}. You pay on the checkout page and come back here.`;
  return (
    <section className="card stack" aria-labelledby="wallet-deposit-heading">
      <h2 id="wallet-deposit-heading">Add funds</h2>
      <DepositLimitLink />
      {offerSaferPlay && <SaferPlayDepositOffer />}
      <div role="status" className="wallet-status">
        {deposit && (
          <p className={`alert ${settled ? "success" : "info"}`} data-testid="deposit-status">
            Deposit of {displayMoney(deposit.amount)}: {STATUS_TEXT[deposit.status]}.
          </p>
        )}
      </div>
      <form className="form wallet-deposit-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <AmountField id={inputId} name="amount" placeholder="25.00" value={amount} onValue={setAmount} hintId={hintId} hint={hint} />
        <SubmitButton busy={create.isPending || create.isSuccess}>Continue to checkout</SubmitButton>
      </form>
      <ErrorAlert error={create.error} describe={(error) => describeVerificationRefusal(error) ?? errorMessage(error)} />
    </section>
  );
}
