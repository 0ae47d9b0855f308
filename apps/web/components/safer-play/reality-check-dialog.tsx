"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useEffect, useRef, useState } from "react";
import { displayMoney, moneyToCents } from "@prizepacks/core/contract";
import { readPlaySession, setRealityCheckDue, writePlaySession, type PlaySession } from "../../lib/reality-check";
import { playedTime, SAFER_PLAY_PATH } from "../../lib/safer-play";
import { queryKeys, trpc } from "../../lib/trpc";
import { keepFocusInside } from "../ui/confirm-dialog";
import { LocalTime } from "../ui/local-time";

/**
 * The reality check: every interval the player chose (15, 30 or 60 minutes) of this tab's
 * session, a modal dialog with the time played and the session's net result over every game
 * (openings and battles). Play (the Open
 * buttons, through setRealityCheckDue) waits until it is acknowledged.
 */
export function RealityCheck({ accountId }: { accountId: string }) {
  // Nothing rendered depends on it before the dialog opens, so the server's null does not clash.
  const [session, setSession] = useState<PlaySession | null>(() => (typeof window === "undefined" ? null : readPlaySession(accountId)));
  const [shownAt, setShownAt] = useState<number | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const continueRef = useRef<HTMLButtonElement>(null);
  // The first call starts the session by the server's clock; later ones count from it.
  const input = session ? { since: session.since } : {};
  const check = useQuery({
    queryKey: [...queryKeys.me.realityCheck.get(input), accountId],
    queryFn: () => trpc.me.realityCheck.get.query(input),
    staleTime: Infinity,
  });

  // A tab without a session starts one with the first answer.
  useEffect(() => {
    if (session || !check.data) return;
    const started = { since: check.data.since, startedAt: Date.now(), acknowledged: 0 };
    writePlaySession(accountId, started);
    setSession(started);
  }, [accountId, session, check.data]);

  const minutes = check.data?.minutes;
  const { refetch } = check;
  // The next check falls due a whole interval after the last one acknowledged.
  useEffect(() => {
    if (!session || !minutes || shownAt !== null) return;
    const dueAt = session.startedAt + (session.acknowledged + 1) * minutes * 60_000;
    const timer = setTimeout(
      () => {
        setRealityCheckDue(true);
        void refetch().then(() => setShownAt(Date.now()));
      },
      Math.max(0, dueAt - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [session, minutes, shownAt, refetch]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (shownAt === null || !dialog || dialog.open) return;
    dialog.showModal();
    // React's autoFocus ran while the dialog was closed; showModal would pick the first link.
    continueRef.current?.focus();
  }, [shownAt]);

  const acknowledge = useCallback(() => {
    if (!session || !minutes) return;
    // Intervals that passed while the tab was closed are not owed twice.
    const next = { ...session, acknowledged: Math.floor((Date.now() - session.startedAt) / (minutes * 60_000)) };
    writePlaySession(accountId, next);
    setSession(next);
    setShownAt(null);
    setRealityCheckDue(false);
    if (dialogRef.current?.open) dialogRef.current.close();
  }, [accountId, session, minutes]);

  const result = check.data;
  const net = result ? moneyToCents(result.net) : 0n;
  return (
    <dialog
      ref={dialogRef}
      className="reality-check"
      aria-labelledby="reality-check-title"
      aria-describedby="reality-check-summary"
      data-testid="reality-check"
      // Esc closes it like Continue: an acknowledgement as deliberate as the button.
      onClose={acknowledge}
      onKeyDown={keepFocusInside}
    >
      {shownAt !== null && session && result && (
        <div className="stack">
          <h2 id="reality-check-title">Reality check</h2>
          <div id="reality-check-summary" className="stack">
            <p>
              You have played for <strong data-testid="reality-check-time">{playedTime(shownAt - session.startedAt)}</strong> in this
              session (since <LocalTime iso={session.since} />
              ).
            </p>
            <dl className="facts safer-figures">
              <div>
                <dt>Openings</dt>
                <dd className="num">{result.openings}</dd>
              </div>
              <div>
                <dt>Battles</dt>
                <dd className="num" data-testid="reality-check-battles">
                  {result.battles}
                </dd>
              </div>
              <div>
                <dt>Paid</dt>
                <dd className="money">{displayMoney(result.paid)}</dd>
              </div>
              <div>
                <dt>Won</dt>
                <dd className="money" data-testid="reality-check-won">
                  {displayMoney(result.won)}
                </dd>
              </div>
              <div>
                <dt>Net result</dt>
                <dd className={`money ${net < 0n ? "negative" : net > 0n ? "positive" : ""}`} data-testid="reality-check-net">
                  {net > 0n ? "+" : ""}
                  {displayMoney(result.net)}
                </dd>
              </div>
            </dl>
          </div>
          <p className="small-text muted">Opening packs is paused until you continue.</p>
          <p className="row small-text">
            <Link href="/history" onClick={acknowledge}>
              Your history
            </Link>
            <Link href={SAFER_PLAY_PATH} onClick={acknowledge}>
              Safer play
            </Link>
          </p>
          <button ref={continueRef} type="button" className="button" onClick={acknowledge}>
            Continue playing
          </button>
        </div>
      )}
    </dialog>
  );
}
