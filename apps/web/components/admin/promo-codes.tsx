"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { displayMoney } from "@prizepacks/core/contract";
import { trpc } from "../../lib/trpc";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { ErrorAlert } from "../ui/error-alert";
import { Field } from "../ui/field";
import { SubmitButton } from "../ui/submit-button";
import { useHydrated } from "../ui/use-hydrated";
import { useRequestKey } from "./request-key";
import type { PackChoice } from "./reward-settings";

// Promo codes in the console (#39): created through createPromoCode (the same rules as
// `npm run admin -- promo:create`), after a confirmation that says what the code may cost at
// most; disabled for good through disablePromoCode, after one too.

type Draft = {
  code: string;
  kind: "cash" | "openings";
  amount: string;
  pack: string;
  openings: string;
  maxRedemptions: string;
  expires: string;
  minLevel: string;
  firstDeposit: boolean;
};

const EMPTY: Draft = {
  code: "",
  kind: "cash",
  amount: "",
  pack: "",
  openings: "1",
  maxRedemptions: "100",
  expires: "",
  minLevel: "0",
  firstDeposit: false,
};

/** The draft's own problem, in words, before anything is sent; null when it is well formed. */
function checkDraft(draft: Draft): string | null {
  if (!/^[A-Za-z0-9-]{3,32}$/.test(draft.code.trim())) return "Code: 3 to 32 letters, digits or -.";
  if (draft.kind === "cash" && (!/^\d{1,7}(\.\d{1,2})?$/.test(draft.amount.trim()) || Number(draft.amount) < 0.01))
    return "Amount: enter an amount from 0.01, like 5.00.";
  if (draft.kind === "openings" && !draft.pack) return "Pack: choose the pack to open.";
  if (draft.kind === "openings" && !/^([1-9]|10)$/.test(draft.openings.trim())) return "Free openings: a whole number from 1 to 10.";
  if (!/^\d{1,7}$/.test(draft.maxRedemptions.trim()) || Number(draft.maxRedemptions) < 1)
    return "Redemptions at most: a whole number from 1.";
  if (!/^\d{1,3}$/.test(draft.minLevel.trim()) || Number(draft.minLevel) > 100) return "Minimum level: a whole number from 0 to 100.";
  if (draft.expires && Date.parse(`${draft.expires}T23:59:59.999Z`) < Date.now()) return "Expires: choose a day from today.";
  return null;
}

/** What the code may cost the house at most: every redemption taken. */
function worstCase(draft: Draft, packs: PackChoice[]): string {
  const times = Number(draft.maxRedemptions);
  if (draft.kind === "cash") return displayMoney((Number(draft.amount) * times).toFixed(2));
  const pack = packs.find((candidate) => candidate.slug === draft.pack);
  return pack ? displayMoney((Number(pack.price) * Number(draft.openings) * times).toFixed(2)) : "–";
}

