import { AsyncLocalStorage } from "node:async_hooks";

/** The errors better-auth met while answering one request (its onAPIError hook records them). */
const requestFaults = new AsyncLocalStorage<{ errors: unknown[] }>();

export function recordAuthError(error: unknown): void {
  requestFaults.getStore()?.errors.push(error);
}

/** Runs `answer` and hands back, beside its result, every error better-auth recorded meanwhile. */
export async function collectAuthErrors<T>(answer: () => Promise<T>): Promise<{ result: T; errors: unknown[] }> {
  const store = { errors: [] as unknown[] };
  const result = await requestFaults.run(store, answer);
  return { result, errors: store.errors };
}
