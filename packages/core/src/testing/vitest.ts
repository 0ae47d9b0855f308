import { afterAll, beforeAll, expect } from "vitest";
import type { Database } from "@prizepacks/db";
import { AppError } from "../errors.ts";
import { openTestDatabase } from "./test-database.ts";

/** Gives the calling test file a migrated database of its own, closed after its last test. */
export function useTestDatabase(): () => Database {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });
  return () => {
    if (!database) throw new Error("The test database is opened in beforeAll; use it inside a test.");
    return database;
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