export function PromoCodeCreateForm({ packs }: { packs: PackChoice[] }) {
  const router = useRouter();
  const id = useId();
  const ready = useHydrated();
  const [requestKey, renewKey] = useRequestKey();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const create = useMutation({
    mutationFn: () =>
      trpc.admin.rewards.createPromoCode.mutate({
        code: draft.code.trim(),
        ...(draft.kind === "cash" ? { amount: draft.amount.trim() } : { pack: draft.pack, openings: Number(draft.openings) }),
        maxRedemptions: Number(draft.maxRedemptions),
        // The code works through the whole of its last day (UTC).
        ...(draft.expires && { expires: `${draft.expires}T23:59:59.999Z` }),
        minLevel: Number(draft.minLevel),
        firstDeposit: draft.firstDeposit,
        requestKey,
      }),
    onSuccess: () => {
      renewKey();
      setDraft(EMPTY);
      router.refresh();
    },
  });
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const found = checkDraft(draft);
    setProblem(found);
    if (!found) setConfirming(true);
  };
  const pack = packs.find((candidate) => candidate.slug === draft.pack);
  return (
    <form
      className="card stack"
      onSubmit={submit}
      aria-labelledby={`${id}-heading`}
      aria-busy={create.isPending}
      data-ready={ready}
      noValidate
    >
      <h2 id={`${id}-heading`}>New promo code</h2>
      <fieldset className="contents" disabled={!ready}>
        <div className="row admin-filters">
          <Field id={`${id}-code`} label="Code" maxLength={32} autoComplete="off" value={draft.code} onValue={set("code")} />
          <fieldset className="row admin-choice">
            <legend>Reward</legend>
            <label className="row">
              <input type="radio" name={`${id}-kind`} checked={draft.kind === "cash"} onChange={() => set("kind")("cash")} /> cash
            </label>
            <label className="row">
              <input type="radio" name={`${id}-kind`} checked={draft.kind === "openings"} onChange={() => set("kind")("openings")} /> free
              openings
            </label>
          </fieldset>
        </div>
        {draft.kind === "cash" ? (
          <div className="row admin-filters">
            <Field id={`${id}-amount`} label="Amount ($)" inputMode="decimal" maxLength={10} value={draft.amount} onValue={set("amount")} />
          </div>
        ) : (
          <div className="row admin-filters">
            <div className="field">
              <label htmlFor={`${id}-pack`}>Pack</label>
              <select id={`${id}-pack`} value={draft.pack} onChange={(event) => set("pack")(event.target.value)}>
                <option value="">choose a pack</option>
                {packs.map((choice) => (
                  <option key={choice.slug} value={choice.slug}>
                    {choice.name} ({displayMoney(choice.price)})
                  </option>
                ))}
              </select>
            </div>
            <Field
              id={`${id}-openings`}
              label="Free openings"
              inputMode="numeric"
              maxLength={2}
              value={draft.openings}
              onValue={set("openings")}
            />
          </div>
        )}
        <div className="row admin-filters">
          <Field
            id={`${id}-max`}
            label="Redemptions at most"
            inputMode="numeric"
            maxLength={7}
            value={draft.maxRedemptions}
            onValue={set("maxRedemptions")}
          />
          <Field id={`${id}-expires`} label="Last day (UTC, optional)" type="date" value={draft.expires} onValue={set("expires")} />
          <Field
            id={`${id}-level`}
            label="Minimum level"
            inputMode="numeric"
            maxLength={3}
            value={draft.minLevel}
            onValue={set("minLevel")}
          />
        </div>
        <label className="row">
          <input type="checkbox" checked={draft.firstDeposit} onChange={(event) => set("firstDeposit")(event.target.checked)} /> Only for
          accounts that made a deposit
        </label>
        <div>
          <SubmitButton className="button small" busy={create.isPending} busyText="Creating…">
            Create code
          </SubmitButton>
        </div>
      </fieldset>
      <ErrorAlert error={problem ?? create.error} />
      {create.isSuccess && (
        <p role="status" className="alert success" data-testid="promo-created">
          Created {create.data.code}: players can redeem it on their Rewards page.
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Create the promo code ${draft.code.trim()}`}
        // Only while it is open: the draft has been checked then (displayMoney refuses what is not an amount).
        facts={
          confirming
            ? [
                {
                  term: "Each redemption",
                  value:
                    draft.kind === "cash" ? displayMoney(draft.amount.trim()) : `${draft.openings} free opening(s) of ${pack?.name ?? ""}`,
                },
                { term: "Redemptions at most", value: draft.maxRedemptions },
                { term: "Costs at most", value: worstCase(draft, packs) },
                { term: "Last day", value: draft.expires ? `${draft.expires} (UTC)` : "none" },
                { term: "For", value: `level ${draft.minLevel} and up${draft.firstDeposit ? ", after a deposit" : ""}` },
              ]
            : []
        }
        note="Every redemption counts against the daily reward budget, and is refused to a player on a break or at a limit."
        confirmLabel="Create code"
        onConfirm={() => {
          setConfirming(false);
          create.mutate();
        }}
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}

/** Disables one code for good (a code to offer again is a new code). */
export function DisablePromoCodeButton({ id, code }: { id: string; code: string }) {
  const router = useRouter();
  const [requestKey, renewKey] = useRequestKey();
  const [confirming, setConfirming] = useState(false);
  const disable = useMutation({
    mutationFn: () => trpc.admin.rewards.disablePromoCode.mutate({ id, requestKey }),
    onSuccess: () => {
      renewKey();
      router.refresh();
    },
  });
  return (
    <>
      <SubmitButton
        type="button"
        className="button ghost small"
        busy={disable.isPending}
        busyText="Disabling…"
        onClick={() => setConfirming(true)}
        aria-label={`Disable ${code}`}
      >
        Disable
      </SubmitButton>
      <ErrorAlert inline error={disable.error} />
      <ConfirmDialog
        open={confirming}
        title={`Disable ${code}`}
        facts={[{ term: "Code", value: code }]}
        note="No one can redeem it from now on; what was redeemed stays. This cannot be undone: to offer it again, create a new code."
        confirmLabel="Disable code"
        danger
        onConfirm={() => {
          setConfirming(false);
          disable.mutate();
        }}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
