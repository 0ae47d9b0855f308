"use client";
import { createTRPCClient, httpBatchLink, httpLink, splitLink } from "@trpc/client";
import { createTRPCRecursiveProxy, type AnyTRPCProcedure, type inferProcedureInput } from "@trpc/server";
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

type QueryKey = readonly unknown[];
type KeysOf<TRecord> = (() => QueryKey) & {
  [K in keyof TRecord]: TRecord[K] extends AnyTRPCProcedure
    ? (input?: Partial<Exclude<inferProcedureInput<TRecord[K]>, void>>) => QueryKey
    : KeysOf<TRecord[K]>;
};

/**
 * Query keys from the procedures' paths, as tRPC's own TanStack integration makes them (which
 * the registry has only for an older tRPC): `queryKeys.wallet.ledger()` is ["wallet", "ledger"],
 * with an input ["wallet", "ledger", input] (an infinite query leaves its cursor out). A router's
 * key, `queryKeys.wallet()`, is the prefix of all of its procedures' keys: invalidating it
 * refreshes the balance and the ledger at once.
 */
export const queryKeys = createTRPCRecursiveProxy<KeysOf<AppRouter["_def"]["record"]>>(({ path, args: [input] }) =>
  input === undefined ? path : [...path, input],
);

// Defined apart, without "use client", so that server pages can use them (ErrorAlert).
export { errorCode, errorMessage } from "./error-message";
