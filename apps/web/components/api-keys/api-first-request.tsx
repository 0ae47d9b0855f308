import Link from "next/link";

/**
 * Copy-paste examples against this very server. With the key just created they run as is;
 * otherwise they show the newest key's prefix, to be replaced by the whole key.
 */
export function ApiFirstRequest({
  origin,
  packSlug,
  fullKey,
  keyStart,
}: {
  origin: string;
  packSlug: string;
  fullKey: string | null;
  keyStart: string | null;
}) {
  const key = fullKey ?? `${keyStart ?? "pp_live_"}…`;
  const list = `curl -s ${origin}/v1/packs -H "Authorization: Bearer ${key}"`;
  const open = `curl -s -X POST ${origin}/v1/packs/${packSlug}/open -H "Authorization: Bearer ${key}"`;
  return (
    <section className="card stack" aria-labelledby="apikeys-first-title">
      <h2 id="apikeys-first-title">First request</h2>
      <p className="small-text muted">
        {fullKey
          ? "These use the key you just created, so they run as they are."
          : keyStart
            ? `Replace ${keyStart}… with your whole key: it was shown only once, when you created it.`
            : "Create a key first, then put it after Bearer."}
      </p>
      <div className="stack apikeys-snippet">
        <span className="label">List the packs</span>
        <pre data-testid="api-first-request">
          <code>{list}</code>
        </pre>
      </div>
      <div className="stack apikeys-snippet">
        <span className="label">Open a pack (debits its price from your wallet)</span>
        <pre data-testid="api-open-request">
          <code>{open}</code>
        </pre>
      </div>
      <p className="small-text">
        Send the key as <code>Authorization: Bearer &lt;key&gt;</code> or <code>X-Api-Key: &lt;key&gt;</code>. Every endpoint, limit and
        error is in the <Link href="/docs">API reference</Link>; each opening can be checked on the{" "}
        <Link href="/fairness">fairness page</Link>.
      </p>
    </section>
  );
}
