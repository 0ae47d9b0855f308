"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import type { RouterOutputs } from "@prizepacks/api";
import { trpc } from "../../lib/trpc";
import { ErrorAlert } from "../ui/error-alert";
import { ConfirmByTyping, typedMatches } from "../ui/confirm-by-typing";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Field } from "../ui/field";
import { useHydrated } from "../ui/use-hydrated";
import { useRequestKey } from "./request-key";

type Detail = RouterOutputs["admin"]["accounts"]["get"];
type Standing = "ban" | "unban" | "delete" | "restore" | "verify" | "unverify";

/** The changes that take an account from its owner or change who they are: each asks for the e-mail typed back. */
type Confirmable = { kind: "ban" | "delete"; label: string } | { kind: "role"; label: string; role: "admin" | "player" };

/**
 * Standing, role and keys of one account (money is MoneyActions, apart). Ban, delete and role
 * changes open a confirmation that needs the account's e-mail typed; each submission carries
 * its own key, so a repeated click applies once.
 */
export function AccountActions({ account, keys }: { account: Detail["account"]; keys: Detail["keys"] }) {
  const router = useRouter();
  const [requestKey, renewKey] = useRequestKey();
  const [confirming, setConfirming] = useState<Confirmable | null>(null);
  const [reason, setReason] = useState("");
  const [typed, setTyped] = useState("");
  const [revoking, setRevoking] = useState<Detail["keys"][number] | null>(null);
  const action = useMutation({
    mutationFn: ({ perform }: { done: string; perform: () => Promise<unknown> }) => perform(),
    onSuccess: () => {
      setConfirming(null);
      setReason("");
      setTyped("");
      renewKey();
      router.refresh();
    },
  });
  // Until hydrated a click does nothing (no handler yet): every control waits for it, as for a pending action.
  const hydrated = useHydrated();
  const busy = action.isPending || !hydrated;
  const run = (done: string, perform: () => Promise<unknown>) => action.mutate({ done, perform });
  const standing = (kind: Standing, why?: string, confirmation?: string) =>
    run(`Account ${kind} done.`, () =>
      trpc.admin.accounts.setStanding.mutate({ userId: account.id, action: kind, reason: why || undefined, confirmation, requestKey }),
    );
  const open = (next: Confirmable) => {
    action.reset();
    setTyped("");
    setConfirming(next);
  };
  const confirmed = typedMatches(typed, account.email);
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!confirming || !confirmed) return;
    if (confirming.kind === "role") {
      const role = confirming.role;
      // A grant waits for another admin on Approvals; a removal applies at once.
      run(role === "admin" ? "Sent to Approvals: another admin makes it an admin." : "Admin role removed.", () =>
        trpc.admin.accounts.setRole.mutate({ userId: account.id, role, confirmation: typed, requestKey }),
      );
    } else standing(confirming.kind, reason, typed);
  };

  return (
    <section className="card stack" aria-labelledby="actions-heading">
      <h2 id="actions-heading">Standing and access</h2>
      <div className="row">
        {account.banned ? (
          <button type="button" className="button ghost small" disabled={busy} onClick={() => standing("unban", "lifted in the console")}>
            Unban
          </button>
        ) : (
          <button type="button" className="button danger small" disabled={busy} onClick={() => open({ kind: "ban", label: "Ban account" })}>
            Ban…
          </button>
        )}
        {account.deletedAt ? (
          <button type="button" className="button ghost small" disabled={busy} onClick={() => standing("restore")}>
            Restore
          </button>
        ) : (
          <button
            type="button"
            className="button danger small"
            disabled={busy}
            onClick={() => open({ kind: "delete", label: "Delete account" })}
          >
            Delete…
          </button>
        )}
        <button
          type="button"
          className="button ghost small"
          disabled={busy}
          onClick={() => standing(account.emailVerified ? "unverify" : "verify")}
        >
          {account.emailVerified ? "Mark unverified" : "Verify"}
        </button>
        <button
          type="button"
          className="button ghost small"
          disabled={busy}
          onClick={() =>
            account.role === "admin"
              ? open({ kind: "role", label: "Remove admin role", role: "player" })
              : open({ kind: "role", label: "Make admin", role: "admin" })
          }
        >
          {account.role === "admin" ? "Remove admin role…" : "Make admin…"}
        </button>
      </div>
      {confirming && (
        <form className="stack admin-confirm" onSubmit={confirm} aria-labelledby="confirm-heading" data-testid="typed-confirmation">
          <h3 id="confirm-heading">{confirming.label}</h3>
          {confirming.kind !== "role" && (
            <Field id="admin-standing-reason" label="Reason" labelClassName="label" value={reason} onValue={setReason} />
          )}
          <ConfirmByTyping
            id="admin-confirm-email"
            expected={account.email}
            typed={typed}
            onTyped={setTyped}
            busy={busy}
            onCancel={() => setConfirming(null)}
          >
            {confirming.label}
          </ConfirmByTyping>
        </form>
      )}
      <h3>API keys</h3>
      <ul className="stack small-text">
        {keys.map((key) => (
          <li key={key.id} className="row">
            <code>{key.start}…</code> {key.name} {key.revokedAt ? <span className="muted">revoked</span> : null}
            {!key.revokedAt && (
              <button type="button" className="button ghost small" disabled={busy} aria-haspopup="dialog" onClick={() => setRevoking(key)}>
                Revoke
              </button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke the key ${revoking?.name ?? ""}`}
        facts={
          revoking
            ? [
                { term: "Account", value: account.email },
                { term: "Key", value: `${revoking.start}… ${revoking.name}` },
                { term: "What happens", value: "Every request with this key is refused from now on; it cannot be restored." },
              ]
            : []
        }
        confirmLabel="Revoke key"
        danger
        onConfirm={() => {
          const apiKeyId = revoking?.id;
          if (apiKeyId) run("Key revoked.", () => trpc.admin.accounts.revokeKey.mutate({ apiKeyId, requestKey }));
          setRevoking(null);
        }}
        onCancel={() => setRevoking(null)}
      />
      <ErrorAlert error={action.error} />
      {action.isSuccess && (
        <p role="status" className="alert success">
          {action.variables.done}
        </p>
      )}
    </section>
  );
}
