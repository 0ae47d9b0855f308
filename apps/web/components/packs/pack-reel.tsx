"use client";
import { useEffect, useRef } from "react";
import { displayMoney, RARITIES, type Rarity } from "@prizepacks/core/contract";
import { REEL_SPIN_MS, reelProgress } from "../../lib/reel-motion";
import { playLand, playTick } from "../../lib/reel-sound";
import type { ReelItem } from "../../lib/reel-strip";

/**
 * A full-width strip that slows onto strip[winIndex] under the centre marker (reelProgress),
 * then settles onto the card's centre and flashes it in its rarity colour. Painted from
 * requestAnimationFrame, so that `skip` (a click, Space, Esc, quick open) lands it at once and
 * the landing is known the frame it happens. Only shown when motion is allowed; the panel
 * announces the result.
 */
export function PackReel({
  strip,
  winIndex,
  landed,
  skip,
  compact,
  moment,
  onLanded,
  durationMs = REEL_SPIN_MS,
}: {
  strip: ReelItem[];
  winIndex: number;
  landed: boolean;
  skip: boolean;
  compact: boolean;
  /** A legendary or a 10× win: the frame around the reel lights up (never over any text). */
  moment: boolean;
  onLanded: () => void;
  /** How long the spin takes: a battle's rounds spin shorter than a pack opening. */
  durationMs?: number;
}) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  /** Where the winning card sits under the marker: the reel stops near it and settles onto it. */
  const centreRef = useRef<number | null>(null);
  const landedRef = useRef(landed);
  const onLandedRef = useRef(onLanded);
  useEffect(() => {
    onLandedRef.current = onLanded;
  }, [onLanded]);

  const paint = (x: number) => {
    if (trackRef.current) trackRef.current.style.transform = `translate3d(${-x}px, 0, 0)`;
  };
  /** `settle`: it stopped off-centre on its own, and slides the last few pixels (a skip jumps straight there). */
  const land = (settle: boolean) => {
    if (landedRef.current) return;
    landedRef.current = true;
    if (centreRef.current !== null && trackRef.current) {
      trackRef.current.style.transition = settle ? "transform 0.3s ease-out" : "";
      paint(centreRef.current);
    }
    onLandedRef.current();
  };

  useEffect(() => {
    const viewport = viewportRef.current;
    const track = trackRef.current;
    const card = track?.children[winIndex] as HTMLElement | undefined;
    const first = track?.children[0] as HTMLElement | undefined;
    if (!viewport || !track || !card || !first) return;
    // Stop somewhere inside the winning card rather than dead centre, as a real reel would; land() settles it.
    const centre = card.offsetLeft + card.offsetWidth / 2 - viewport.clientWidth / 2;
    const target = centre + (Math.random() - 0.5) * card.offsetWidth * 0.6;
    centreRef.current = centre;
    const pitch = ((track.children[1] as HTMLElement | undefined)?.offsetLeft ?? first.offsetLeft) - first.offsetLeft;
    let start: number | null = null;
    let lastCard = -1;
    let frame = requestAnimationFrame(function step(now) {
      if (landedRef.current) return;
      start ??= now;
      const elapsed = now - start;
      const x = target * reelProgress(elapsed, durationMs);
      paint(x);
      const cardIndex = pitch > 0 ? Math.floor(x / pitch) : 0;
      if (lastCard >= 0 && cardIndex !== lastCard) playTick();
      lastCard = cardIndex;
      if (elapsed >= durationMs) land(true);
      else frame = requestAnimationFrame(step);
    });
    // requestAnimationFrame does not run in a hidden tab: never leave the player waiting.
    const fallback = window.setTimeout(() => land(false), durationMs + 600);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(fallback);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one spin per mounted strip
  }, [winIndex]);

  useEffect(() => {
    if (skip) land(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- land reads refs only
  }, [skip]);

  const won = strip[winIndex];
  useEffect(() => {
    if (landed) playLand(RARITIES.indexOf((won?.rarity ?? "COMMON") as Rarity));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one sound per landing
  }, [landed]);

  return (
    <div
      className={`reel${compact ? " reel-compact" : ""}${landed ? ` reel-landed rarity-glow-${won?.rarity ?? "COMMON"}` : ""}${landed && moment ? " reel-moment" : ""}`}
      data-testid="reel"
      data-landed={landed ? "true" : "false"}
      aria-hidden="true"
    >
      <div className="reel-viewport" ref={viewportRef}>
        <div className="reel-marker" data-testid="reel-marker" />
        <div className="reel-track" ref={trackRef}>
          {strip.map((item, index) => (
            <div
              key={index}
              className={`reel-card rarity-border-${item.rarity}${index === winIndex ? " reel-card-won" : ""}`}
              data-testid={index === winIndex ? "reel-winner" : undefined}
            >
              <img src={item.image} alt="" width={96} height={96} draggable={false} />
              <span className="reel-card-value money">{displayMoney(item.value)}</span>
              <span className="reel-card-name clamp-2">{item.name}</span>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
