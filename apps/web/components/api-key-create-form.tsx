"use client";
import { useId, useState, type FormEvent } from "react";
import { errorMessage } from "../lib/trpc";

/** Name a key and create it; the form clears once the key exists. */
export function ApiKeyCreateForm({ onCreate }: { onCreate: (name: string) => Promise<unknown> }) {
  const id = useId();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) return setError("Give the key a name, e.g. the bot or machine that uses it.");
    setBusy(true);
    setError(null);
    try {
      await onCreate(name.trim());
      setName("");
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-name`}>Key name</label>
        <input
          id={`${id}-name`}
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={64}
          required
          autoComplete="off"
          placeholder="e.g. trading-bot"
          aria-describedby={`${id}-hint`}
        />
        <span id={`${id}-hint`} className="hint">
          1–64 characters, to tell your keys apart. Up to 10 active keys.
        </span>
      </div>
      {error && (
        <p className="alert error" role="alert">
          {error}
        </p>
      )}
      <div>
        <button type="submit" className="button" disabled={busy}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          Create key
        </button>
      </div>
    </form>
  );
}
