"use client";
import Link from "next/link";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useId, useState } from "react";
import { BATTLE_LAYOUTS } from "@prizepacks/fairness";
import { battleCalls } from "../../lib/battle-calls";
import { holdDrops } from "../../lib/drop-feed";
import { errorCode } from "../../lib/error-message";
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

/** How often an unsettled battle is asked again: seats fill in seconds, the beacon round comes ~6–9 s after lock. */
const REFRESH_MS: Record<Battle["status"], number | false> = { open: 3_000, locked: 1_500, settled: false, cancelled: false };

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
    refetchInterval: (current) => (current.state.data ? REFRESH_MS[current.state.data.status] : 3_000),
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
      <BattlePackStrip packIds={spec.rounds.map((round) => round.packId)} packs={packs} />

      <BattleSeats battle={battle} onChange={refresh} />

      {battle.status === "locked" && (
        <p className="alert info" role="status" data-testid="battle-waiting">
          Every seat is taken. Waiting for beacon round <span className="num">{battle.beacon.round ?? "…"}</span>, which did not exist when
          the battle locked; the rounds are drawn from it as soon as it is published.
        </p>
      )}
      {battle.status === "cancelled" && <p className="alert warn">This battle was cancelled before it filled; every entry was refunded.</p>}
      {battle.status === "settled" &&
        (odds.data ? (
          <BattleRounds battle={battle} odds={odds.data} onRevealEnd={endReveal} />
        ) : (
          <p className="muted">Loading the packs&apos; items…</p>
        ))}
      <BattleProofPanel battle={battle} proof={battleProof(battle)} odds={odds.data ?? []} beacon={beacon} />
    </div>
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
  const join = (seat: number) => act(`join-${seat}`, () => battleCalls.join(battle.id, { seat, ...(clientSeed ? { clientSeed } : {}) }));

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
