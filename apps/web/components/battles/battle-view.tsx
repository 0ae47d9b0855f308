"use client";
import Link from "next/link";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { BATTLE_LAYOUTS } from "@prizepacks/fairness";
import { battleCalls } from "../../lib/battle-calls";
import { bringIntoView } from "../../lib/bring-into-view";
import { holdDrops } from "../../lib/drop-feed";
import { errorCode } from "../../lib/error-message";
import { askBeforeWager } from "../../lib/licence-prompts";
import { queryKeys, trpc } from "../../lib/trpc";
import {
  battleProof,
  LAYOUT_LABELS,
  parseBattleSpec,
  seatLabel,
  STATUS_LABELS,
  WIN_RULE_LABELS,
  type BattlePacksById,
  type PublicBeaconChain,
  type BattleView as Battle,
  viewerCreated,
} from "../../lib/battle-shapes";
import { BattleError } from "./battle-error";
import { BattlePackStrip } from "./battle-pack-strip";
import { BattleProofPanel } from "./battle-proof-panel";
import { BattleRounds } from "./battle-rounds";
import { ClientSeedField, isBadClientSeed } from "../fairness/client-seed-field";
import { Money } from "../ui/money";

/** How often an open battle is asked again: seats fill in seconds. */
const OPEN_REFRESH_MS = 3_000;
/** Once its beacon round is due: the settler looks every second. */
const DUE_REFRESH_MS = 400;
/** The longest wait for a round, should this browser's clock run behind the server's. */
const MAX_WAIT_MS = 3_000;
/** A round this late (the beacon stalled or slow): asking often gains nothing, so back to every MAX_WAIT_MS. */
const LATE_AFTER_MS = 5_000;

/** When a locked battle's beacon round is published: drand's clock, genesis + (round − 1) × period (core's roundTimeMs). */
function beaconRoundDueMs(battle: Battle): number | null {
  const { beacon } = parseBattleSpec(battle);
  return battle.beacon.round == null ? null : (beacon.genesisTime + (battle.beacon.round - 1) * beacon.period) * 1000;
}

/**
 * When to ask for the battle again: an open one every few seconds; a locked one just after its
 * beacon round is due and then often, so its rounds start within a moment of the settlement
 * rather than up to a poll interval later (every few seconds again once it is long overdue); a
 * settled or cancelled one never.
 */
function refreshMs(battle: Battle | undefined): number | false {
  if (!battle || battle.status === "open") return OPEN_REFRESH_MS;
  if (battle.status !== "locked") return false;
  const dueMs = beaconRoundDueMs(battle);
  const waitMs = dueMs === null ? MAX_WAIT_MS : dueMs - Date.now();
  if (waitMs > 0) return Math.min(waitMs + DUE_REFRESH_MS, MAX_WAIT_MS);
  return -waitMs < LATE_AFTER_MS ? DUE_REFRESH_MS : MAX_WAIT_MS;
}

/** The battle page: seats filling, the actions open to the viewer, then the rounds, the result and the proof. */
export function BattleView({
  id,
  packs,
  signedIn,
  beacon,
}: {
  id: string;
  packs: BattlePacksById;
  signedIn: boolean;
  beacon: PublicBeaconChain;
}) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.battles.get({ id }),
    queryFn: () => battleCalls.get(id),
    refetchInterval: (current) => refreshMs(current.state.data),
    enabled: signedIn,
  });
  const battle = query.data;
  const spec = battle ? parseBattleSpec(battle) : null;
  const odds = useQuery({
    queryKey: [...queryKeys.battles.roundOdds(), battle?.specHash],
    queryFn: () => trpc.battles.roundOdds.query({ rounds: spec!.rounds.map(({ packId, oddsHash }) => ({ packId, oddsHash })) }),
    enabled: spec !== null,
    staleTime: Infinity,
  });
  // Full and waiting for its beacon round, then settled and spinning its rounds: its drops reach
  // the feed when it settles, and the feed would show every round before the first reel lands.
  const [revealEnded, setRevealEnded] = useState(false);
  const holding = battle?.status === "locked" || (battle?.status === "settled" && !revealEnded && !odds.error);
  useEffect(() => (holding ? holdDrops() : undefined), [holding]);
  const endReveal = useCallback(() => setRevealEnded(true), []);

  if (!signedIn)
    return (
      <p className="empty">
        <Link className="button" href={`/sign-in?next=${encodeURIComponent(`/battles/${id}`)}`}>
          Sign in to see this battle
        </Link>
      </p>
    );
  if (query.error) {
    return errorCode(query.error) === "NOT_FOUND" ? (
      <p className="empty">
        There is no such battle. <Link href="/battles">Back to the lobby</Link>
      </p>
    ) : (
      <BattleError error={query.error} back={`/battles/${id}`} />
    );
  }
  if (!battle || !spec) return <p className="muted">Loading the battle…</p>;

  const refresh = (next: Battle) => {
    queryClient.setQueryData(queryKeys.battles.get({ id }), next);
    void queryClient.invalidateQueries({ queryKey: queryKeys.battles() });
  };

  return (
    <div className="stack battle-page" data-testid="battle-page" data-status={battle.status}>
      <header className="page-header">
        <div>
          <h1>
            {LAYOUT_LABELS[battle.layout]} battle · {spec.rounds.length} {spec.rounds.length === 1 ? "round" : "rounds"}
          </h1>
          <p className="muted">
            {WIN_RULE_LABELS[battle.winRule]}
            {battle.terminal ? " · only the last round counts" : ""} · entry <Money amount={battle.entry} />
          </p>
        </div>
        <span className={`battle-status battle-status-${battle.status}`} data-testid="battle-status">
          {STATUS_LABELS[battle.status]}
        </span>
      </header>
      {battle.status === "locked" && <BattleWaiting battle={battle} />}
      {battle.status === "settled" &&
        (odds.data ? (
          <BattleRounds battle={battle} odds={odds.data} onRevealEnd={endReveal} />
        ) : (
          <p className="muted">Loading the packs&apos; items…</p>
        ))}
      <BattlePackStrip packIds={spec.rounds.map((round) => round.packId)} packs={packs} />

      <BattleSeats battle={battle} onChange={refresh} />

      {battle.status === "cancelled" && <p className="alert warn">This battle was cancelled before it filled; every entry was refunded.</p>}
      <BattleProofPanel battle={battle} proof={battleProof(battle)} odds={odds.data ?? []} beacon={beacon} />
    </div>
  );
}

