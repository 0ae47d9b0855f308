"use client";
import { useEffect, useRef, useState } from "react";
import type { ReelItem } from "../lib/reel-strip";

const SPIN_MS = 3000;

/**
 * A horizontal strip that decelerates onto strip[winIndex] under the centre marker.
 * Only shown when motion is allowed; the result itself is announced by the panel.
 */
export function PackReel({ strip, winIndex, landed, onLanded }: { strip: ReelItem[]; winIndex: number; landed: boolean; onLanded: () => void }) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState<number | null>(null);
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
    let frame = requestAnimationFrame(() => {
      // A second frame so the browser has painted the start position before the transition.
      frame = requestAnimationFrame(() => setOffset(target));
    });
    // transitionend does not fire in hidden tabs; never leave the player waiting.
    const fallback = window.setTimeout(() => onLandedRef.current(), SPIN_MS + 600);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(fallback);
    };
  }, [winIndex]);

  return (
    <div className={`reel${landed ? " reel-landed" : ""}`} data-testid="reel" aria-hidden="true">
      <div className="reel-viewport" ref={viewportRef}>
        <div
          className="reel-track"
          ref={trackRef}
          style={{
            transform: `translate3d(${offset === null ? 0 : -offset}px, 0, 0)`,
            transition: offset === null ? "none" : `transform ${SPIN_MS}ms cubic-bezier(0.08, 0.6, 0.15, 1)`,
          }}
          onTransitionEnd={(event) => {
            if (event.target === event.currentTarget && event.propertyName === "transform") onLandedRef.current();
          }}
        >
          {strip.map((item, index) => (
            <div key={index} className={`reel-card rarity-border-${item.rarity}${index === winIndex ? " reel-card-won" : ""}`}>
              <img src={item.image} alt="" width={72} height={72} draggable={false} />
              <span className="reel-card-name">{item.name}</span>
            </div>
          ))}
        </div>
        <div className="reel-marker" />
      </div>
    </div>
  );
}
