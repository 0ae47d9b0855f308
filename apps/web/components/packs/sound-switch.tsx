"use client";
import { usePreference } from "../../lib/player-preferences";

/** Reel sounds on or off, remembered in this browser. */
export function SoundSwitch() {
  const [on, setOn] = usePreference("sound");
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      className="button ghost small sound-switch"
      data-testid="sound-switch"
      onClick={() => setOn(!on)}
    >
      <svg
        aria-hidden="true"
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M11 5 6 9H2v6h4l5 4V5z" fill="currentColor" />
        {on ? <path d="M15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14" /> : <path d="m23 9-6 6M17 9l6 6" />}
      </svg>
      <span className="sound-switch-label">Sound</span>
    </button>
  );
}