/**
 * A full battle waiting for its beacon round: the round is the one due two periods after the lock
 * (core's lockIfFull), so nobody, the last player to join included, could know its randomness
 * when the seats were fixed. drand quicknet (and the local beacon) publishes a round every 3 s: the rounds start 3 to 6 s after
 * the lock, and this says so rather than showing nothing.
 */
function BattleWaiting({ battle }: { battle: Battle }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const dueMs = beaconRoundDueMs(battle);
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    const tick = window.setInterval(() => setNowMs(Date.now()), 1_000);
    return () => window.clearInterval(tick);
  }, []);
  useEffect(() => bringIntoView(ref.current), []);
  const seconds = dueMs === null ? null : Math.ceil((dueMs - nowMs) / 1_000);
  return (
    <p ref={ref} className="alert info battle-waiting" data-testid="battle-waiting">
      <span role="status">
        Every seat is taken. Waiting for beacon round <span className="num">{battle.beacon.round ?? "…"}</span>, which did not exist when
        the battle locked; the rounds are drawn from it as soon as it is published.
      </span>{" "}
      <span className="num" aria-hidden="true" data-testid="battle-waiting-due">
        {seconds === null ? "" : seconds > 0 ? `Due in ${seconds} s.` : "Due now."}
      </span>
    </p>
  );
}

/** The seats by team: who sits where, with Join on a free seat, and the creator's or member's actions. */
function BattleSeats({ battle, onChange }: { battle: Battle; onChange: (battle: Battle) => void }) {
  const id = useId();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [clientSeed, setClientSeed] = useState("");
  const teams = BATTLE_LAYOUTS[battle.layout] as ReadonlyArray<readonly number[]>;
  const bySeat = new Map(battle.seats.map((seat) => [seat.seat, seat]));
  const seated = battle.seats.some((seat) => seat.you);
  const creator = viewerCreated(battle);
  const open = battle.status === "open";
  const seedProblem = isBadClientSeed(clientSeed);
  const back = `/battles/${battle.id}`;

  const act = async (name: string, call: () => Promise<Battle>) => {
    setPending(name);
    setError(null);
    try {
      onChange(await call());
    } catch (failure) {
      setError(failure);
    } finally {
      setPending(null);
    }
  };
  const join = async (seat: number) => {
    if (!(await askBeforeWager())) return;
    await act(`join-${seat}`, () => battleCalls.join(battle.id, { seat, ...(clientSeed ? { clientSeed } : {}) }));
  };

  return (
    <section className="stack" aria-labelledby={`${id}-seats`}>
      <h2 id={`${id}-seats`}>
        Seats{" "}
        <span className="muted num small-text" data-testid="battle-seat-count">
          ({battle.seats.length} of {teams.flat().length} taken)
        </span>
      </h2>
      <div className="battle-teams">
        {teams.map((members, team) => (
          <div
            key={team}
            className={`battle-team team-${team}${battle.winnerTeam === team ? " is-winner" : ""}`}
            role="group"
            aria-label={`Team ${team + 1}`}
          >
            {members.map((seatNumber) => {
              const seat = bySeat.get(seatNumber);
              return (
                <div key={seatNumber} className={`battle-seat${seat ? " is-taken" : ""}`} data-testid="battle-seat" data-seat={seatNumber}>
                  <span className="battle-seat-name">{seat ? seatLabel(seat, seatNumber) : `Seat ${seatNumber + 1}`}</span>
                  {seat ? (
                    <span className="muted small-text mono break">seed {seat.clientSeed}</span>
                  ) : open && !seated ? (
                    <button
                      type="button"
                      className="button small"
                      onClick={() => void join(seatNumber)}
                      disabled={pending !== null || seedProblem}
                    >
                      {pending === `join-${seatNumber}` ? "Joining…" : `Join seat ${seatNumber + 1}`}
                    </button>
                  ) : (
                    <span className="muted small-text">{open ? "Empty" : "—"}</span>
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {open && !seated && (
        <ClientSeedField value={clientSeed} onChange={setClientSeed} className="battle-join-seed">
          You pay the entry when you take a seat.
        </ClientSeedField>
      )}
      {open && seated && (
        <div className="row battle-actions">
          {creator && (
            <button
              type="button"
              className="button"
              onClick={() => void act("bots", () => battleCalls.fillWithBots(battle.id))}
              disabled={pending !== null}
              data-testid="battle-fill-bots"
            >
              {pending === "bots" ? "Filling…" : "Fill with bots"}
            </button>
          )}
          <button
            type="button"
            className="button ghost"
            onClick={() => void act("leave", () => battleCalls.leave(battle.id))}
            disabled={pending !== null}
          >
            {creator ? (pending === "leave" ? "Cancelling…" : "Cancel battle") : pending === "leave" ? "Leaving…" : "Leave"}
          </button>
          <span className="small-text muted">{creator ? "Cancelling refunds every seat." : "Leaving refunds your entry."}</span>
        </div>
      )}
      <BattleError error={error} back={back} />
    </section>
  );
}
