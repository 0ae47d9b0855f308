"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { seatCount } from "@prizepacks/fairness";
import { battleCalls } from "../../lib/battle-calls";
import { askBeforeWager } from "../../lib/licence-prompts";
import { LAYOUT_LABELS, parseBattleSpec, seatLabel, WIN_RULE_LABELS, type BattlePacksById, type BattleView } from "../../lib/battle-shapes";
import { BattlePackStrip } from "./battle-pack-strip";
import { BattleError } from "./battle-error";
import { Money } from "../ui/money";

/** One battle of the lobby: its packs, rules, seats and entry; Join for an open one, the winner for a settled one. */
export function BattleCard({ battle, packs, signedIn }: { battle: BattleView; packs: BattlePacksById; signedIn: boolean }) {
  const router = useRouter();
  const [joining, setJoining] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const spec = parseBattleSpec(battle);
  const seats = seatCount(battle.layout);
  const seated = battle.seats.some((seat) => seat.you);
  const titleId = `battle-${battle.id}-title`;

  const join = async () => {
    if (!(await askBeforeWager())) return;
    setJoining(true);
    setError(null);
    try {
      await battleCalls.join(battle.id, {});
      router.push(`/battles/${battle.id}`);
    } catch (failure) {
      setError(failure);
      setJoining(false);
    }
  };

  const winners =
    battle.status === "settled" && battle.winnerTeam != null ? battle.seats.filter((seat) => seat.team === battle.winnerTeam) : [];
  const winnerTotal = battle.winnerTeam != null ? battle.totals?.[battle.winnerTeam] : undefined;
  return (
    <article className="card battle-card stack" aria-labelledby={titleId} data-testid="battle-card" data-battle-id={battle.id}>
      <div className="battle-card-head">
        <h3 id={titleId} className="battle-card-title">
          <Link href={`/battles/${battle.id}`}>
            {LAYOUT_LABELS[battle.layout]} · {spec.rounds.length} {spec.rounds.length === 1 ? "round" : "rounds"}
          </Link>
        </h3>
        <span className="battle-entry">
          <span className="muted small-text">Entry </span>
          <Money amount={battle.entry} />
        </span>
      </div>
      <BattlePackStrip packIds={spec.rounds.map((round) => round.packId)} packs={packs} />
      <p className="battle-card-rules small-text muted">
        {WIN_RULE_LABELS[battle.winRule]}
        {battle.terminal ? " · last round only" : ""}
      </p>
      {battle.status === "settled" ? (
        <p className="battle-card-winner small-text" data-testid="battle-winner">
          Won by {winners.map((seat) => seatLabel(seat, seat.seat)).join(" & ") || `team ${(battle.winnerTeam ?? 0) + 1}`}
          {winnerTotal ? (
            <>
              {" "}
              with <Money amount={winnerTotal} />
            </>
          ) : null}
        </p>
      ) : (
        <div className="battle-card-foot">
          <span className="small-text" data-testid="battle-seats">
            <span className="num">{battle.seats.length}</span> of <span className="num">{seats}</span> seats taken
          </span>
          {battle.status === "open" &&
            (seated ? (
              <Link className="button small ghost" href={`/battles/${battle.id}`}>
                Your battle
              </Link>
            ) : signedIn ? (
              <button type="button" className="button small" onClick={() => void join()} disabled={joining} aria-describedby={titleId}>
                {joining ? "Joining…" : "Join"}
              </button>
            ) : (
              <Link
                className="button small"
                href={`/sign-in?next=${encodeURIComponent(`/battles/${battle.id}`)}`}
                aria-describedby={titleId}
              >
                Join
              </Link>
            ))}
        </div>
      )}
      <BattleError error={error} back="/battles" />
    </article>
  );
}
