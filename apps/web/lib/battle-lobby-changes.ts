"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useEventSource } from "../components/ui/use-event-source";
import { queryKeys } from "./trpc";

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
  const pending = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(pending.current), [enabled]);
  useEventSource(enabled ? "/v1/battles/lobby" : null, {
    battle: () => {
      window.clearTimeout(pending.current);
      pending.current = window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: queryKeys.battles() }), SETTLE_MS);
    },
  });
}
