"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState, type FormEvent } from "react";
import { displayMoney, type PromoRedemption } from "@prizepacks/core/contract";
import { queryKeys, trpc, withIdempotencyKey } from "../../lib/trpc";
import { ErrorAlert } from "../ui/error-alert";
import { Field } from "../ui/field";
import { SubmitButton } from "../ui/submit-button";
import { useBusyAction } from "../ui/use-busy-action";

/** What a redemption gave, in one sentence. */
function describe(result: PromoRedemption): string {
  if (result.cash)
    return `${result.redemption.code}: ${displayMoney(result.cash.claim.amount)} credited. New balance ${displayMoney(result.cash.balanceAfter)}.`;
  const won = result.openings.map((opening) => `${opening.item.name} (${displayMoney(opening.item.value)})`).join(", ");
  return `${result.redemption.code}: ${result.openings.length} free opening(s), you won ${won}; in your inventory.`;
}

/** A promo code's field: redeemed once per account, refused on a break or at a limit (the server's reason shown). */
export function PromoCodeRedeem({ offered }: { offered: boolean }) {
  const id = useId();
  const queryClient = useQueryClient();
  const redeem = useBusyAction();
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // One key per code typed: a retry of a lost answer redeems once.
  const key = useRef<{ code: string; key: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    const typed = code.trim();
    if (!/^[A-Za-z0-9-]{3,32}$/.test(typed)) return setProblem("Enter a code of 3 to 32 letters, digits or -.");
    setProblem(null);
    if (key.current?.code !== typed) key.current = { code: typed, key: crypto.randomUUID() };
    const idempotencyKey = key.current.key;
    await redeem.run(async () => {
      const result = await trpc.promoCodes.redeem.mutate({ code: typed }, withIdempotencyKey(idempotencyKey));
      key.current = null;
      setCode("");
      setDone(describe(result));
      for (const queryKey of [queryKeys.rewards(), queryKeys.me.get(), queryKeys.wallet(), queryKeys.inventory(), queryKeys.history()])
        void queryClient.invalidateQueries({ queryKey });
    });
  }

  return (
    <section className="card stack" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Promo code</h2>
      <form className="row promo-redeem" onSubmit={(event) => void submit(event)} aria-busy={redeem.busy} noValidate>
        <Field
          id={`${id}-code`}
          label="Code"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={32}
          value={code}
          onValue={setCode}
          disabled={!offered}
        />
        <SubmitButton className="button" busy={redeem.busy} busyText="Redeeming…" disabled={!offered}>
          Redeem
        </SubmitButton>
      </form>
      <ErrorAlert error={problem ?? redeem.error} />
      {done && (
        <p role="status" data-testid="promo-redeemed">
          {done}
        </p>
      )}
    </section>
  );
}
