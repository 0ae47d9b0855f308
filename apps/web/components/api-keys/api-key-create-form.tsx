"use client";
import type { UseMutationResult } from "@tanstack/react-query";
import { useId, useState } from "react";
import { CreateForm } from "../ui/create-form";
import type { NewApiKey } from "./new-api-key-box";

/** Name a key and create it; the form clears once the key exists. */
export function ApiKeyCreateForm({
  create,
}: {
  create: Pick<UseMutationResult<NewApiKey, Error, string>, "mutate" | "isPending" | "error">;
}) {
  const id = useId();
  const [name, setName] = useState("");
  return (
    <CreateForm
      submitLabel="Create key"
      check={() => (name.trim() ? null : "Give the key a name, e.g. the bot or machine that uses it.")}
      busy={create.isPending}
      error={create.error}
      onSubmit={() => create.mutate(name.trim(), { onSuccess: () => setName("") })}
    >
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
    </CreateForm>
  );
}
