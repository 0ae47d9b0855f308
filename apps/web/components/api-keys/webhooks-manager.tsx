"use client";
import { useMutation, useQuery, useQueryClient, type UseMutationResult } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { RouterOutputs } from "@prizepacks/api";
import { refreshQueries } from "../../lib/refresh-queries";
import { queryKeys, trpc } from "../../lib/trpc";
import { ClipboardCopyButton } from "../ui/clipboard-copy-button";
import { CreateForm } from "../ui/create-form";
import { DataTable } from "../ui/data-table";
import { ErrorAlert } from "../ui/error-alert";
import { LocalTime } from "../ui/local-time";

type Endpoint = RouterOutputs["webhooks"]["list"][number];
type Created = RouterOutputs["webhooks"]["create"];

const EVENT_TYPES = [
  { type: "open.completed", label: "Pack opened" },
  { type: "item.sold", label: "Items sold" },
  { type: "wallet.changed", label: "Balance changed" },
  { type: "seed.rotated", label: "Seed pair rotated" },
  { type: "key.revoked", label: "API key revoked" },
] as const;
type EventType = (typeof EVENT_TYPES)[number]["type"];
type NewEndpoint = { url: string; eventTypes: EventType[] };

/**
 * Register HTTPS endpoints for account events, see their secret once, their delivery log, resend
 * or disable; an endpoint the server disabled says why.
 */
export function WebhooksManager() {
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<Created | null>(null);
  const endpoints = useQuery({ queryKey: queryKeys.webhooks.list(), queryFn: () => trpc.webhooks.list.query() });
  const create = useMutation({
    mutationFn: (input: NewEndpoint) => trpc.webhooks.create.mutate(input),
    onSuccess: (endpoint) => {
      setCreated(endpoint);
      // The list's first fetch may still be on its way, read before this endpoint existed.
      void refreshQueries(queryClient, [queryKeys.webhooks()]);
    },
  });
  const setEnabled = useMutation({
    mutationFn: (input: { id: string; enabled: boolean }) => trpc.webhooks.setEnabled.mutate(input),
    onSuccess: () => void refreshQueries(queryClient, [queryKeys.webhooks()]),
  });

  return (
    <section className="stack webhooks" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Webhooks</h2>
      <p className="small-text muted">
        We POST each event to your endpoint, signed with its secret in the <code>Prizepacks-Signature</code> header (
        <code>t=&lt;unix seconds&gt;,v1=&lt;hex HMAC-SHA256(secret, t + &quot;.&quot; + body)&gt;</code>), and retry with backoff for a day.
        The same events stream from <code>GET /v1/events</code>.
      </p>
      {created && (
        <div className="alert success stack" role="status">
          <strong>Endpoint added. Its signing secret, shown this once:</strong>
          <code className="secret" data-testid="webhook-secret">
            {created.secret}
          </code>
          <div className="row">
            <ClipboardCopyButton text={created.secret} label="Copy secret" />
            <button type="button" className="button ghost small" onClick={() => setCreated(null)}>
              Done
            </button>
          </div>
        </div>
      )}
      <WebhookCreateForm create={create} />
      <ErrorAlert error={setEnabled.error} />
      <ErrorAlert error={!endpoints.data && endpoints.error} />
      {endpoints.data?.length === 0 && <p className="empty">No endpoints yet.</p>}
      <ul className="stack webhook-list">
        {endpoints.data?.map((endpoint) => (
          <WebhookEndpointRow
            key={endpoint.id}
            endpoint={endpoint}
            busy={setEnabled.isPending && setEnabled.variables?.id === endpoint.id}
            onToggle={() => setEnabled.mutate({ id: endpoint.id, enabled: !endpoint.enabled })}
          />
        ))}
      </ul>
    </section>
  );
}

