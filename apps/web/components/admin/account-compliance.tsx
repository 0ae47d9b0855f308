import type { RouterOutputs } from "@prizepacks/api";
import { consoleTime } from "../../lib/console-time";
import { verificationStatusText } from "../../lib/verification";
import { VerificationRequestForm } from "./verification-request-form";

type AccountVerification = RouterOutputs["admin"]["verification"]["account"];
type HistoryEntry = RouterOutputs["admin"]["verification"]["history"][number];

function historyText(entry: HistoryEntry): string {
  switch (entry.kind) {
    case "started":
      return `Check started (${entry.detail === "demo" ? "demo check: no identity was verified" : (entry.detail ?? "provider")})`;
    case "status":
      return `Status ${entry.status ?? "?"}${entry.detail ? ` (${entry.detail})` : ""}`;
    case "changed":
      return `Changed to ${entry.status ?? "?"}${entry.detail ? `; ${entry.detail}` : ""}`;
    case "requested":
      return `Check asked for by ${entry.actor ?? "?"}${entry.detail ? `: ${entry.detail}` : ""}`;
    case "request_withdrawn":
      return `Request withdrawn by ${entry.actor ?? "?"}`;
  }
}

/**
 * The account's identity check for the operator (#37): its status as the player sees it (what
 * waits on it and why, the reviewer's note and labels), its history, and the operator's request
 * with the controls to ask for a check or withdraw the ask. Limits and exclusions are the Safer
 * play panel beside it.
 */
export function AccountCompliancePanel({
  account,
  detail,
  history,
}: {
  account: { id: string; email: string };
  detail: AccountVerification;
  history: HistoryEntry[];
}) {
  const { verification, request } = detail;
  return (
    <section className="card stack" aria-labelledby="compliance-heading" data-testid="admin-compliance" id="compliance">
      <h2 id="compliance-heading">Identity check</h2>
      <dl className="facts">
        <div>
          <dt>Status</dt>
          <dd data-testid="admin-verification-status">{verificationStatusText(verification.status, verification.demo)}</dd>
        </div>
        <div>
          <dt>Since</dt>
          <dd>{verification.updatedAt ? consoleTime(verification.updatedAt) : "—"}</dd>
        </div>
        <div>
          <dt>Waiting on it</dt>
          <dd>{verification.requiredFor.length ? verification.requiredFor.join(", ") : "nothing"}</dd>
        </div>
        {(verification.reason || verification.rejectLabels.length > 0) && (
          <div>
            <dt>Reviewer</dt>
            <dd className="break">
              {verification.reason}
              {verification.rejectLabels.length > 0 && <span className="hint"> {verification.rejectLabels.join(", ")}</span>}
            </dd>
          </div>
        )}
        <div>
          <dt>Operator&apos;s request</dt>
          <dd className="break" data-testid="admin-verification-request">
            {request
              ? `Asked by ${request.requestedBy} on ${consoleTime(request.requestedAt)}: ${request.reason}${request.blocksPlay ? " (play held)" : ""}`
              : "none"}
          </dd>
        </div>
      </dl>
      {verification.requirements.length > 0 && (
        <ul className="small-text">
          {verification.requirements.map((requirement) => (
            <li key={requirement.requiredFor}>{requirement.message}</li>
          ))}
        </ul>
      )}
      <VerificationRequestForm account={account} request={request} verified={verification.status === "verified"} />
      <h3>History</h3>
      {history.length === 0 ? (
        <p className="muted small-text">No check started or asked for.</p>
      ) : (
        <ul className="small-text stack" data-testid="admin-verification-history">
          {history.map((entry) => (
            <li key={entry.id} className="break">
              <span className="muted">{consoleTime(entry.at)}</span> {historyText(entry)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
