"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import type { RouterOutputs } from "@prizepacks/api";
import { centsToMoney, displayMoney, moneyToCents } from "@prizepacks/core/contract";
import { errorMessage, fieldIssue } from "../../lib/error-message";
import { LIMIT_KIND_LABELS, LIMIT_PERIOD_LABELS, limitName, SAFER_PLAY_TEXT } from "../../lib/safer-play";
import { queryKeys, trpc } from "../../lib/trpc";
import { useNow } from "../../lib/use-now";
import { ErrorAlert } from "../ui/error-alert";
import { LocalTime } from "../ui/local-time";

export type PlayerProtection = RouterOutputs["me"]["limits"]["get"];
type Limit = PlayerProtection["limits"][number];
type Pending = PlayerProtection["pending"][number];
type LimitKey = Pick<Limit, "kind" | "period">;

/** "5" → "5.00", "2.5" → "2.50"; null when it is not a positive amount with at most two decimals. */
export function normalizeLimitAmount(input: string): string | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(input.trim());
  if (!match) return null;
  const cents = moneyToCents(`${match[1]}.${(match[2] ?? "").padEnd(2, "0")}`);
  return cents > 0n ? centsToMoney(cents) : null;
}

/** The protection query, seeded by the server's render; every change here refreshes it. */
export function useProtection(initial: PlayerProtection) {
  return useQuery({ queryKey: queryKeys.me.limits.get(), queryFn: () => trpc.me.limits.get.query(), initialData: initial });
}

/** The account's spending limits: what binds, what counts now, pending raises, and the form to set one. */
export function SaferPlayLimits({ initial, initialKind }: { initial: PlayerProtection; initialKind?: Limit["kind"] }) {
  const { data } = useProtection(initial);
  const pendingOf = (limit: LimitKey) => data.pending.find((change) => change.kind === limit.kind && change.period === limit.period);
  return (
    <section className="card stack" aria-labelledby="limits-heading">
      <h2 id="limits-heading">Spending limits</h2>
      <p className="muted small-text">{SAFER_PLAY_TEXT.limits}</p>
      {data.limits.length === 0 ? (
        <p data-testid="no-limits">You have no limits set.</p>
      ) : (
        <ul className="safer-limits" aria-label="Your limits">
          {data.limits.map((limit) => (
            <LimitCard key={`${limit.kind}-${limit.period}`} limit={limit} pending={pendingOf(limit)} />
          ))}
        </ul>
      )}
      <SetLimitForm initialKind={initialKind} />
    </section>
  );
}

function LimitCard({ limit, pending }: { limit: Limit; pending: Pending | undefined }) {
  const name = limitName(limit.kind, limit.period);
  const headingId = useId();
  return (
    <li className="safer-limit stack" aria-labelledby={headingId} data-testid={`limit-${limit.kind}-${limit.period}`}>
      <h3 id={headingId}>{name.charAt(0).toUpperCase() + name.slice(1)}</h3>
      <dl className="facts safer-figures">
        <div>
          <dt>Limit</dt>
          <dd className="money">{displayMoney(limit.amount)}</dd>
        </div>
        <div>
          <dt>Counts now</dt>
          <dd className="money">{displayMoney(limit.used)}</dd>
        </div>
        <div>
          <dt>Left</dt>
          <dd className="money">{displayMoney(limit.remaining)}</dd>
        </div>
      </dl>
      <p className="small-text muted">
        Counts {LIMIT_KIND_LABELS[limit.kind]?.counts} in {LIMIT_PERIOD_LABELS[limit.period]?.window}.{" "}
        {limit.oldestCountsUntil ? (
          <>
            The oldest of it stops counting at <LocalTime iso={limit.oldestCountsUntil} />.
          </>
        ) : (
          "Nothing counts against it now."
        )}
      </p>
      {pending ? <PendingChange change={pending} /> : <RemoveLimitButton limit={limit} />}
    </li>
  );
}

function useLimitMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: Limit["kind"]; period: Limit["period"]; amount: string | null }) => trpc.me.limits.set.mutate(input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.me.limits.get() }),
  });
}

