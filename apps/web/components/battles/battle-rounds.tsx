"use client";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { RoundOdds } from "@prizepacks/core";
import { centsToMoney, moneyToCents } from "@prizepacks/core/contract";
import { BATTLE_LAYOUTS, type BattleDraw } from "@prizepacks/fairness";
import { itemCount, seatDoes, seatLabel, winnerWords, type BattleSeatView, type BattleView } from "../../lib/battle-shapes";
import { bringIntoView } from "../../lib/bring-into-view";
import { BATTLE_REEL_SPIN_MS } from "../../lib/reel-motion";
import { buildReelStrip, REEL_WIN_INDEX, type ReelItem } from "../../lib/reel-strip";
import { Money } from "../ui/money";
import { PackReel } from "../packs/pack-reel";

/** The pause after a round's reels land: the landed items stay in their columns, so a short one reads. */
const BETWEEN_ROUNDS_MS = 600;
/**
 * A round from its reels' start to the next round's, at most 4 s: 3.4 s leaves room for the
 * renders between rounds (3.7 s configured measured 3.7 to 4.2 s on a busy two-core machine).
 */
const BATTLE_ROUND_MS = BATTLE_REEL_SPIN_MS + BETWEEN_ROUNDS_MS;

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function reelItems(odds: RoundOdds | null): ReelItem[] {
  return (odds?.items ?? []).map((item) => ({
    id: item.itemId,
    name: item.name,
    rarity: item.rarity,
    value: item.value,
    image: item.image,
    chance: (item.ticketTo - item.ticketFrom + 1) / 1000,
  }));
}

function wonItem(items: ReelItem[], draw: Pick<BattleDraw, "itemId" | "value">): ReelItem {
  return (
    items.find((item) => item.id === draw.itemId) ?? {
      id: draw.itemId,
      name: "Item",
      rarity: "COMMON",
      value: draw.value,
      image: "",
      chance: 0,
    }
  );
}

/** How many sides sit side by side on a phone: a team a row (its seats across it), four single seats two by two. */
function phoneColumns(sides: number, teamSize: number): number {
  if (teamSize > 1) return 1;
  return sides === 4 ? 2 : sides;
}

/**
 * A settled battle's rounds on one stage: a fixed column per seat (grouped by team), each with
 * its seat's running total, the current round's reel at the top and the rounds already landed
 * under it. A round's reels spin together; the next round starts once they have all landed and
 * the round has been read. The stage is brought into view as each round starts and the winner's
 * banner when the last lands. With reduced motion (or Skip), everything is shown at once.
 */