function WebhookCreateForm({ create }: { create: Pick<UseMutationResult<Created, Error, NewEndpoint>, "mutate" | "isPending" | "error"> }) {
  const id = useId();
  const [url, setUrl] = useState("");
  const [types, setTypes] = useState<EventType[]>(["open.completed", "wallet.changed"]);
  return (
    <CreateForm
      label="Add a webhook endpoint"
      className="form card"
      submitLabel="Add endpoint"
      check={() =>
        !url.trim()
          ? "Enter the https:// URL that should receive the events."
          : types.length === 0
            ? "Choose at least one event type."
            : null
      }
      busy={create.isPending}
      error={create.error}
      onSubmit={() => create.mutate({ url: url.trim(), eventTypes: types }, { onSuccess: () => setUrl("") })}
    >
      <div className="field">
        <label htmlFor={`${id}-url`}>Endpoint URL</label>
        <input
          id={`${id}-url`}
          type="url"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          maxLength={2048}
          autoComplete="off"
          placeholder="https://bot.example.com/prizepacks"
        />
      </div>
      <fieldset className="field">
        <legend>Events</legend>
        <div className="row wrap">
          {EVENT_TYPES.map(({ type, label }) => (
            <label key={type} className="check">
              <input
                type="checkbox"
                checked={types.includes(type)}
                onChange={(event) => setTypes((current) => (event.target.checked ? [...current, type] : current.filter((t) => t !== type)))}
              />
              {label} <code className="small-text">{type}</code>
            </label>
          ))}
        </div>
      </fieldset>
    </CreateForm>
  );
}

function WebhookEndpointRow({ endpoint, busy, onToggle }: { endpoint: Endpoint; busy: boolean; onToggle: () => void }) {
  const [open, setOpen] = useState(false);
  const status = !endpoint.enabled ? "Disabled" : endpoint.failingSince ? "Failing" : "Active";
  return (
    <li className="card stack webhook-endpoint" data-testid="webhook-endpoint">
      <div className="row" style={{ justifyContent: "space-between", alignItems: "baseline" }}>
        <code className="webhook-url">{endpoint.url}</code>
        <span className={`badge ${status.toLowerCase()}`}>{status}</span>
      </div>
      <p className="small-text muted">
        {endpoint.eventTypes.join(", ")} · added <LocalTime iso={endpoint.createdAt} />
        {endpoint.failingSince && (
          <>
            {" "}
            · failing since <LocalTime iso={endpoint.failingSince} />
          </>
        )}
      </p>
      {endpoint.disabledReason && (
        <p className="alert warn small-text" data-testid="webhook-disabled-reason">
          {endpoint.disabledReason}
        </p>
      )}
      <div className="row">
        <button type="button" className="button ghost small" onClick={() => setOpen((v) => !v)} aria-expanded={open}>
          {open ? "Hide deliveries" : "Deliveries"}
        </button>
        <button type="button" className="button ghost small" onClick={onToggle} disabled={busy}>
          {endpoint.enabled ? "Disable" : "Enable"}
        </button>
      </div>
      {open && <WebhookDeliveries endpointId={endpoint.id} />}
    </li>
  );
}

function WebhookDeliveries({ endpointId }: { endpointId: string }) {
  const queryClient = useQueryClient();
  const key = queryKeys.webhooks.deliveries({ endpointId });
  const deliveries = useQuery({ queryKey: key, queryFn: () => trpc.webhooks.deliveries.query({ endpointId }), refetchInterval: 5_000 });
  const resend = useMutation({
    mutationFn: (deliveryId: string) => trpc.webhooks.resend.mutate({ deliveryId }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
  if (deliveries.error) return <ErrorAlert error={deliveries.error} />;
  if (!deliveries.data) return <p className="muted small-text">Loading deliveries…</p>;
  if (deliveries.data.length === 0) return <p className="empty">No deliveries yet.</p>;
  return (
    <>
      <ErrorAlert error={resend.error} />
      <DataTable
        caption="Delivery log"
        columns={["Event", "Status", "Attempts", "Last answer", "Created"]}
        actions
        region
        className="table small-text"
      >
        {deliveries.data.map((delivery) => (
          <tr key={delivery.id} data-testid="webhook-delivery">
            <td>
              <code>{delivery.eventType}</code> #{delivery.eventId}
            </td>
            <td>{delivery.status}</td>
            <td>{delivery.attempts}</td>
            <td>{delivery.lastStatusCode ?? delivery.lastError ?? "–"}</td>
            <td>
              <LocalTime iso={delivery.createdAt} />
            </td>
            <td>
              <button type="button" className="button ghost small" onClick={() => resend.mutate(delivery.id)} disabled={resend.isPending}>
                Resend
              </button>
            </td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}
