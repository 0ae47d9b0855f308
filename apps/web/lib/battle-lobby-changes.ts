"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { battleQueryKeys } from "./battle-calls";

/** After a refusal (the browser closes an EventSource for good on any answer but 200). */
const RETRY_AFTER_REFUSAL_MS = 60_000;
/** A (re)connection replays the lobby, one event a battle: one refresh for the burst. */
const SETTLE_MS = 300;

/**
 * Follows the public lobby stream (GET /v1/battles/lobby: every battle as it is created, joined,
 * locked, settled or cancelled) and refreshes the battle lists when one changes. The lists
 * themselves come from the battles procedures, which know the viewer's own seats; the stream
 * only says when to ask again.
 */
export function useBattleLobbyChanges(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let source: EventSource | null = null;
    let retry: number | undefined;
    let pending: number | undefined;
    const refresh = () => {
      window.clearTimeout(pending);
      pending = window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: battleQueryKeys.all }), SETTLE_MS);
    };
    const connect = () => {
      source = new EventSource("/v1/battles/lobby");
      source.addEventListener("battle", refresh);
      source.addEventListener("error", () => {
        if (source?.readyState !== EventSource.CLOSED) return; // the browser reconnects by itself
        source = null;
        retry = window.setTimeout(connect, RETRY_AFTER_REFUSAL_MS);
      });
    };
    connect();
    return () => {
      window.clearTimeout(retry);
      window.clearTimeout(pending);
      source?.close();
    };
  }, [enabled, queryClient]);
}
