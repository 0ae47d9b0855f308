"use client";
import { useEffect, useId, useState, type FormEvent } from "react";
import { bytesToHex, leafHash, verifyInclusionHex, verifyTreeHead, type SignedTreeHead } from "@prizepacks/fairness";
import { ErrorAlert } from "../ui/error-alert";

export interface InclusionPrefill {
  kind?: string;
  id?: string;
}

interface Checked {
  leafIndex: number;
  treeSize: number;
  headTime: string;
  publicKey: string;
  signature: boolean;
  inclusion: boolean;
  leafMatches: boolean;
  leaf: string;
}

const KINDS = [
  { value: "open", label: "Opening" },
  { value: "upgrade", label: "Upgrade" },
  { value: "battle", label: "Battle" },
] as const;

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(path, { headers: { accept: "application/json" } });
  const body = (await response.json().catch(() => null)) as (T & { error?: { message?: string } }) | null;
  if (!response.ok) throw new Error(body?.error?.message ?? `${path} answered ${response.status}`);
  return body as T;
}

/**
 * Checks in the browser that a draw is in the public transparency log: the latest signed head's
 * Ed25519 signature under the log key, and the draw's RFC 9162 inclusion proof against that
 * head's root. Only the public log is fetched; the checks are @prizepacks/fairness's, as the
 * server's and the monitor's.
 */
export function InclusionCheck({ prefill }: { prefill: InclusionPrefill }) {
  const id = useId();
  const [kind, setKind] = useState(KINDS.some((k) => k.value === prefill.kind) ? prefill.kind! : "open");
  const [outcomeId, setOutcomeId] = useState(prefill.id ?? "");
  const [checked, setChecked] = useState<Checked | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function check(values: { kind: string; id: string }) {
    setError(null);
    setChecked(null);
    if (!values.id.trim()) return setError("Enter the opening's, upgrade's or battle's id.");
    setBusy(true);
    try {
      const [key, head] = await Promise.all([
        getJson<{ publicKey: string }>("/v1/transparency/key"),
        getJson<SignedTreeHead & { publicKey: string }>("/v1/transparency/head"),
      ]);
      const query = new URLSearchParams({ kind: values.kind, id: values.id.trim(), treeSize: String(head.treeSize) });
      const proof = await getJson<{ leafIndex: number; leaf: string; leafHash: string; auditPath: string[] }>(
        `/v1/transparency/proof/inclusion?${query.toString()}`,
      );
      const computedLeafHash = bytesToHex(leafHash(proof.leaf));
      setChecked({
        leafIndex: proof.leafIndex,
        treeSize: head.treeSize,
        headTime: new Date(head.timestamp).toISOString(),
        publicKey: key.publicKey,
        signature: verifyTreeHead(head, key.publicKey),
        inclusion: verifyInclusionHex(proof.leafIndex, head.treeSize, computedLeafHash, proof.auditPath, head.rootHash),
        leafMatches: computedLeafHash === proof.leafHash,
        leaf: proof.leaf,
      });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "The log could not be read.");
    } finally {
      setBusy(false);
    }
  }

  // A link from history names the draw: check it straight away.
  useEffect(() => {
    if (prefill.id) void check({ kind, id: outcomeId });
    // Only on mount: the prefill is fixed for the life of this component.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void check({ kind, id: outcomeId });
  }

  const ok = checked && checked.signature && checked.inclusion && checked.leafMatches;
  return (
    <div className="stack">
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="row fairness-verifier-pair">
          <div className="field">
            <label htmlFor={`${id}-kind`}>Kind</label>
            <select id={`${id}-kind`} value={kind} onChange={(event) => setKind(event.target.value)}>
              {KINDS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-id`}>Id</label>
            <input
              id={`${id}-id`}
              className="mono"
              value={outcomeId}
              onChange={(event) => setOutcomeId(event.target.value)}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
        </div>
        <ErrorAlert error={error} />
        <button className="button" type="submit" disabled={busy}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          Check inclusion
        </button>
      </form>
      <div aria-live="polite">
        {checked && (
          <div className={`alert ${ok ? "success" : "error"} stack`} data-testid="inclusion-result">
            <p>
              <strong>{ok ? "In the log." : "Not proven."}</strong> Leaf {checked.leafIndex} of {checked.treeSize}, head signed{" "}
              {checked.headTime}.
            </p>
            <ul className="small-text">
              <li>Head signature under the log key: {checked.signature ? "valid" : "INVALID"}</li>
              <li>Inclusion proof (RFC 9162) against the head&apos;s root: {checked.inclusion ? "valid" : "INVALID"}</li>
              <li>Leaf hash of the served leaf: {checked.leafMatches ? "matches" : "DIFFERS"}</li>
            </ul>
            <details>
              <summary>Leaf and key</summary>
              <p className="mono small-text break">{checked.leaf}</p>
              <p className="mono small-text break">Log key: {checked.publicKey}</p>
            </details>
          </div>
        )}
      </div>
    </div>
  );
}
