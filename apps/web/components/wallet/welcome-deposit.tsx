"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { displayMoney } from "@prizepacks/core/contract";
import { askBeforeFirstDeposit } from "../../lib/licence-prompts";
import { queryKeys, trpc } from "../../lib/trpc";
import { ErrorAlert } from "../ui/error-alert";
import { describeProtectionRefusal } from "../safer-play/protection-refusal";
import { describeVerificationRefusal } from "./verification-refusal";
import { errorMessage } from "../../lib/error-message";

/** The welcome's demo deposit: one tap, a fixed amount of play money (the wallet takes any amount). */
const WELCOME_AMOUNT = "25.00";

export function WelcomeDeposit() {
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const deposit = useMutation({
    mutationFn: () => trpc.wallet.deposit.mutate({ amount: WELCOME_AMOUNT }),
    onSettled: async () => {
      inFlight.current = false;
      await Promise.all([queryKeys.me.get(), queryKeys.wallet()].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
  if (deposit.data) {
    return (
      <p role="status" data-testid="welcome-deposit-done">
        Added {displayMoney(WELCOME_AMOUNT)} of play money. New balance {displayMoney(deposit.data.balanceString)}.
      </p>
    );
  }
  return (
    <div className="stack">
      <p className="row">
        <button
          type="button"
          className="button"
          disabled={deposit.isPending}
          aria-describedby="welcome-deposit-hint"
          onClick={() => {
            if (inFlight.current) return;
            inFlight.current = true;
            // The welcome's deposit is the first: the deposit-limit prompt comes before it (closed, nothing is added).
            void askBeforeFirstDeposit().then((go) => {
              if (go) deposit.mutate();
              else inFlight.current = false;
            });
          }}
        >
          {deposit.isPending && <span className="spinner" aria-hidden="true" />}
          Add funds
        </button>
        <span id="welcome-deposit-hint" className="small-text">
          Adds {displayMoney(WELCOME_AMOUNT)} of play money (demo: nothing is charged).
        </span>
      </p>
      <ErrorAlert
        error={deposit.error}
        describe={(error) => describeProtectionRefusal(error) ?? describeVerificationRefusal(error) ?? errorMessage(error)}
      />
    </div>
  );
}