function RemoveLimitButton({ limit }: { limit: Limit }) {
  const remove = useLimitMutation();
  return (
    <div className="stack">
      <button
        type="button"
        className="button ghost small safer-action"
        disabled={remove.isPending}
        onClick={() => remove.mutate({ kind: limit.kind, period: limit.period, amount: null })}
      >
        Ask to remove this limit
      </button>
      <ErrorAlert error={remove.error} />
    </div>
  );
}

function PendingChange({ change }: { change: Pending }) {
  const queryClient = useQueryClient();
  const now = useNow();
  const confirm = useMutation({
    mutationFn: () => trpc.me.limits.confirm.mutate({ kind: change.kind, period: change.period }),
    onSuccess: (protection) => queryClient.setQueryData(queryKeys.me.limits.get(), protection),
  });
  const confirmable = now > 0 && now >= Date.parse(change.confirmableAt);
  const what = change.amount === null ? "Removal" : `Raise to ${displayMoney(change.amount)}`;
  return (
    <div className="alert info stack small-text" data-testid="pending-change">
      <p>
        {what} asked for at <LocalTime iso={change.requestedAt} />: it can be confirmed from <LocalTime iso={change.confirmableAt} /> and
        lapses unconfirmed at <LocalTime iso={change.lapsesAt} />. The current limit holds until then.
      </p>
      {confirmable && (
        <button type="button" className="button small safer-action" disabled={confirm.isPending} onClick={() => confirm.mutate()}>
          Confirm the {change.amount === null ? "removal" : "raise"}
        </button>
      )}
      <ErrorAlert error={confirm.error} />
    </div>
  );
}

function SetLimitForm({ initialKind = "loss" }: { initialKind?: Limit["kind"] | undefined }) {
  const ids = { kind: useId(), period: useId(), amount: useId(), amountError: useId(), amountHint: useId() };
  const [kind, setKind] = useState<Limit["kind"]>(initialKind);
  const [period, setPeriod] = useState<Limit["period"]>("day");
  const [amount, setAmount] = useState("");
  const [invalid, setInvalid] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const set = useLimitMutation();
  const amountError = invalid ?? fieldIssue(set.error, "amount") ?? null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (set.isPending) return;
    setNotice(null);
    set.reset();
    const value = normalizeLimitAmount(amount);
    if (value === null) {
      setInvalid("Enter an amount above 0.00 with at most two decimals, e.g. 20.00.");
      return;
    }
    setInvalid(null);
    set.mutate(
      { kind, period, amount: value },
      {
        onSuccess: (result) => {
          const name = limitName(kind, period);
          setNotice(
            result.applied
              ? `Your ${name} is now ${displayMoney(result.applied.amount)}, in force now.`
              : `A higher ${name} waits 24 hours; then confirm it here within 7 days. Until then your current limit holds.`,
          );
          setAmount("");
        },
      },
    );
  }

  return (
    <form id="set-limit" className="form safer-limit-form" onSubmit={onSubmit} noValidate aria-labelledby="set-limit-heading">
      <h3 id="set-limit-heading">Set a limit</h3>
      <div className="safer-limit-fields">
        <div className="field">
          <label htmlFor={ids.kind}>Kind</label>
          <select id={ids.kind} value={kind} onChange={(event) => setKind(event.target.value as Limit["kind"])}>
            {Object.entries(LIMIT_KIND_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.period}>Per</label>
          <select id={ids.period} value={period} onChange={(event) => setPeriod(event.target.value as Limit["period"])}>
            {Object.entries(LIMIT_PERIOD_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label.per.replace(/^a /, "")} ({label.window.replace(/^the last /, "")})
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor={ids.amount}>Amount</label>
        <input
          id={ids.amount}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="20.00"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={amountError ? `${ids.amountError} ${ids.amountHint}` : ids.amountHint}
        />
        <span id={ids.amountHint} className="hint">
          {LIMIT_KIND_LABELS[kind]?.name} limits count {LIMIT_KIND_LABELS[kind]?.counts}.
        </span>
        <ErrorAlert inline id={ids.amountError} error={amountError} />
      </div>
      <button type="submit" className="button" disabled={set.isPending}>
        {set.isPending && <span className="spinner" aria-hidden="true" />}
        Set limit
      </button>
      <div role="status">{notice && <p className="alert success">{notice}</p>}</div>
      {!fieldIssue(set.error, "amount") && <ErrorAlert error={set.error ? errorMessage(set.error) : null} />}
    </form>
  );
}
