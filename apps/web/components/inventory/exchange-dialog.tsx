"use client";
import { useEffect, useRef, useState } from "react";
import type { ExchangeResult, UpgradeTarget } from "@prizepacks/core/contract";
import { centsToMoney, displayMoney, MAX_EXCHANGE_ITEMS, moneyToCents } from "@prizepacks/core/contract";
import { trpc, withIdempotencyKey } from "../../lib/trpc";
import { keepFocusInside } from "../ui/confirm-dialog";
import { Money } from "../ui/money";
import { TargetPicker } from "../upgrader/target-picker";
import { UpgradeError } from "../upgrader/upgrade-error";

const BPS = 10_000n;

/** What the given items fetch after the fee, rounded down to the cent (as the server's exchange). */
export function exchangeAllowanceCents(givenCents: bigint, feeBps: number): bigint {
  return (givenCents * (BPS - BigInt(feeBps))) / BPS;
}

/**
 * The exchange (#38): the selected held items for shippable items of active packs. Allowed when
 * the items taken are worth at most Σ given × (1 − fee); the rest is paid to the wallet. The
 * figures here are the server's rule on the same cents; the server decides.
 */
export function ExchangeDialog({
  open,
  given,
  feeBps,
  onClose,
  onExchanged,
}: {
  open: boolean;
  given: Array<{ id: string; name: string; value: string }>;
  feeBps: number;
  onClose: () => void;
  onExchanged: (result: ExchangeResult) => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [taken, setTaken] = useState<UpgradeTarget[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [result, setResult] = useState<ExchangeResult | null>(null);
  const idempotencyKey = useRef<string | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setTaken([]);
      setError(null);
      setResult(null);
      idempotencyKey.current = null;
      dialog.showModal();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);

  const givenCents = given.reduce((sum, item) => sum + moneyToCents(item.value), 0n);
  const allowanceCents = exchangeAllowanceCents(givenCents, feeBps);
  const takenCents = taken.reduce((sum, item) => sum + moneyToCents(item.value), 0n);
  const cashCents = allowanceCents - takenCents;
  const tooMuch = cashCents < 0n;
  const picked = new Map<string, number>();
  for (const item of taken) picked.set(item.id, (picked.get(item.id) ?? 0) + 1);

  async function exchange() {
    if (busy || taken.length === 0 || tooMuch) return;
    setBusy(true);
    setError(null);
    // One key per attempt of this choice: a retry after a lost answer is not a second exchange.
    idempotencyKey.current ??= crypto.randomUUID();
    try {
      const done = await trpc.exchanges.create.mutate(
        { inventoryItemIds: given.map((item) => item.id), targetItemIds: taken.map((item) => item.id) },
        withIdempotencyKey(idempotencyKey.current),
      );
      setResult(done);
      onExchanged(done);
    } catch (caught) {
      setError(caught);
      idempotencyKey.current = null;
    } finally {
      setBusy(false);
    }
  }

  function change(next: UpgradeTarget[]) {
    setTaken(next);
    idempotencyKey.current = null;
  }

  return (
    <dialog
      ref={dialogRef}
      className="fairness-dialog exchange-dialog"
      aria-labelledby="exchange-title"
      data-testid="exchange-dialog"
      onClose={onClose}
      onKeyDown={keepFocusInside}
    >
      {open && (
        <div className="stack">
          <h2 id="exchange-title">
            Exchange {given.length} {given.length === 1 ? "item" : "items"}
          </h2>
          {result ? (
            <div className="stack" data-testid="exchange-result">
              <p className="alert success" role="status">
                Exchanged {result.given.length} {result.given.length === 1 ? "item" : "items"} worth{" "}
                {displayMoney(result.exchange.givenValue)} for {result.received.length} {result.received.length === 1 ? "item" : "items"}{" "}
                worth {displayMoney(result.exchange.receivedValue)}
                {moneyToCents(result.exchange.cash) > 0n
                  ? `; ${displayMoney(result.exchange.cash)} went to your wallet (balance ${displayMoney(result.balanceAfter)}).`
                  : "."}
              </p>
              <div className="row">
                <button type="button" className="button small" onClick={onClose} autoFocus>
                  Done
                </button>
              </div>
            </div>
          ) : (
            <>
              <dl className="facts fact-cards" data-testid="exchange-figures">
                <div>
                  <dt>You give</dt>
                  <dd>
                    <Money amount={centsToMoney(givenCents)} />
                  </dd>
                </div>
                <div>
                  <dt>After the {feeBps / 100} % fee</dt>
                  <dd>
                    <Money amount={centsToMoney(allowanceCents)} />
                  </dd>
                </div>
                <div>
                  <dt>You take</dt>
                  <dd data-testid="exchange-taken">
                    <Money amount={centsToMoney(takenCents)} />
                  </dd>
                </div>
                <div>
                  <dt>To your wallet</dt>
                  <dd data-testid="exchange-cash">{tooMuch ? "—" : <Money amount={centsToMoney(cashCents)} />}</dd>
                </div>
              </dl>
              {tooMuch && (
                <p className="alert warn" role="alert">
                  The items taken are worth {displayMoney(centsToMoney(-cashCents))} more than the items given fetch; remove one.
                </p>
              )}
              {taken.length > 0 && (
                <ul className="exchange-picked" aria-label="Items you take">
                  {taken.map((item, index) => (
                    <li key={`${item.id}-${index}`}>
                      <span>
                        {item.name} · <Money amount={item.value} />
                      </span>
                      <button
                        type="button"
                        className="button ghost small"
                        disabled={busy}
                        onClick={() => change(taken.filter((_, at) => at !== index))}
                      >
                        Remove<span className="visually-hidden"> {item.name}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              <h3>Items you can take</h3>
              <p className="small-text muted">Shippable items of the packs on sale, cheapest first.</p>
              <TargetPicker
                shipsOnly
                disabled={busy || taken.length >= MAX_EXCHANGE_ITEMS}
                picked={picked}
                initialMinValue={undefined}
                actionLabel={(item) => `Add${picked.get(item.id) ? ` (${picked.get(item.id)})` : ""}`}
                onPick={(item) => change([...taken, item])}
              />
              <UpgradeError error={error} testId="exchange-error" />
              <div className="row">
                <button
                  type="button"
                  className="button small"
                  disabled={busy || taken.length === 0 || tooMuch}
                  onClick={() => void exchange()}
                  data-testid="exchange-confirm"
                >
                  {busy && <span className="spinner" aria-hidden="true" />}
                  {taken.length === 0 ? "Exchange" : `Exchange for ${taken.length} ${taken.length === 1 ? "item" : "items"}`}
                </button>
                <button type="button" className="button ghost small" onClick={onClose}>
                  Cancel
                </button>
              </div>
            </>
          )}
        </div>
      )}
    </dialog>
  );
}
