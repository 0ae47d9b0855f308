"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from "react";
import type { RouterOutputs } from "@prizepacks/api";
import { displayMoney } from "@prizepacks/core/contract";
import { errorMessage, fieldIssue } from "../../lib/error-message";
import { answerLicencePrompt, setLicencePrompts, useAskedLicencePrompt } from "../../lib/licence-prompts";
import { LIMIT_PERIOD_LABELS, SAFER_PLAY_PATH, SAFER_PLAY_TEXT } from "../../lib/safer-play";
import { queryKeys, trpc } from "../../lib/trpc";
import { keepFocusInside } from "../ui/confirm-dialog";
import { ErrorAlert } from "../ui/error-alert";
import { normalizeLimitAmount } from "./safer-play-limits";

type Prompts = RouterOutputs["me"]["prompts"]["get"];
type Period = "day" | "week" | "month";

const dueOf = (prompts: Prompts) => ({ saferPlay: prompts.saferPlay.due, depositLimit: prompts.depositLimit.due });

/**
 * The prompts a licence requires (#37), for the signed-in account: the safer-play page before the
 * first paid play, and a deposit limit offered before the first deposit. Opened by
 * askBeforeWager / askBeforeFirstDeposit (lib/licence-prompts.ts) from the button that was
 * pressed; answering records the answer on the server and lets that action go on, closing the
 * dialog (Cancel, Esc) drops it and asks again next time.
 */
export function LicencePrompts({ initial }: { initial: Prompts }) {
  const queryClient = useQueryClient();
  const prompts = useQuery({ queryKey: queryKeys.me.prompts.get(), queryFn: () => trpc.me.prompts.get.query(), initialData: initial });
  const { refetch } = prompts;
  useEffect(() => {
    setLicencePrompts(dueOf(prompts.data), async () => {
      const { data } = await refetch();
      return data ? dueOf(data) : null;
    });
    return () => setLicencePrompts({ saferPlay: false, depositLimit: false }, null);
  }, [prompts.data, refetch]);
  const asked = useAskedLicencePrompt();
  const answered = (next: Prompts) => {
    queryClient.setQueryData(queryKeys.me.prompts.get(), next);
    answerLicencePrompt(true);
  };
  return (
    <>
      <SaferPlayPrompt open={asked === "saferPlay"} onAnswered={answered} />
      <DepositLimitPrompt
        open={asked === "depositLimit"}
        onAnswered={(result) => {
          // The limit set here is the Safer play page's and the wallet's too.
          void queryClient.invalidateQueries({ queryKey: queryKeys.me.limits.get() });
          answered(result);
        }}
      />
    </>
  );
}

/**
 * A modal dialog of the prompts: the console's confirmation's behaviour (ui/confirm-dialog.tsx)
 * with room for a form. The focus starts on `initialFocus` (never on the button that answers, so
 * an Enter held from the button that opened it answers nothing), stays inside, and goes back to
 * the opener; Esc closes it as Cancel does.
 */
function PromptDialog({
  open,
  title,
  testId,
  initialFocus,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  testId: string;
  initialFocus: RefObject<HTMLElement | null>;
  onCancel: () => void;
  children: (ids: { summary: string }) => ReactNode;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const summaryId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      initialFocus.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, initialFocus]);

  const closed = () => {
    openerRef.current?.focus();
    if (open) onCancel();
  };

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog licence-prompt"
      aria-labelledby={titleId}
      aria-describedby={summaryId}
      data-testid={testId}
      onClose={closed}
      onKeyDown={keepFocusInside}
    >
      {open && (
        <div className="stack">
          <h2 id={titleId}>{title}</h2>
          {children({ summary: summaryId })}
        </div>
      )}
    </dialog>
  );
}

/** Before the first paid play: what the Safer play page offers, in its own words, acknowledged once. */
function SaferPlayPrompt({ open, onAnswered }: { open: boolean; onAnswered: (prompts: Prompts) => void }) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const acknowledge = useMutation({ mutationFn: () => trpc.me.prompts.acknowledgeSaferPlay.mutate(), onSuccess: onAnswered });
  const { reset } = acknowledge;
  const cancel = useCallback(() => {
    reset();
    answerLicencePrompt(false);
  }, [reset]);
  return (
    <PromptDialog open={open} title="Before you play: safer play" testId="safer-play-prompt" initialFocus={cancelRef} onCancel={cancel}>
      {({ summary }) => (
        <>
          <div id={summary} className="stack">
            <p>{SAFER_PLAY_TEXT.intro}</p>
            <dl className="facts confirm-dialog-facts">
              <div>
                <dt>Spending limits</dt>
                <dd>{SAFER_PLAY_TEXT.limits}</dd>
              </div>
              <div>
                <dt>Reality check</dt>
                <dd>{SAFER_PLAY_TEXT.realityCheck}</dd>
              </div>
              <div>
                <dt>Take a break</dt>
                <dd>{SAFER_PLAY_TEXT.breaks}</dd>
              </div>
            </dl>
          </div>
          <p className="small-text">
            {/* Leaving for the page drops the play asked for; the dialog comes again before the next one. */}
            <Link href={SAFER_PLAY_PATH} onClick={cancel}>
              Open Safer play to set limits
            </Link>
          </p>
          <ErrorAlert error={acknowledge.error} />
          <div className="row">
            <button
              type="button"
              className="button small"
              disabled={acknowledge.isPending}
              onClick={() => {
                if (!acknowledge.isPending) acknowledge.mutate();
              }}
            >
              {acknowledge.isPending && <span className="spinner" aria-hidden="true" />}I have read this, continue
            </button>
            <button ref={cancelRef} type="button" className="button ghost small" onClick={cancel}>
              Cancel
            </button>
          </div>
        </>
      )}
    </PromptDialog>
  );
}

