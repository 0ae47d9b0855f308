"use client";
import { createTRPCClient, httpBatchLink, httpLink, splitLink } from "@trpc/client";
import type { AppRouter } from "@prizepacks/api";

/**
 * The browser's tRPC client; pair it with @tanstack/react-query (see queryKeys). A call made
 * with `withIdempotencyKey(key)` goes alone with its Idempotency-Key header (a batch's requests
 * share their headers, and the key is this one call's); every other call is batched.
 */
export const trpc = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      condition: (op) => typeof op.context.idempotencyKey === "string",
      true: httpLink({ url: "/api/trpc", headers: ({ op }) => ({ "idempotency-key": op.context.idempotencyKey as string }) }),
      false: httpBatchLink({ url: "/api/trpc", maxItems: 10 }),
    }),
  ],
});

/** A call's options sending this Idempotency-Key: the server answers a repeat of the key with the first answer. */
export function withIdempotencyKey(key: string) {
  return { context: { idempotencyKey: key } };
}

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
