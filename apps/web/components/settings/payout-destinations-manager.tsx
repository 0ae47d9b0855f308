"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import type { PayoutDestination } from "@prizepacks/core";
import { queryKeys, trpc } from "../../lib/trpc";
import { ErrorAlert } from "../ui/error-alert";
import { CodeInput } from "../ui/code-input";
import { QueueTable } from "../ui/queue-table";
import { Field, FieldFrame } from "../ui/field";
import { SubmitButton } from "../ui/submit-button";
import { LocalTime } from "../ui/local-time";

type Method = PayoutDestination["payoutMethodId"];

/** Whether a destination can be used yet. */
function DestinationStatus({ destination: d }: { destination: PayoutDestination }) {
  if (d.status === "pending_confirmation") return "Waiting for the mailed link";
  if (d.usableAt && new Date(d.usableAt) > new Date()) {
    return (
      <>
        Usable from <LocalTime iso={d.usableAt} />
      </>
    );
  }
  return "Ready";
}

/** Settings → Payout destinations: the account's destinations, adding one (second factor, then a mailed link), removing one. */
export function PayoutDestinationsManager({
  initial,
  usableAfter,
}: {
  initial: PayoutDestination[];
  /** When a confirmed destination becomes usable, e.g. "24 hours after that". */
  usableAfter: string;
}) {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: queryKeys.payoutDestinations.list(),
    queryFn: () => trpc.payoutDestinations.list.query(),
    initialData: initial,
  });
  const methodId = useId();
  const addressId = useId();
  const labelId = useId();
  const codeId = useId();
  const [method, setMethod] = useState<Method>("BTC-CHAIN");
  const [address, setAddress] = useState("");
  const [label, setLabel] = useState("");
  const [code, setCode] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.payoutDestinations.list() });

  const add = useMutation({
    mutationFn: () =>
      trpc.payoutDestinations.add.mutate({ payoutMethodId: method, address: address.trim(), label: label.trim(), code: code.trim() }),
    onSuccess: async () => {
      setNotice(`Added. We mailed you a link: follow it to confirm the destination. It can be used ${usableAfter}.`);
      setAddress("");
      setLabel("");
      setCode("");
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => trpc.payoutDestinations.remove.mutate({ id }),
    onSuccess: refresh,
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    add.mutate();
  }

  return (
    <div className="stack">
      <section className="card stack" aria-labelledby="destinations-heading">
        <h2 id="destinations-heading">Your destinations</h2>
        {data.length === 0 ? (
          <p className="muted">None yet.</p>
        ) : (
          <QueueTable
            testId="payout-destinations"
            rows={data}
            columns={[
              { header: "Label", cell: (d) => d.label },
              { header: "Method", cell: (d) => (d.payoutMethodId === "BTC-LN" ? "Lightning" : "Bitcoin") },
              { header: "Address", cell: (d) => <code className="break">{d.address}</code> },
              { header: "Status", cell: (d) => <DestinationStatus destination={d} /> },
              {
                header: <span className="visually-hidden">Actions</span>,
                cell: (d) => (
                  <button
                    type="button"
                    className="button ghost small"
                    aria-label={`Remove ${d.label}`}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(d.id)}
                  >
                    Remove
                  </button>
                ),
              },
            ]}
          />
        )}
        <ErrorAlert error={remove.error} />
      </section>
      <section className="card stack" aria-labelledby="add-destination-heading">
        <h2 id="add-destination-heading">Add a destination</h2>
        <form className="form" onSubmit={onSubmit} noValidate>
          <FieldFrame id={methodId} label="Method">
            <select id={methodId} value={method} onChange={(event) => setMethod(event.target.value as Method)}>
              <option value="BTC-CHAIN">Bitcoin (on-chain)</option>
              <option value="BTC-LN">Lightning</option>
            </select>
          </FieldFrame>
          <Field
            id={addressId}
            label="Address"
            autoComplete="off"
            spellCheck={false}
            placeholder={method === "BTC-LN" ? "you@wallet.example" : "bc1q…"}
            value={address}
            onChange={(event) => setAddress(event.target.value)}
          />
          <Field
            id={labelId}
            label="Label"
            autoComplete="off"
            placeholder="My wallet"
            value={label}
            onChange={(event) => setLabel(event.target.value)}
          />
          <CodeInput id={codeId} value={code} onChange={(event) => setCode(event.target.value)} />
          <SubmitButton busy={add.isPending}>Add destination</SubmitButton>
        </form>
        <div role="status">{notice && <p className="alert success">{notice}</p>}</div>
        <ErrorAlert error={add.error} />
      </section>
    </div>
  );
}

/** The mailed link's page: confirms on a click (a link scanner that fetches the page confirms nothing). */
export function ConfirmPayoutDestination({ token }: { token: string }) {
  const confirm = useMutation({ mutationFn: () => trpc.payoutDestinations.confirm.mutate({ token }) });
  return (
    <section className="card stack" aria-labelledby="confirm-destination-heading">
      <h2 id="confirm-destination-heading">Confirm your payout destination</h2>
      {confirm.data ? (
        <p className="alert success" role="status">
          Confirmed: {confirm.data.label} ({confirm.data.address}) can be used from{" "}
          {confirm.data.usableAt ? <LocalTime iso={confirm.data.usableAt} /> : "tomorrow"}.
        </p>
      ) : (
        <button type="button" className="button" disabled={confirm.isPending || !token} onClick={() => confirm.mutate()}>
          Confirm destination
        </button>
      )}
      <ErrorAlert error={confirm.error} />
    </section>
  );
}
