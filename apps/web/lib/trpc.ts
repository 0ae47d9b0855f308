"use client";
import { createTRPCClient, httpBatchLink, TRPCClientError } from "@trpc/client";
import type { AppRouter } from "@prizepacks/api";

/** The browser's tRPC client; pair it with @tanstack/react-query (see queryKeys). */
export const trpc = createTRPCClient<AppRouter>({
  links: [httpBatchLink({ url: "/api/trpc", maxItems: 10 })],
});

/** Query keys shared by every page, so one invalidation refreshes header, inventory and history. */
export const queryKeys = {
  me: ["me"] as const,
  inventory: ["inventory"] as const,
  history: ["history"] as const,
  ledger: ["ledger"] as const,
  fairness: ["fairness"] as const,
  keys: ["keys"] as const,
};

/** A user-facing message for any failed call: the server's own message when there is one. */
export function errorMessage(error: unknown): string {
  if (error instanceof TRPCClientError) return error.message;
  if (error instanceof Error) return error.message;
  return "Something went wrong. Please try again.";
}

/** The app's error code (e.g. INSUFFICIENT_BALANCE, RATE_LIMITED) of a failed call, if any. */
export function errorCode(error: unknown): string | undefined {
  if (error instanceof TRPCClientError) return (error.data as { code?: string } | undefined)?.code;
  return undefined;
}