/** Before the first deposit: a deposit limit over a day, week or month (set through the limits' own rule), or skip. */
function DepositLimitPrompt({ open, onAnswered }: { open: boolean; onAnswered: (prompts: Prompts) => void }) {
  const ids = { period: useId(), amount: useId(), amountError: useId(), amountHint: useId() };
  const periodRef = useRef<HTMLSelectElement>(null);
  const [period, setPeriod] = useState<Period>("week");
  const [amount, setAmount] = useState("");
  const [invalid, setInvalid] = useState<string | null>(null);
  const answer = useMutation({
    mutationFn: (input: { answer: "skipped" } | { answer: "set"; period: Period; amount: string }) =>
      trpc.me.prompts.answerDepositLimit.mutate(input),
    onSuccess: (result) => {
      setAmount("");
      onAnswered(result.prompts);
    },
  });
  const { reset } = answer;
  const cancel = useCallback(() => {
    reset();
    setInvalid(null);
    answerLicencePrompt(false);
  }, [reset]);
  const amountError = invalid ?? fieldIssue(answer.error, "amount") ?? null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (answer.isPending) return;
    answer.reset();
    const value = normalizeLimitAmount(amount);
    if (value === null) {
      setInvalid("Enter an amount above 0.00 with at most two decimals, e.g. 100.00.");
      return;
    }
    setInvalid(null);
    answer.mutate({ answer: "set", period, amount: value });
  }

  return (
    <PromptDialog open={open} title="Set a deposit limit?" testId="deposit-limit-prompt" initialFocus={periodRef} onCancel={cancel}>
      {({ summary }) => (
        <>
          <p id={summary}>
            Before your first deposit, you can limit what you deposit over a rolling day, week or month. A limit applies at once; raising or
            removing it later waits 24 hours. You can also skip this and set limits any time in{" "}
            <Link href={SAFER_PLAY_PATH} onClick={cancel}>
              Safer play
            </Link>
            .
          </p>
          <form className="form" onSubmit={onSubmit} noValidate aria-label="Deposit limit">
            <div className="safer-limit-fields">
              <div className="field">
                <label htmlFor={ids.period}>Per</label>
                <select ref={periodRef} id={ids.period} value={period} onChange={(event) => setPeriod(event.target.value as Period)}>
                  {Object.entries(LIMIT_PERIOD_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label.per.replace(/^a /, "")} ({label.window.replace(/^the last /, "")})
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={ids.amount}>Amount</label>
                <input
                  id={ids.amount}
                  name="amount"
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="100.00"
                  value={amount}
                  onChange={(event) => setAmount(event.target.value)}
                  aria-invalid={amountError ? true : undefined}
                  aria-describedby={amountError ? `${ids.amountError} ${ids.amountHint}` : ids.amountHint}
                />
              </div>
            </div>
            <span id={ids.amountHint} className="hint">
              The most you can deposit in {LIMIT_PERIOD_LABELS[period]?.window}
              {normalizeLimitAmount(amount) ? `: ${displayMoney(normalizeLimitAmount(amount)!)}` : ""}.
            </span>
            <ErrorAlert inline id={ids.amountError} error={amountError} />
            {!fieldIssue(answer.error, "amount") && <ErrorAlert error={answer.error ? errorMessage(answer.error) : null} />}
            <div className="row">
              <button type="submit" className="button small" disabled={answer.isPending}>
                Set limit and continue
              </button>
              <button
                type="button"
                className="button ghost small"
                disabled={answer.isPending}
                onClick={() => {
                  answer.reset();
                  setInvalid(null);
                  answer.mutate({ answer: "skipped" });
                }}
              >
                Skip and continue
              </button>
              <button type="button" className="button ghost small" onClick={cancel}>
                Cancel
              </button>
            </div>
          </form>
        </>
      )}
    </PromptDialog>
  );
}
