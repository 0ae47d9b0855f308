import { prepareTestDatabaseTemplate } from "./test-database.ts";

/** Vitest global setup of the integration projects: the template their databases are copied from, built once. */
export default async function setup() {
  await prepareTestDatabaseTemplate();
}
