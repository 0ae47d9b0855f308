"use client";
import { usePreference } from "../lib/player-preferences";

/** Reel sounds on or off, remembered in this browser. */
export function SoundSwitch() {
  const [on, setOn] = usePreference("sound");
  return (
    <button type="button" role="switch" aria-checked={on} className="button ghost small sound-switch" data-testid="sound-switch" onClick={() => setOn(!on)}>
      <span aria-hidden="true">{on ? "🔊" : "🔇"}</span> Sound
    </button>
  );
}
