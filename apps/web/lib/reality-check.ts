"use client";
import { useSyncExternalStore } from "react";

// Whether a reality check waits for the player's acknowledgement: set by the dialog, read by
// everything that plays (the Open buttons), which stays paused until it is acknowledged.

let due = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setRealityCheckDue(value: boolean): void {
  if (due === value) return;
  due = value;
  for (const listener of listeners) listener();
}

/** For event handlers: is play paused right now? */
export function isRealityCheckDue(): boolean {
  return due;
}

export function useRealityCheckDue(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => due,
    () => false,
  );
}

/**
 * This tab's play session: its start by the server's clock (what the net result counts from), by
 * this browser's clock (what the time played counts from), and how many intervals are acknowledged.
 */
export interface PlaySession {
  since: string;
  startedAt: number;
  acknowledged: number;
}

const storageKey = (accountId: string) => `prizepacks.realityCheck.${accountId}`;

export function readPlaySession(accountId: string): PlaySession | null {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(storageKey(accountId)) ?? "null") as PlaySession | null;
    return stored && typeof stored.since === "string" && Number.isFinite(stored.startedAt) ? stored : null;
  } catch {
    return null;
  }
}

export function writePlaySession(accountId: string, session: PlaySession): void {
  try {
    window.sessionStorage.setItem(storageKey(accountId), JSON.stringify(session));
  } catch {
    // Storage blocked: the session lasts as long as this page.
  }
}
