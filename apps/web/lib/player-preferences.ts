"use client";
import { useSyncExternalStore } from "react";

// Switches a player flips once and expects to stay flipped, and choices they expect remembered
// (the drop strip's rarity floor): kept in localStorage (this browser only, nothing to sync),
// shared by every component and tab through the storage event.

export type PreferenceName = "sound" | "quickOpen";

const KEY_PREFIX = "prizepacks.";
const STORAGE_KEYS: Record<PreferenceName, string> = { sound: `${KEY_PREFIX}sound`, quickOpen: `${KEY_PREFIX}quickOpen` };
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(KEY_PREFIX)) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function readPreference(name: PreferenceName): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS[name]) === "on";
  } catch {
    return false; // storage blocked: every switch is off
  }
}

export function writePreference(name: PreferenceName, on: boolean): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS[name], on ? "on" : "off");
  } catch {
    // Storage blocked: the switch still works for this page.
  }
  for (const listener of listeners) listener();
}

/** [on, set]; off on the server and during hydration, then the stored choice. */
export function usePreference(name: PreferenceName): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(
    subscribe,
    () => readPreference(name),
    () => false,
  );
  return [on, (next) => writePreference(name, next)];
}

export type ChoiceName = "dropRarity";

function readChoice<T extends string>(name: ChoiceName, options: readonly T[], fallback: T): T {
  try {
    const stored = window.localStorage.getItem(`${KEY_PREFIX}${name}`);
    return options.find((option) => option === stored) ?? fallback;
  } catch {
    return fallback;
  }
}

/** [choice, set]: one of `options`, `fallback` on the server, during hydration and when nothing valid is stored. */
export function useStoredChoice<T extends string>(name: ChoiceName, options: readonly T[], fallback: T): [T, (next: T) => void] {
  const choice = useSyncExternalStore(
    subscribe,
    () => readChoice(name, options, fallback),
    () => fallback,
  );
  return [
    choice,
    (next) => {
      try {
        window.localStorage.setItem(`${KEY_PREFIX}${name}`, next);
      } catch {
        // Storage blocked: nothing to remember it in, so the fallback stays.
      }
      for (const listener of listeners) listener();
    },
  ];
}
