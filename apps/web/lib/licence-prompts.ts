"use client";
import { useSyncExternalStore } from "react";

// The prompts a licence requires (#37), asked by whatever is about to act: a paid play asks
// askBeforeWager(), a deposit askBeforeFirstDeposit(). Each answers at once when its prompt is
// not due; otherwise its dialog (components/safer-play/licence-prompts.tsx, in the site header)
// opens, and the answer is whether to go on: true once the player answered, false when they
// closed it, and the action is then dropped. The answers themselves are kept by the server.

export type LicencePrompt = "saferPlay" | "depositLimit";
type Due = Record<LicencePrompt, boolean>;

let due: Due = { saferPlay: false, depositLimit: false };
let asking: { prompt: LicencePrompt; resolve: (go: boolean) => void } | null = null;
/** The dialog's query, asked again before a prompt opens: it may have been answered on another device. */
let refresh: (() => Promise<Due | null>) | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit() {
  for (const listener of listeners) listener();
}

/** The signed-in account's prompts, from the server; with nobody signed in nothing is ever due. */
export function setLicencePrompts(next: Due, refreshPrompts: (() => Promise<Due | null>) | null): void {
  due = next;
  refresh = refreshPrompts;
}

async function ask(prompt: LicencePrompt): Promise<boolean> {
  if (!due[prompt]) return true;
  const fresh = await refresh?.().catch(() => null);
  if (fresh) due = fresh;
  if (!due[prompt]) return true;
  // One prompt at a time: a second action asked meanwhile replaces the first, which is dropped.
  asking?.resolve(false);
  return new Promise((resolve) => {
    asking = { prompt, resolve };
    emit();
  });
}

/** Before a paid play (an opening, a battle's seat): the safer-play page, acknowledged once. */
export const askBeforeWager = () => ask("saferPlay");

/** Before a deposit: the deposit-limit prompt, at the first deposit only. */
export const askBeforeFirstDeposit = () => ask("depositLimit");

/** The dialog's answer: `go` once the server recorded the player's answer, false when they closed it. */
export function answerLicencePrompt(go: boolean): void {
  const current = asking;
  if (!current) return;
  asking = null;
  if (go) due = { ...due, [current.prompt]: false };
  emit();
  current.resolve(go);
}

/** The prompt whose dialog is open now, if any. */
export function useAskedLicencePrompt(): LicencePrompt | null {
  return useSyncExternalStore(
    subscribe,
    () => asking?.prompt ?? null,
    () => null,
  );
}
