import { afterAll, beforeAll, expect } from "vitest";
import { AppError } from "../errors.ts";
import { openServices, type Services } from "../server/services.ts";
import { openTestDatabase } from "./test-database.ts";

/**
 * Gives the calling test file a migrated database of its own and its Services (no background
 * job runs; a test starts the one it needs), closed after its last test.
 */
export function useTestServices(): () => Services {
  let services: Services | undefined;
  beforeAll(async () => {
    services = await openServices(await openTestDatabase());
  });
  afterAll(async () => {
    await services?.database.close();
  });
  return () => {
    if (!services) throw new Error("The test services are opened in beforeAll; use them inside a test.");
    return services;
  };
}

/** Awaits a promise that must reject with an AppError of the given code, and returns that error. */
export async function expectAppError(promise: Promise<unknown>, code: string): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  return error as AppError;
}
