"use client";
import { ApiKeyRow, type ApiKeySummary } from "./api-key-row";

/** The account's keys, newest first; revoked ones stay listed for the record. */
export function ApiKeyTable({
  keys,
  revokingId,
  onRevoke,
}: {
  keys: ApiKeySummary[];
  revokingId: string | null;
  onRevoke: (id: string) => void;
}) {
  if (keys.length === 0) {
    return (
      <p className="empty" data-testid="api-keys-empty">
        No API keys yet. Create one above to use the REST API.
      </p>
    );
  }
  return (
    <div className="table-wrap">
      <table className="apikeys-table">
        <caption className="visually-hidden">Your API keys</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Key</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <ApiKeyRow key={key.id} apiKey={key} revoking={revokingId === key.id} onRevoke={onRevoke} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

