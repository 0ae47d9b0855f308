"use client";
import { useSyncExternalStore } from "react";

// Switches a player flips once and expects to stay flipped: kept in localStorage (this browser
// only, nothing to sync), shared by every component and tab through the storage event.

export type PreferenceName = "sound" | "quickOpen";

const STORAGE_KEYS: Record<PreferenceName, string> = { sound: "prizepacks.sound", quickOpen: "prizepacks.quickOpen" };
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values(STORAGE_KEYS).includes(event.key)) listener();
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
