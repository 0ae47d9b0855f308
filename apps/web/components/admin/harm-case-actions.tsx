"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import {
  displayMoney,
  HARM_MAIL_TEMPLATE_LABELS,
  HARM_MAIL_TEMPLATES,
  HARM_OUTCOME_LABELS,
  HARM_OUTCOMES,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  TIMEOUT_PERIODS,
  type HarmMailTemplate,
  type HarmOutcome,
  type LimitKind,
  type LimitPeriod,
} from "@prizepacks/core/contract";
import { trpc } from "../../lib/trpc";
import { ConfirmDialog, type ConfirmFact } from "../ui/confirm-dialog";
import { ErrorAlert } from "../ui/error-alert";
import { SubmitButton } from "../ui/submit-button";
import { useHydrated } from "../ui/use-hydrated";
import { useRequestKey } from "./request-key";

interface Confirmation {
  title: string;
  facts: ConfirmFact[];
  note?: string;
  confirmLabel: string;
  danger?: boolean;
}

/**
 * One action on a case as a form: its own request key (renewed after a success), and, for what
 * reaches the player or cannot be undone, the console's confirmation dialog before it is sent.
 */
function CaseAction({
  title,
  button,
  confirmation,
  perform,
  done,
  children,
}: {
  title: string;
  button: string;
  /** null: sent without asking (an owner, a note). */
  confirmation: (() => Confirmation) | null;
  perform: (requestKey: string) => Promise<unknown>;
  done: string;
  children: ReactNode;
}) {
  const router = useRouter();
  const headingId = useId();
  const ready = useHydrated();
  const [requestKey, renewKey] = useRequestKey();
  const [confirming, setConfirming] = useState<Confirmation | null>(null);
  const action = useMutation({
    mutationFn: () => perform(requestKey),
    onSuccess: () => {
      renewKey();
      router.refresh();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    action.reset();
    if (confirmation) setConfirming(confirmation());
    else action.mutate();
  };
  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      <form className="stack" onSubmit={submit} aria-busy={action.isPending} data-ready={ready}>
        {children}
        <div className="row">
          <SubmitButton className="button small" busy={action.isPending} busyText="Sending…">
            {button}
          </SubmitButton>
        </div>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.title ?? ""}
        facts={confirming?.facts ?? []}
        note={confirming?.note}
        confirmLabel={confirming?.confirmLabel ?? ""}
        danger={confirming?.danger}
        onConfirm={() => {
          setConfirming(null);
          action.mutate();
        }}
        onCancel={() => setConfirming(null)}
      />
      <ErrorAlert error={action.error} />
      {action.isSuccess && (
        <p role="status" className="alert success">
          {done}
        </p>
      )}
    </section>
  );
}

