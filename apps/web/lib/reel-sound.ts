"use client";
import { readPreference } from "./player-preferences";

// Reel sounds synthesised with the Web Audio API: no audio files to ship or license. Silent
// unless the player switched sound on; the context is created on first use, which is always
// after a click (browsers only let audio start from a user gesture).

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof window === "undefined" || !readPreference("sound")) return null;
  try {
    context ??= new AudioContext();
    if (context.state === "suspended") void context.resume();
    return context;
  } catch {
    return null;
  }
}

function tone(
  ctx: AudioContext,
  {
    frequency,
    start,
    duration,
    volume,
    type = "sine",
    endFrequency,
  }: { frequency: number; start: number; duration: number; volume: number; type?: OscillatorType; endFrequency?: number },
) {
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = type;
  oscillator.frequency.setValueAtTime(frequency, start);
  if (endFrequency) oscillator.frequency.exponentialRampToValueAtTime(endFrequency, start + duration);
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(volume, start + 0.005);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + duration);
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(start);
  oscillator.stop(start + duration + 0.02);
}

/** A short click as a card passes the marker. */
export function playTick(): void {
  const ctx = audio();
  if (ctx) tone(ctx, { frequency: 1800, endFrequency: 900, start: ctx.currentTime, duration: 0.03, volume: 0.06, type: "square" });
}

/** Bell notes for the landing, from common up to legendary: the rarer the item, the higher it rings. */
const LANDING_NOTES = [440, 523.25, 659.25, 783.99, 1046.5];

/**
 * The reel stops: a low knock as it locks, then a bell whose pitch says the rarity (`rank` 0 for
 * common to 4 for legendary), so the landing is heard apart from the ticks that led to it.
 */
export function playLand(rank = 0): void {
  const ctx = audio();
  if (!ctx) return;
  const now = ctx.currentTime;
  tone(ctx, { frequency: 180, endFrequency: 80, start: now, duration: 0.12, volume: 0.3, type: "triangle" });
  const note = LANDING_NOTES[Math.min(Math.max(rank, 0), LANDING_NOTES.length - 1)]!;
  tone(ctx, { frequency: note, start: now + 0.04, duration: 0.45, volume: 0.14, type: "sine" });
  tone(ctx, { frequency: note * 2, start: now + 0.04, duration: 0.3, volume: 0.05, type: "sine" });
}

/** A rising arpeggio; `strength` 1–3 adds notes and length for bigger wins. */
export function playWin(strength: 1 | 2 | 3): void {
  const ctx = audio();
  if (!ctx) return;
  const notes = [523.25, 659.25, 783.99, 1046.5, 1318.5, 1568].slice(0, 2 + strength);
  notes.forEach((frequency, index) => {
    tone(ctx, {
      frequency,
      start: ctx.currentTime + index * 0.09,
      duration: 0.25 + strength * 0.08,
      volume: 0.12 + strength * 0.03,
      type: "triangle",
    });
  });
}
