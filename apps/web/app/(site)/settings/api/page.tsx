import { headers } from "next/headers";
import { listActivePacks } from "@prizepacks/core";
import { ApiKeysManager } from "../../../../components/api-keys/api-keys-manager";
import { SettingsNav } from "../../../../components/settings/settings-nav";
import { WebhooksManager } from "../../../../components/api-keys/webhooks-manager";
import type { ApiKeySummary } from "../../../../components/api-keys/api-key-row";
import { services } from "../../../../lib/database";
import { requireViewer, serverApi } from "../../../../lib/server-api";
import { PageHeader } from "../../../../components/ui/page-header";

export const metadata = { title: "API keys" };
export const dynamic = "force-dynamic";

/** The origin the browser used, so the examples run against this very server. */
async function requestOrigin(): Promise<string> {
  const requestHeaders = await headers();
  const host = requestHeaders.get("x-forwarded-host") ?? requestHeaders.get("host") ?? "localhost:3000";
  const local = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(host);
  const proto = requestHeaders.get("x-forwarded-proto")?.split(",")[0]?.trim() || (local ? "http" : "https");
  return `${proto}://${host}`;
}

export default async function ApiSettingsPage() {
  await requireViewer("/settings/api");
  const [origin, packs, initialKeys] = await Promise.all([
    requestOrigin(),
    listActivePacks(await services()),
    // On failure the client loads the list itself and shows the error there.
    serverApi()
      .then((api) => api.keys.list())
      .catch((): ApiKeySummary[] | null => null),
  ]);
  return (
    <div className="stack">
      <SettingsNav current="/settings/api" />
      <PageHeader title="API keys">Keys let bots and scripts use the REST API as your account.</PageHeader>
      <ApiKeysManager initialKeys={initialKeys} origin={origin} packSlug={packs[0]?.slug ?? "starter-tech"} />
      <WebhooksManager />
    </div>
  );
}