function Select<T extends string>({
  label,
  value,
  onValue,
  options,
}: {
  label: string;
  value: T;
  onValue: (value: T) => void;
  options: ReadonlyArray<readonly [T, string]>;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onValue(event.target.value as T)}>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function TextField({
  label,
  value,
  onValue,
  multiline = false,
  hint,
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  multiline?: boolean;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="label">
        {label}
      </label>
      {multiline ? (
        <textarea id={id} value={value} rows={3} maxLength={2000} onChange={(event) => onValue(event.target.value)} />
      ) : (
        <input id={id} value={value} maxLength={500} onChange={(event) => onValue(event.target.value)} />
      )}
      {hint && <span className="small-text muted">{hint}</span>}
    </div>
  );
}

const PERIOD_TEXT: Record<(typeof TIMEOUT_PERIODS)[number], string> = {
  "24h": "24 hours",
  "7d": "7 days",
  "30d": "30 days",
  "6w": "6 weeks",
};

/**
 * A case's actions: owner and notes (open or closed), and while open: mail the player from a
 * template, set a lower or new limit on their behalf, suspend play with a time-out, require an
 * identity check, close with an outcome. The player is never told a marker's name: the mails
 * are templates, the time-out reads as any other, and the identity check's reason is written here.
 */
export function HarmCaseActions({
  harmCase,
  admins,
}: {
  harmCase: { id: string; email: string; status: "open" | "closed"; owner: string | null };
  admins: string[];
}) {
  const caseId = harmCase.id;
  const [owner, setOwner] = useState(harmCase.owner ?? "");
  const [note, setNote] = useState("");
  const [template, setTemplate] = useState<HarmMailTemplate>("check_in");
  const [kind, setKind] = useState<LimitKind>("deposit");
  const [period, setPeriod] = useState<LimitPeriod>("day");
  const [amount, setAmount] = useState("");
  const [timeout, setTimeoutPeriod] = useState<(typeof TIMEOUT_PERIODS)[number]>("24h");
  const [reason, setReason] = useState("");
  const [blocksPlay, setBlocksPlay] = useState(false);
  const [outcome, setOutcome] = useState<HarmOutcome>("no_concern");
  const [closingNote, setClosingNote] = useState("");
  const open = harmCase.status === "open";
  const player: ConfirmFact = { term: "Player", value: <span className="break">{harmCase.email}</span> };
  return (
    <section className="stack" aria-labelledby="case-actions">
      <h2 id="case-actions">Actions</h2>
      <div className="grid admin-case-actions">
        <CaseAction
          title="Owner"
          button="Save owner"
          confirmation={null}
          perform={(requestKey) => trpc.admin.harm.assign.mutate({ caseId, ownerEmail: owner || null, requestKey })}
          done="Owner saved."
        >
          <Select
            label="Owner"
            value={owner}
            onValue={setOwner}
            options={[["", "Nobody"], ...admins.map((email) => [email, email] as const)]}
          />
        </CaseAction>
        <CaseAction
          title="Note"
          button="Add note"
          confirmation={null}
          perform={async (requestKey) => {
            await trpc.admin.harm.note.mutate({ caseId, text: note, requestKey });
            setNote("");
          }}
          done="Note added."
        >
          <TextField label="Note" value={note} onValue={setNote} multiline />
        </CaseAction>
        {open && (
          <>
            <CaseAction
              title="Contact the player"
              button="Mail the player…"
              confirmation={() => ({
                title: "Mail the player",
                facts: [player, { term: "Mail", value: HARM_MAIL_TEMPLATE_LABELS[template] }],
                note: "The mail is a template about play in general: it names no marker.",
                confirmLabel: "Send the mail",
              })}
              perform={(requestKey) => trpc.admin.harm.contact.mutate({ caseId, template, requestKey })}
              done="Mail sent."
            >
              <Select
                label="Template"
                value={template}
                onValue={setTemplate}
                options={HARM_MAIL_TEMPLATES.map((t) => [t, HARM_MAIL_TEMPLATE_LABELS[t]] as const)}
              />
            </CaseAction>
            <CaseAction
              title="Set a limit"
              button="Set limit…"
              confirmation={() => ({
                title: "Set a limit on the player's behalf",
                facts: [
                  player,
                  {
                    term: "Limit",
                    value: `${kind} a ${period}: ${/^\d+(\.\d{1,2})?$/.test(amount) ? displayMoney(Number(amount).toFixed(2)) : amount}`,
                  },
                ],
                note: "It binds at once. Only a new or lower limit is taken; the player can raise it only through the 24-hour cooling-off.",
                confirmLabel: "Set the limit",
              })}
              perform={(requestKey) => trpc.admin.harm.lowerLimit.mutate({ caseId, kind, period, amount: amount.trim(), requestKey })}
              done="Limit set."
            >
              <div className="row">
                <Select label="Kind" value={kind} onValue={setKind} options={LIMIT_KINDS.map((k) => [k, k] as const)} />
                <Select label="Period" value={period} onValue={setPeriod} options={LIMIT_PERIODS.map((p) => [p, `a ${p}`] as const)} />
              </div>
              <TextField label="Amount ($)" value={amount} onValue={setAmount} hint="Lower than the current limit, or a new one." />
            </CaseAction>
            <CaseAction
              title="Suspend play"
              button="Suspend play…"
              confirmation={() => ({
                title: "Suspend play",
                facts: [player, { term: "Time-out", value: PERIOD_TEXT[timeout] }],
                note: "Starts now and cannot be shortened by anyone. The player sees an ordinary time-out; withdrawing still works.",
                confirmLabel: `Suspend for ${PERIOD_TEXT[timeout]}`,
                danger: true,
              })}
              perform={(requestKey) => trpc.admin.harm.suspend.mutate({ caseId, period: timeout, requestKey })}
              done="Play suspended."
            >
              <Select
                label="Time-out"
                value={timeout}
                onValue={setTimeoutPeriod}
                options={TIMEOUT_PERIODS.map((p) => [p, PERIOD_TEXT[p]] as const)}
              />
            </CaseAction>
            <CaseAction
              title="Require an identity check"
              button="Require identity check…"
              confirmation={() => ({
                title: "Require an identity check",
                facts: [
                  player,
                  { term: "Reason shown to the player", value: reason },
                  { term: "Play", value: blocksPlay ? "stops until verified" : "goes on" },
                ],
                confirmLabel: "Require the check",
              })}
              perform={(requestKey) => trpc.admin.harm.requireVerification.mutate({ caseId, reason, blocksPlay, requestKey })}
              done="Identity check required."
            >
              <TextField
                label="Reason (the player reads it)"
                value={reason}
                onValue={setReason}
                hint="Say what is needed; never name a marker."
              />
              <label className="row small-text">
                <input type="checkbox" checked={blocksPlay} onChange={(event) => setBlocksPlay(event.target.checked)} />
                Stop play until verified
              </label>
            </CaseAction>
            <CaseAction
              title="Close the case"
              button="Close case…"
              confirmation={() => ({
                title: "Close the case",
                facts: [player, { term: "Outcome", value: HARM_OUTCOME_LABELS[outcome] }],
                note: "A later hit of this marker on a new event opens a new case.",
                confirmLabel: "Close the case",
              })}
              perform={(requestKey) =>
                trpc.admin.harm.close.mutate({ caseId, outcome, ...(closingNote.trim() && { note: closingNote }), requestKey })
              }
              done="Case closed."
            >
              <Select
                label="Outcome"
                value={outcome}
                onValue={setOutcome}
                options={HARM_OUTCOMES.map((o) => [o, HARM_OUTCOME_LABELS[o]] as const)}
              />
              <TextField label="Closing note (optional)" value={closingNote} onValue={setClosingNote} multiline />
            </CaseAction>
          </>
        )}
      </div>
    </section>
  );
}