export function BattleRounds({
  battle,
  odds,
  onRevealEnd,
}: {
  battle: BattleView;
  odds: Array<RoundOdds | null>;
  /** Once every round has landed (or been shown at once). */
  onRevealEnd?: () => void;
}) {
  const rounds = battle.rounds;
  const [instant] = useState(prefersReducedMotion);
  const [revealed, setRevealed] = useState(instant ? rounds.length : 0);
  const [landedSeats, setLandedSeats] = useState<Set<number>>(new Set());
  const stageRef = useRef<HTMLElement>(null);
  const spinning = revealed < rounds.length ? rounds[revealed] : undefined;
  const done = spinning === undefined;
  useEffect(() => {
    if (done) onRevealEnd?.();
  }, [done, onRevealEnd]);

  const strips = useMemo(
    () =>
      spinning
        ? new Map(
            spinning.draws.map((draw) => {
              const items = reelItems(odds[spinning.round - 1] ?? null);
              return [draw.seat, buildReelStrip(items, wonItem(items, draw))] as const;
            }),
          )
        : undefined,
    [spinning, odds],
  );

  const seatCount = battle.seats.length;
  useEffect(() => {
    if (!spinning || landedSeats.size < seatCount) return;
    const next = window.setTimeout(() => {
      setLandedSeats(new Set());
      setRevealed((count) => count + 1);
    }, BETWEEN_ROUNDS_MS);
    return () => window.clearTimeout(next);
  }, [spinning, landedSeats, seatCount]);

  // Space or Esc skips to the result, as it lands the reels on the pack page.
  useEffect(() => {
    if (done) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || (event.key !== " " && event.key !== "Escape")) return;
      // A key meant for a control, or for an open dialog (Esc closes it), is not a skip.
      if (
        event.target instanceof HTMLElement &&
        event.target.closest("input, textarea, select, button, a, summary, [contenteditable], dialog")
      )
        return;
      if (document.querySelector("dialog[open]")) return;
      event.preventDefault();
      setRevealed(rounds.length);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [done, rounds.length]);

  // Each round's reels, then the banner (at once with reduced motion), where the player can see them.
  useEffect(() => bringIntoView(stageRef.current), [revealed]);

  const teams = BATTLE_LAYOUTS[battle.layout] as ReadonlyArray<readonly number[]>;
  const teamSize = teams[0]?.length ?? 1;
  const bySeat = new Map(battle.seats.map((seat) => [seat.seat, seat]));
  /** Each seat's draws shown so far: the rounds revealed, and the spinning round's once its reel has landed. */
  const shownDraws = (seat: number) =>
    rounds
      .filter((round) => round.round <= revealed || (round === spinning && landedSeats.has(seat)))
      .map((round) => ({ round: round.round, draw: round.draws.find((draw) => draw.seat === seat) }))
      .filter((shown): shown is { round: number; draw: BattleDraw } => shown.draw !== undefined);
  const lastRound = rounds.at(-1)?.round;
  const seatTotalCents = (seat: number) =>
    shownDraws(seat)
      .filter(({ round }) => !battle.terminal || round === lastRound)
      .reduce((sum, { draw }) => sum + moneyToCents(draw.value), 0n);
  const isWinningTeam = (team: number) => done && battle.winnerTeam === team;

  return (
    <section
      ref={stageRef}
      className="stack battle-stage"
      aria-labelledby="battle-rounds-title"
      data-testid="battle-rounds"
      data-revealed={done ? "all" : revealed}
      data-round-ms={BATTLE_ROUND_MS}
    >
      <div className="battle-stage-head">
        <h2 id="battle-rounds-title">{done ? "Result" : `Round ${revealed + 1} of ${rounds.length}`}</h2>
        {!done && (
          <button type="button" className="button ghost small" onClick={() => setRevealed(rounds.length)} data-testid="battle-skip">
            Skip to the result
          </button>
        )}
      </div>
      <p className="visually-hidden" role="status">
        {done ? `${winnerWords(battle)}.` : `Round ${revealed + 1} of ${rounds.length} is spinning.`}
      </p>
      {done && <BattleResult battle={battle} odds={odds} />}
      <div
        className="battle-sides"
        style={{
          ["--battle-sides" as string]: teams.length,
          ["--battle-team-size" as string]: teamSize,
          ["--battle-phone-columns" as string]: phoneColumns(teams.length, teamSize),
        }}
      >
        {teams.map((members, team) => (
          <section
            key={team}
            className={`battle-side team-${team}${isWinningTeam(team) ? " is-winner" : ""}`}
            aria-label={teamSize > 1 ? `Team ${team + 1}` : seatLabel(bySeat.get(members[0]!), members[0]!)}
          >
            {teamSize > 1 && (
              <p className="battle-side-head small-text">
                Team {team + 1}{" "}
                <Money amount={centsToMoney(members.reduce((sum, seat) => sum + seatTotalCents(seat), 0n))} className="num" />
              </p>
            )}
            <ol className="battle-columns">
              {members.map((seatNumber) => (
                <BattleColumn
                  key={seatNumber}
                  seat={bySeat.get(seatNumber)}
                  seatNumber={seatNumber}
                  total={centsToMoney(seatTotalCents(seatNumber))}
                  shown={shownDraws(seatNumber)}
                  odds={odds}
                  reel={
                    spinning && strips?.get(seatNumber) ? (
                      <PackReel
                        key={spinning.round}
                        strip={strips.get(seatNumber)!}
                        winIndex={REEL_WIN_INDEX}
                        landed={landedSeats.has(seatNumber)}
                        skip={false}
                        compact
                        moment={false}
                        durationMs={BATTLE_REEL_SPIN_MS}
                        onLanded={() => setLandedSeats((current) => new Set(current).add(seatNumber))}
                      />
                    ) : null
                  }
                  spinningRound={spinning?.round}
                />
              ))}
            </ol>
          </section>
        ))}
      </div>
      {battle.terminal && <p className="small-text muted">Terminal battle: only the last round counts towards the totals.</p>}
    </section>
  );
}

