"use client";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
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
  protection: ["protection"] as const,
  realityCheck: ["realityCheck"] as const,
};

// Defined apart, without "use client", so that server pages can use them (ErrorAlert).
export { errorCode, errorMessage } from "./error-message";
