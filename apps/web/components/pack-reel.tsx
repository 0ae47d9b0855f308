"use client";
import { useEffect, useRef, useState } from "react";
import { playLand, playTick } from "../lib/reel-sound";
import type { ReelItem } from "../lib/reel-strip";

const SPIN_MS = 4200;
const SKIP_MS = 180;

/**
 * A full-width strip that decelerates onto strip[winIndex] under the centre marker, then lights
 * the winning card in its rarity colour. `skip` (a click on the reel, or quick open) brings it to
 * rest at once. Only shown when motion is allowed; the panel announces the result.
 */
export function PackReel({
  strip,
  winIndex,
  landed,
  skip,
  compact,
  onLanded,
}: {
  strip: ReelItem[];
  winIndex: number;
  landed: boolean;
  skip: boolean;
  compact: boolean;
  onLanded: () => void;
}) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState<number | null>(null);
  const targetRef = useRef<number | null>(null);
  const onLandedRef = useRef(onLanded);
  useEffect(() => {
    onLandedRef.current = onLanded;
  }, [onLanded]);

  useEffect(() => {
    const viewport = viewportRef.current;
    const card = trackRef.current?.children[winIndex] as HTMLElement | undefined;
    if (!viewport || !card) return;
    // Stop somewhere inside the winning card rather than dead centre, as a real reel would.
    const jitter = (Math.random() - 0.5) * card.offsetWidth * 0.6;
    const target = card.offsetLeft + card.offsetWidth / 2 - viewport.clientWidth / 2 + jitter;
    targetRef.current = target;
    let frame = requestAnimationFrame(() => {
      // A second frame so the browser has painted the start position before the transition.
      frame = requestAnimationFrame(() => setOffset(target));
    });
    return () => cancelAnimationFrame(frame);
  }, [winIndex]);

  // Skipping mid-spin: a new (short) transition starts from wherever the reel is now.
  useEffect(() => {
    if (skip && !landed && targetRef.current !== null) setOffset(targetRef.current + 0.5);
  }, [skip, landed]);

  // transitionend does not fire in hidden tabs; never leave the player waiting.
  // (nor does requestAnimationFrame, so this does not wait for the reel to start either).
  useEffect(() => {
    if (landed) return;
    const fallback = window.setTimeout(() => onLandedRef.current(), (skip ? SKIP_MS : SPIN_MS) + 600);
    return () => window.clearTimeout(fallback);
  }, [skip, landed]);

  // A tick each time a card boundary passes the marker (only audible when sound is on).
  useEffect(() => {
    if (offset === null || landed || skip) return;
    const track = trackRef.current;
    const first = track?.children[0] as HTMLElement | undefined;
    if (!track || !first) return;
    const pitch = first.offsetWidth + parseFloat(getComputedStyle(track).columnGap || "0");
    let lastCard = -1;
    let frame = requestAnimationFrame(function watch() {
      const x = -new DOMMatrixReadOnly(getComputedStyle(track).transform).m41;
      const cardIndex = Math.floor(x / pitch);
      if (lastCard >= 0 && cardIndex !== lastCard) playTick();
      lastCard = cardIndex;
      frame = requestAnimationFrame(watch);
    });
    return () => cancelAnimationFrame(frame);
  }, [offset, landed, skip]);

  useEffect(() => {
    if (landed) playLand();
  }, [landed]);

  const won = strip[winIndex];
  return (
    <div
      className={`reel${compact ? " reel-compact" : ""}${landed ? ` reel-landed rarity-glow-${won?.rarity ?? "COMMON"}` : ""}`}
      data-testid="reel"
      data-landed={landed ? "true" : "false"}
      aria-hidden="true"
    >
      <div className="reel-viewport" ref={viewportRef}>
        <div
          className="reel-track"
          ref={trackRef}
          style={{
            transform: `translate3d(${offset === null ? 0 : -offset}px, 0, 0)`,
            transition: offset === null ? "none" : `transform ${skip ? SKIP_MS : SPIN_MS}ms cubic-bezier(0.12, 0.7, 0.12, 1)`,
          }}
          onTransitionEnd={(event) => {
            if (event.target === event.currentTarget && event.propertyName === "transform") onLandedRef.current();
          }}
        >
          {strip.map((item, index) => (
            <div key={index} className={`reel-card rarity-border-${item.rarity}${index === winIndex ? " reel-card-won" : ""}`}>
              <img src={item.image} alt="" width={96} height={96} draggable={false} />
            </div>
          ))}
        </div>
        <div className="reel-marker" />
      </div>
    </div>
  );
}
