"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { RouterOutputs } from "@prizepacks/api";
import { trpc } from "../../lib/trpc";
import { ErrorAlert } from "../error-alert";

type Detail = RouterOutputs["admin"]["accounts"]["get"];

/** Standing, role, keys and balance adjustments of one account; every action needs the reason it asks for. */
export function AccountActions({ account, keys }: { account: Detail["account"]; keys: Detail["keys"] }) {
  const router = useRouter();
  const [reason, setReason] = useState("");
  const [amount, setAmount] = useState("");
  // One mutation for every button: one at a time, and the last one's outcome is what is shown.
  const action = useMutation({
    mutationFn: ({ perform }: { done: string; perform: () => Promise<unknown> }) => perform(),
    onSuccess: () => router.refresh(),
  });
  const busy = action.isPending;
  const run = (done: string, perform: () => Promise<unknown>) => action.mutate({ done, perform });
  const standing = (kind: "ban" | "unban" | "delete" | "restore" | "verify" | "unverify") =>
    run(`Account ${kind} done.`, () =>
      trpc.admin.accounts.setStanding.mutate({ userId: account.id, action: kind, reason: reason || undefined }),
    );
  const adjust = (direction: "credit" | "debit") =>
    run(`Balance ${direction}ed.`, () => trpc.admin.accounts.adjust.mutate({ userId: account.id, direction, amount, reason }));

  return (
    <section className="card stack" aria-labelledby="actions-heading">
      <h2 id="actions-heading">Actions</h2>
      <div className="field">
        <label htmlFor="admin-reason" className="label">
          Reason
        </label>
        <input
          id="admin-reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="Why (required for bans, deletions, adjustments)"
        />
      </div>
      <div className="row">
        <div className="field">
          <label htmlFor="admin-amount" className="label">
            Amount
          </label>
          <input id="admin-amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} size={8} />
        </div>
        <button type="button" className="button small" disabled={busy} onClick={() => adjust("credit")}>
          Credit
        </button>
        <button type="button" className="button ghost small" disabled={busy} onClick={() => adjust("debit")}>
          Debit
        </button>
      </div>
      <div className="row">
        {account.banned ? (
          <button type="button" className="button ghost small" disabled={busy} onClick={() => standing("unban")}>
            Unban
          </button>
        ) : (
          <button type="button" className="button danger small" disabled={busy} onClick={() => standing("ban")}>
            Ban
          </button>
        )}
        {account.deletedAt ? (
          <button type="button" className="button ghost small" disabled={busy} onClick={() => standing("restore")}>
            Restore
          </button>
        ) : (
          <button type="button" className="button danger small" disabled={busy} onClick={() => standing("delete")}>
            Delete
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
            run("Role changed.", () =>
              trpc.admin.accounts.setRole.mutate({ userId: account.id, role: account.role === "admin" ? "player" : "admin" }),
            )
          }
        >
          {account.role === "admin" ? "Remove admin role" : "Make admin"}
        </button>
      </div>
      <h3>API keys</h3>
      <ul className="stack small-text">
        {keys.map((key) => (
          <li key={key.id} className="row">
            <code>{key.start}…</code> {key.name} {key.revokedAt ? <span className="muted">revoked</span> : null}
            {!key.revokedAt && (
              <button
                type="button"
                className="button ghost small"
                disabled={busy}
                onClick={() => run("Key revoked.", () => trpc.admin.accounts.revokeKey.mutate({ apiKeyId: key.id }))}
              >
                Revoke
              </button>
            )}
          </li>
        ))}
      </ul>
      <ErrorAlert error={action.error} />
      {action.isSuccess && (
        <p role="status" className="alert success">
          {action.variables.done}
        </p>
      )}
    </section>
  );
}
