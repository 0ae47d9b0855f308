"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { queryKeys, trpc } from "../../lib/trpc";
import { ApiFirstRequest } from "./api-first-request";
import { ApiKeyCreateForm } from "./api-key-create-form";
import type { ApiKeySummary } from "./api-key-row";
import { ApiKeyTable } from "./api-key-table";
import { ApiKeyTableSkeleton } from "./api-key-table-skeleton";
import { ErrorAlert } from "../ui/error-alert";
import { NewApiKeyBox, type NewApiKey } from "./new-api-key-box";

/** Create, list and revoke the account's API keys; the new key is held in memory only while shown. */
export function ApiKeysManager({
  initialKeys,
  origin,
  packSlug,
}: {
  initialKeys: ApiKeySummary[] | null;
  origin: string;
  packSlug: string;
}) {
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<NewApiKey | null>(null);
  const keys = useQuery({
    queryKey: queryKeys.keys.list(),
    queryFn: () => trpc.keys.list.query(),
    ...(initialKeys ? { initialData: initialKeys } : {}),
  });
  const create = useMutation({
    mutationFn: (name: string) => trpc.keys.create.mutate({ name }),
    onSuccess: (newKey) => {
      setCreated(newKey);
      void queryClient.invalidateQueries({ queryKey: queryKeys.keys.list() });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => trpc.keys.revoke.mutate({ id }),
    onSuccess: (_result, id) => {
      setCreated((current) => (current?.id === id ? null : current));
      void queryClient.invalidateQueries({ queryKey: queryKeys.keys.list() });
    },
  });

  const newestActive = keys.data?.find((key) => key.revokedAt === null) ?? null;

  return (
    <div className="stack apikeys">
      {created && <NewApiKeyBox apiKey={created} onDismiss={() => setCreated(null)} />}
      <div className="grid-2">
        <section className="card stack" aria-labelledby="apikeys-create-title">
          <h2 id="apikeys-create-title">Create a key</h2>
          <p className="small-text muted">
            A key acts as your account on the REST API: it can open packs and spend your balance. Keep it secret.
          </p>
          <ApiKeyCreateForm create={create} />
        </section>
        <ApiFirstRequest origin={origin} packSlug={packSlug} fullKey={created?.apiKey ?? null} keyStart={newestActive?.start ?? null} />
      </div>
      <section className="stack" aria-labelledby="apikeys-list-title">
        <h2 id="apikeys-list-title" className="apikeys-list-title">
          Your keys
        </h2>
        <ErrorAlert error={revoke.error} />
        <ErrorAlert error={!keys.data && keys.error} />
        {keys.data ? (
          <ApiKeyTable
            keys={keys.data}
            revokingId={revoke.isPending ? (revoke.variables ?? null) : null}
            onRevoke={(id) => revoke.mutate(id)}
          />
        ) : keys.isPending ? (
          <ApiKeyTableSkeleton />
        ) : null}
      </section>
    </div>
  );
}
