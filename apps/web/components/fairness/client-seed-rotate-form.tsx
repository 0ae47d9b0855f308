"use client";
import { useId, useState, type FormEvent } from "react";
import { generateClientSeed } from "@prizepacks/fairness";

// Mirrors the server's ClientSeedSchema, so mistakes show before a round trip.
const CLIENT_SEED_PATTERN = /^[\x21-\x7e]{1,64}$/;

/** Optional new client seed plus the rotate button; an empty field lets the server pick one. */
export function ClientSeedRotateForm({
  busy,
  onRotate,
}: {
  busy: boolean;
  onRotate: (clientSeed: string | undefined) => Promise<boolean>;
}) {
  const id = useId();
  const [clientSeed, setClientSeed] = useState("");
  const [invalid, setInvalid] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = clientSeed.trim();
    if (value && !CLIENT_SEED_PATTERN.test(value)) return setInvalid(true);
    setInvalid(false);
    // Kept on failure, so the player can retry without retyping.
    if (await onRotate(value || undefined)) setClientSeed("");
  }

  return (
    <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <div className="field">
        <label htmlFor={`${id}-client-seed`}>New client seed</label>
        <div className="row fairness-seed-input">
          <input
            id={`${id}-client-seed`}
            className="mono"
            value={clientSeed}
            onChange={(event) => setClientSeed(event.target.value)}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={invalid}
            aria-describedby={`${id}-client-seed-hint`}
          />
          <button
            type="button"
            className="button ghost"
            onClick={() => {
              setClientSeed(generateClientSeed());
              setInvalid(false);
            }}
          >
            Random
          </button>
        </div>
        <span id={`${id}-client-seed-hint`} className={invalid ? "hint negative" : "hint"} role={invalid ? "alert" : undefined}>
          Optional: 1–64 printable ASCII characters without spaces. Leave empty for a random one.
        </span>
      </div>
      <div>
        <button type="submit" className="button" disabled={busy}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          Rotate seed pair
        </button>
      </div>
    </form>
  );
}
