"use client";
import { ApiKeyRow, type ApiKeySummary } from "./api-key-row";
import { DataTable } from "../ui/data-table";

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
    <DataTable caption="Your API keys" columns={["Name", "Key", "Created", "Last used", "Status"]} actions className="apikeys-table">
      {keys.map((key) => (
        <ApiKeyRow key={key.id} apiKey={key} revoking={revokingId === key.id} onRevoke={onRevoke} />
      ))}
    </DataTable>
  );
}