/** One seat's column: name and running total, the spinning reel, then what it has won so far. */
function BattleColumn({
  seat,
  seatNumber,
  total,
  shown,
  odds,
  reel,
  spinningRound,
}: {
  seat: BattleSeatView | undefined;
  seatNumber: number;
  total: string;
  shown: Array<{ round: number; draw: BattleDraw }>;
  odds: Array<RoundOdds | null>;
  reel: ReactNode;
  spinningRound: number | undefined;
}) {
  // The spinning round's item stays on its reel until the next round starts.
  const past = shown.filter(({ round }) => round !== spinningRound);
  return (
    <li className="battle-column" data-testid="battle-column" data-seat={seatNumber}>
      <div className="battle-column-head">
        <span className="battle-column-name">{seatLabel(seat, seatNumber)}</span>
        <span className="battle-column-total" data-testid="battle-seat-total">
          <Money amount={total} className="num" />
        </span>
      </div>
      {reel && <div className="battle-column-reel">{reel}</div>}
      {past.length > 0 && (
        <ol className="battle-column-draws" aria-label={`${seatLabel(seat, seatNumber)}'s items`}>
          {past.map(({ round, draw }) => {
            const item = wonItem(reelItems(odds[round - 1] ?? null), draw);
            return (
              <li
                key={round}
                className={`battle-draw rarity-border-${item.rarity}`}
                data-testid="battle-draw"
                data-round={round}
                data-value={draw.value}
                title={`Round ${round}: ${item.name}`}
              >
                {item.image && <img src={item.image} alt="" width={40} height={40} />}
                <span className="battle-draw-name">{item.name}</span>
                <Money amount={draw.value} className="small-text" />
              </li>
            );
          })}
        </ol>
      )}
    </li>
  );
}

/** The banner once the last round has landed: who won, with how much, and what each winning seat takes (the team split). */
function BattleResult({ battle, odds }: { battle: BattleView; odds: Array<RoundOdds | null> }) {
  const winners = battle.seats.filter((seat) => seat.team === battle.winnerTeam);
  const teamTotal = battle.winnerTeam != null ? battle.totals?.[battle.winnerTeam] : undefined;
  const teamSize = BATTLE_LAYOUTS[battle.layout][0]?.length ?? 1;
  return (
    <div className="card stack battle-result" data-testid="battle-result">
      <p className="battle-winner" data-testid="battle-winner">
        <strong>{winnerWords(battle)}</strong>
        {teamTotal && (
          <>
            {" "}
            with <Money amount={teamTotal} />
          </>
        )}
        {teamSize > 1 && <span className="muted"> ({winners.map((seat) => seatLabel(seat, seat.seat)).join(" & ")})</span>}
        {winners.every((seat) => seat.bot) && <span className="muted small-text"> (a house bot team: its items go to the house)</span>}
      </p>
      <ul className="battle-payouts">
        {(battle.payouts ?? []).map((payout) => {
          const seat = battle.seats.find((candidate) => candidate.seat === payout.seat);
          return (
            <li key={payout.seat} data-testid="battle-payout">
              <p>
                <strong>{seatDoes(seat, payout.seat, "take")}</strong> <Money amount={payout.value} /> in {itemCount(payout.items.length)}
              </p>
              <ul className="battle-takes">
                {payout.items.map((won) => {
                  const item = wonItem(reelItems(odds[won.round - 1] ?? null), won);
                  const from = seatLabel(
                    battle.seats.find((candidate) => candidate.seat === won.seat),
                    won.seat,
                  );
                  return (
                    <li key={`${won.round}-${won.seat}`} className={`battle-take rarity-border-${item.rarity}`}>
                      {item.image ? (
                        <img className="battle-take-art" src={item.image} alt="" width={28} height={28} />
                      ) : (
                        <span className="battle-take-art" />
                      )}
                      <span className="battle-take-name">{item.name}</span>
                      <span className="battle-take-from">
                        <Money amount={won.value} /> <span className="muted">round {won.round}</span>
                        <span className="visually-hidden">, won by {from}</span>
                      </span>
                    </li>
                  );
                })}
              </ul>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
