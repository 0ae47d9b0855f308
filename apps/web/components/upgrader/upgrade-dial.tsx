"use client";
import { useEffect, useRef } from "react";
import { chancePercent } from "@prizepacks/core/contract";
import { reelProgress } from "../../lib/reel-motion";
import { playLand, playTick } from "../../lib/reel-sound";

/** How long the needle sweeps; shorter than a reel's 5 s, as there is one outcome to read. */
export const UPGRADE_ROLL_MS = 4_000;
const TURNS = 3;
const TICKS_PER_TURN = 20;
const TICKETS = 100_000;

/** Where ticket t (1..100000) sits on the dial, in degrees clockwise from the top: the zone 0..chance holds the wins. */
export function ticketAngle(ticket: number): number {
  return (ticket / TICKETS) * 360;
}

export interface DialRoll {
  ticket: number;
  won: boolean;
  /** Set when the needle has stopped (at once when motion is reduced or the roll was skipped). */
  landed: boolean;
}

/**
 * The chance as a circle: the arc from the top, clockwise, is the winning zone (chanceTickets of
 * 100000), and a needle sweeps a few turns and stops exactly at ticket / 100000 of the circle, the
 * server's ticket: it lands in the zone iff the upgrade won. Painted from requestAnimationFrame
 * (like PackReel), so `skip` stops it at once; with `roll.landed` already true it is drawn still.
 * The figure is an image with its words in aria-label; the panel announces the outcome.
 */
export function UpgradeDial({
  chanceTickets,
  roll,
  skip,
  onLanded,
}: {
  chanceTickets: number | null;
  roll: DialRoll | null;
  skip: boolean;
  onLanded: () => void;
}) {
  const needleRef = useRef<SVGGElement>(null);
  const landedRef = useRef(roll?.landed ?? true);
  const onLandedRef = useRef(onLanded);
  useEffect(() => {
    onLandedRef.current = onLanded;
  }, [onLanded]);

  const finalAngle = roll ? ticketAngle(roll.ticket) : 0;
  const paint = (degrees: number) => needleRef.current?.setAttribute("transform", `rotate(${degrees.toFixed(3)} 100 100)`);
  const land = () => {
    if (landedRef.current) return;
    landedRef.current = true;
    paint(finalAngle);
    onLandedRef.current();
  };

  useEffect(() => {
    if (!roll || roll.landed) return;
    landedRef.current = false;
    const total = TURNS * 360 + finalAngle;
    let start: number | null = null;
    let lastTick = 0;
    let frame = requestAnimationFrame(function step(now) {
      if (landedRef.current) return;
      start ??= now;
      const elapsed = now - start;
      const degrees = total * reelProgress(elapsed, UPGRADE_ROLL_MS);
      paint(degrees);
      const tick = Math.floor(degrees / (360 / TICKS_PER_TURN));
      if (tick !== lastTick) playTick();
      lastTick = tick;
      if (elapsed >= UPGRADE_ROLL_MS) land();
      else frame = requestAnimationFrame(step);
    });
    // requestAnimationFrame does not run in a hidden tab: never leave the player waiting.
    const fallback = window.setTimeout(land, UPGRADE_ROLL_MS + 600);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(fallback);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one sweep per roll
  }, [roll?.ticket, roll === null]);

  useEffect(() => {
    if (skip) land();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- land reads refs only
  }, [skip]);

  const landed = roll?.landed ?? false;
  useEffect(() => {
    if (landed && roll) playLand(roll.won ? 4 : 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one sound per landing
  }, [landed]);

  const label =
    chanceTickets === null
      ? "The chance dial: choose a stake and a target to see the chance."
      : `Chance ${chancePercent(chanceTickets)} %: the winning zone is ${chancePercent(chanceTickets)} % of the dial${
          roll?.landed
            ? `; the needle stopped at ticket ${roll.ticket}, ${roll.won ? "inside the zone: won" : "outside the zone: lost"}`
            : ""
        }.`;
  const outcome = roll?.landed ? (roll.won ? " is-won" : " is-lost") : "";

  return (
    <figure className={`upgrade-dial${outcome}`} data-testid="upgrade-dial" data-landed={landed ? "true" : "false"}>
      <svg viewBox="0 0 200 200" role="img" aria-label={label} width="220" height="220">
        <circle className="upgrade-dial-track" cx="100" cy="100" r="80" pathLength={TICKETS} />
        {chanceTickets !== null && chanceTickets > 0 && (
          <circle
            className="upgrade-dial-zone"
            cx="100"
            cy="100"
            r="80"
            pathLength={TICKETS}
            strokeDasharray={`${chanceTickets} ${TICKETS}`}
            transform="rotate(-90 100 100)"
          />
        )}
        <g ref={needleRef} className="upgrade-dial-needle" transform={`rotate(${(roll?.landed ? finalAngle : 0).toFixed(3)} 100 100)`}>
          <line x1="100" y1="100" x2="100" y2="14" />
          <circle cx="100" cy="100" r="6" />
        </g>
        <text x="100" y="140" textAnchor="middle" className="upgrade-dial-text" aria-hidden="true">
          {chanceTickets === null ? "—" : `${chancePercent(chanceTickets)} %`}
        </text>
      </svg>
    </figure>
  );
}
