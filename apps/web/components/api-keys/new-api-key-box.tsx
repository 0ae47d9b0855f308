"use client";
import type { RouterOutputs } from "@prizepacks/api";
import { ClipboardCopyButton } from "../ui/clipboard-copy-button";

export type NewApiKey = RouterOutputs["keys"]["create"];

/** The whole key, shown once right after it was made: only its hash is stored. */
export function NewApiKeyBox({ apiKey, onDismiss }: { apiKey: NewApiKey; onDismiss: () => void }) {
  return (
    <section className="apikeys-new stack" data-testid="new-api-key" aria-labelledby="apikeys-new-title">
      <h2 id="apikeys-new-title">New key “{apiKey.name}”</h2>
      <p className="alert warn" role="alert">
        Copy this key now: it will not be shown again. We keep only its hash, so a lost key cannot be recovered (revoke it and create
        another).
      </p>
      <code className="apikeys-new-value mono break" data-testid="new-api-key-value" aria-label="New API key">
        {apiKey.apiKey}
      </code>
      <div className="row">
        <ClipboardCopyButton text={apiKey.apiKey} label="Copy" className="button" />
        <button type="button" className="button ghost" onClick={onDismiss}>
          I saved it, hide the key
        </button>
      </div>
    </section>
  );
}
