"use client";
import { useState } from "react";
import type { Address } from "@prizepacks/core";
import { listCountries } from "@prizepacks/core/contract";
import { trpc } from "../../lib/trpc";
import { ErrorAlert } from "../ui/error-alert";
import { useBusyAction } from "../ui/use-busy-action";

const ADDRESS_FIELDS = [
  ["name", "Full name", "name"],
  ["line1", "Address line 1", "address-line1"],
  ["line2", "Address line 2 (optional)", "address-line2"],
  ["city", "City", "address-level2"],
  ["region", "State or region", "address-level1"],
  ["postalCode", "Postal code", "postal-code"],
  ["phone", "Phone (optional)", "tel"],
] as const;

const emptyAddress = { name: "", line1: "", line2: "", city: "", region: "", postalCode: "", country: "", phone: "" };

/**
 * A new postal address, checked and saved by the server (postal format per country); hands the
 * saved one back. The country is chosen from exactly the codes the server accepts, by name.
 */
export function AddressForm({ onSaved }: { onSaved: (address: Address) => void }) {
  const [draft, setDraft] = useState(emptyAddress);
  const { busy, error, run } = useBusyAction();

  const save = () =>
    run(async () => {
      const saved = await trpc.addresses.create.mutate(draft);
      setDraft(emptyAddress);
      onSaved(saved);
    });

  return (
    <div className="stack">
      {ADDRESS_FIELDS.map(([field, label, autoComplete]) => (
        <label key={field}>
          {label}
          <input value={draft[field]} autoComplete={autoComplete} onChange={(e) => setDraft({ ...draft, [field]: e.target.value })} />
        </label>
      ))}
      <label className="ship-country">
        Country
        <select
          value={draft.country}
          autoComplete="country"
          aria-label="Country"
          onChange={(e) => setDraft({ ...draft, country: e.target.value })}
        >
          <option value="">Choose…</option>
          {listCountries().map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      </label>
      <ErrorAlert error={error} />
      <button type="button" className="button" disabled={busy} onClick={() => void save()}>
        Save address
      </button>
    </div>
  );
}
