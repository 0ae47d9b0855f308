"use client";
import { useEffect, useMemo, useState } from "react";
import type { RoundOdds } from "@prizepacks/core";
import { centsToMoney, moneyToCents } from "@prizepacks/core/contract";
import { BATTLE_LAYOUTS, type BattleDraw } from "@prizepacks/fairness";
import { seatLabel, type BattleView } from "../../lib/battle-shapes";
import { buildReelStrip, REEL_WIN_INDEX, type ReelItem } from "../../lib/reel-strip";
import { Money } from "../ui/money";
import { PackReel } from "../packs/pack-reel";

/** The pause after a round's reels land, so the round's result can be read before the next spins. */
const BETWEEN_ROUNDS_MS = 900;

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

function wonItem(items: ReelItem[], draw: BattleDraw): ReelItem {
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

/**
 * A settled battle's rounds, revealed one round at a time: one reel per seat, side by side,
 * then the next round; running totals under them, the winning team lit once the last round has
 * landed. With reduced motion (or "Show all"), everything is shown at once without reels.
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
  const spinning = revealed < rounds.length ? rounds[revealed] : undefined;
  const revealing = spinning !== undefined;
  useEffect(() => {
    if (!revealing) onRevealEnd?.();
  }, [revealing, onRevealEnd]);
  const seats = battle.seats.length;
  const teams = BATTLE_LAYOUTS[battle.layout] as ReadonlyArray<readonly number[]>;

  const strips = useMemo(
    () =>
      spinning
        ? spinning.draws.map((draw) => {
            const items = reelItems(odds[spinning.round - 1] ?? null);
            return buildReelStrip(items, wonItem(items, draw));
          })
        : undefined,
    [spinning, odds],
  );

  useEffect(() => {
    if (!spinning || landedSeats.size < seats) return;
    const next = window.setTimeout(() => {
      setLandedSeats(new Set());
      setRevealed((count) => count + 1);
    }, BETWEEN_ROUNDS_MS);
    return () => window.clearTimeout(next);
  }, [spinning, landedSeats, seats]);

  const done = revealed >= rounds.length;
  const countedRounds = battle.terminal ? rounds.slice(-1) : rounds;
  const shownRounds = rounds.slice(0, revealed);
  const seatTotal = (seat: number) =>
    centsToMoney(
      shownRounds
        .filter((round) => countedRounds.includes(round))
        .reduce((sum, round) => sum + moneyToCents(round.draws.find((draw) => draw.seat === seat)?.value ?? "0.00"), 0n),
    );
  const isWinner = (seat: number) => done && battle.winnerTeam != null && teams[battle.winnerTeam]?.includes(seat);

  return (
    <section
      className="stack battle-rounds"
      aria-labelledby="battle-rounds-title"
      data-testid="battle-rounds"
      data-revealed={done ? "all" : revealed}
    >
      <div className="page-header">
        <h2 id="battle-rounds-title">Rounds</h2>
        {!done && (
          <button type="button" className="button ghost small" onClick={() => setRevealed(rounds.length)}>
            Show all results
          </button>
        )}
      </div>
      <p className="visually-hidden" role="status">
        {done ? "Every round is revealed." : `Round ${revealed + 1} of ${rounds.length} is spinning.`}
      </p>
      <div className="battle-table" style={{ ["--battle-seats" as string]: seats }}>
        <div className="battle-row battle-row-head" aria-hidden="true">
          {battle.seats.map((seat) => (
            <div key={seat.seat} className={`battle-cell battle-seat-head team-${seat.team}${isWinner(seat.seat) ? " is-winner" : ""}`}>
              {seatLabel(seat, seat.seat)}
            </div>
          ))}
        </div>
        {rounds.map((round) => {
          const pack = odds[round.round - 1];
          const shown = round.round <= revealed;
          const isSpinning = round === spinning;
          if (!shown && !isSpinning) return null;
          const items = reelItems(pack ?? null);
          return (
            <div key={round.round} className="battle-round" data-testid="battle-round" data-round={round.round}>
              <h3 className="battle-round-title small-text">
                Round {round.round} · {pack?.name ?? "pack"}
              </h3>
              <ul className="battle-row">
                {round.draws.map((draw, index) => {
                  const item = wonItem(items, draw);
                  const seat = battle.seats.find((candidate) => candidate.seat === draw.seat);
                  return (
                    <li
                      key={draw.seat}
                      className={`battle-cell team-${seat?.team ?? 0}`}
                      aria-label={`${seatLabel(seat, draw.seat)}, round ${round.round}`}
                    >
                      {isSpinning && strips?.[index] ? (
                        <PackReel
                          strip={strips[index]}
                          winIndex={REEL_WIN_INDEX}
                          landed={landedSeats.has(draw.seat)}
                          skip={false}
                          compact
                          moment={false}
                          onLanded={() => setLandedSeats((current) => new Set(current).add(draw.seat))}
                        />
                      ) : (
                        <div className={`battle-draw rarity-border-${item.rarity}`} data-testid="battle-draw">
                          {item.image && <img src={item.image} alt="" width={56} height={56} />}
                          <span className="battle-draw-name">{item.name}</span>
                          <Money amount={draw.value} className="small-text" />
                          <span className="muted small-text num">ticket {draw.ticket}</span>
                        </div>
                      )}
                    </li>
                  );
                })}
              </ul>
            </div>
          );
        })}
        <div className="battle-row battle-row-totals" data-testid="battle-totals">
          {battle.seats.map((seat) => (
            <div key={seat.seat} className={`battle-cell team-${seat.team}${isWinner(seat.seat) ? " is-winner" : ""}`}>
              <span className="muted small-text">{seatLabel(seat, seat.seat)} total</span>
              <Money amount={seatTotal(seat.seat)} />
            </div>
          ))}
        </div>
      </div>
      {battle.terminal && <p className="small-text muted">Terminal battle: only the last round counts towards the totals.</p>}
      {done && <BattleResult battle={battle} odds={odds} />}
    </section>
  );
}

/** The winner and what each winning seat takes home (the team split). */
function BattleResult({ battle, odds }: { battle: BattleView; odds: Array<RoundOdds | null> }) {
  const winners = battle.seats.filter((seat) => seat.team === battle.winnerTeam);
  const itemName = (round: number, itemId: string) => odds[round - 1]?.items.find((item) => item.itemId === itemId)?.name ?? "Item";
  const teamTotal = battle.winnerTeam != null ? battle.totals?.[battle.winnerTeam] : undefined;
  return (
    <div className="card stack battle-result" data-testid="battle-result">
      <p className="battle-winner" data-testid="battle-winner">
        <strong>{winners.map((seat) => seatLabel(seat, seat.seat)).join(" & ")}</strong>{" "}
        {winners.length === 1 && !winners[0]?.you ? "wins" : "win"}
        {teamTotal && (
          <>
            {" "}
            with <Money amount={teamTotal} />
          </>
        )}
        {winners.every((seat) => seat.bot) && <span className="muted small-text"> (a house bot team: its items go to the house)</span>}
      </p>
      <ul className="battle-payouts">
        {(battle.payouts ?? []).map((payout) => {
          const seat = battle.seats.find((candidate) => candidate.seat === payout.seat);
          return (
            <li key={payout.seat} data-testid="battle-payout">
              <p>
                <strong>{seatLabel(seat, payout.seat)}</strong> takes <Money amount={payout.value} /> in {payout.items.length}{" "}
                {payout.items.length === 1 ? "item" : "items"}
              </p>
              <ul className="battle-payout-items small-text">
                {payout.items.map((item) => (
                  <li key={`${item.round}-${item.seat}`}>
                    {itemName(item.round, item.itemId)} <Money amount={item.value} />{" "}
                    <span className="muted">
                      (round {item.round},{" "}
                      {seatLabel(
                        battle.seats.find((candidate) => candidate.seat === item.seat),
                        item.seat,
                      )}
                      )
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
