"use client";
import { useState } from "react";
import type { RouterOutputs } from "@prizepacks/api";
import { LocalTime } from "../ui/local-time";

export type ApiKeySummary = RouterOutputs["keys"]["list"][number];

/** One key: revoking takes a second, explicit "Confirm revoke" click. */
export function ApiKeyRow({ apiKey, revoking, onRevoke }: { apiKey: ApiKeySummary; revoking: boolean; onRevoke: (id: string) => void }) {
  const [confirming, setConfirming] = useState(false);
  const active = apiKey.revokedAt === null;
  return (
    <tr data-testid="api-key-row" className={active ? undefined : "apikeys-revoked"}>
      <td className="apikeys-name">{apiKey.name}</td>
      <td className="mono" data-label="Key">
        {apiKey.start}…
      </td>
      <td className="small-text" data-label="Created">
        <LocalTime iso={apiKey.createdAt} />
      </td>
      <td className="small-text" data-label="Last used">
        {apiKey.lastUsedAt ? <LocalTime iso={apiKey.lastUsedAt} /> : <span className="muted">never</span>}
      </td>
      <td className="apikeys-status-cell">
        {active ? (
          <span className="apikeys-status apikeys-status-active">active</span>
        ) : (
          <span className="apikeys-status apikeys-status-revoked" title={`Revoked ${apiKey.revokedAt}`}>
            revoked
          </span>
        )}
      </td>
      <td className="apikeys-actions">
        {active &&
          (confirming ? (
            <span className="row">
              <button
                type="button"
                className="button small danger"
                aria-label={`Confirm revoke ${apiKey.name}`}
                disabled={revoking}
                onClick={() => onRevoke(apiKey.id)}
              >
                {revoking ? <span className="spinner" aria-hidden="true" /> : null}
                Confirm revoke
              </button>
              <button type="button" className="button small ghost" disabled={revoking} onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </span>
          ) : (
            <button type="button" className="button small ghost" aria-label={`Revoke ${apiKey.name}`} onClick={() => setConfirming(true)}>
              Revoke
            </button>
          ))}
      </td>
    </tr>
  );
}
