import type { RouterOutputs } from "@prizepacks/api";
import { ExcludeOnRequest } from "./exclude-on-request";

type AccountProtection = RouterOutputs["admin"]["protection"]["account"];

const when = (iso: string | null) => (iso ? iso.replace("T", " ").slice(0, 16) : "never (permanent)");

function eventText(event: AccountProtection["events"][number]): string {
  const limit = `${event.limitKind} limit a ${event.limitPeriod}`;
  switch (event.kind) {
    case "limit_reached":
      return `Hit the ${limit} of ${event.amount ?? "?"}`;
    case "limit_raise_requested":
      return `Asked to raise the ${limit} to ${event.amount}`;
    case "limit_removal_requested":
      return `Asked to remove the ${limit}`;
    case "exclusion_set":
      return `Excluded for ${event.exclusionPeriod}`;
    case "exclusion_refused":
      return `Attempt to shorten or lift the ${event.exclusionPeriod} exclusion refused`;
    case "resume_requested":
      return "Asked to resume play";
  }
}

/**
 * The account's limits, pending raises and exclusion, read-only: the console can neither raise
 * a limit nor lift an exclusion (nothing here, or anywhere, can). An operator can only exclude
 * on the player's request.
 */
export function AccountProtectionPanel({ account, detail }: { account: { id: string; email: string }; detail: AccountProtection }) {
  const { limits, pending, exclusion } = detail.protection;
  return (
    <section className="card stack" aria-labelledby="protection-heading" data-testid="admin-protection">
      <h2 id="protection-heading">Safer play</h2>
      <p data-testid="admin-exclusion">
        {exclusion ? (
          <>
            <strong>{exclusion.kind === "timeout" ? "Time-out" : "Self-excluded"}</strong> ({exclusion.period}) since{" "}
            {when(exclusion.startsAt)}, until {when(exclusion.endsAt)}
            {exclusion.resumesAt ? `; resumes ${when(exclusion.resumesAt)}` : ""}. It cannot be lifted early.
          </>
        ) : (
          <span className="muted">No time-out or self-exclusion in force.</span>
        )}
      </p>
      <div className="table-wrap" tabIndex={0}>
        <table data-testid="admin-limits">
          <caption className="muted small-text">Limits and pending raises</caption>
          <thead>
            <tr>
              <th>Limit</th>
              <th className="num">Amount</th>
              <th className="num">Counted now</th>
              <th>Pending change</th>
            </tr>
          </thead>
          <tbody>
            {limits.map((limit) => {
              const change = pending.find((p) => p.kind === limit.kind && p.period === limit.period);
              return (
                <tr key={`${limit.kind}-${limit.period}`}>
                  <td>
                    {limit.kind} a {limit.period}
                  </td>
                  <td className="num">{limit.amount}</td>
                  <td className="num">{limit.used}</td>
                  <td className="small-text">
                    {change
                      ? `${change.amount === null ? "removal" : `raise to ${change.amount}`}, confirmable from ${when(change.confirmableAt)}, lapses ${when(change.lapsesAt)}`
                      : "none"}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {limits.length === 0 && <p className="muted small-text">No limits set.</p>}
      {detail.events.length > 0 && (
        <>
          <h3>Recent events</h3>
          <ul className="small-text stack" data-testid="admin-protection-events">
            {detail.events.map((event) => (
              <li key={event.id}>
                <span className="muted">{when(event.createdAt)}</span> {eventText(event)} <span className="muted">({event.actor})</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <ExcludeOnRequest account={account} />
    </section>
  );
}
