import { logger } from "@prizepacks/db/log";
import { selfCheckFailed } from "../errors.ts";
import { transparencySelfCheckFailures } from "../runtime/metrics.ts";

/**
 * Checked before paid: every outcome is recomputed by @prizepacks/fairness's verifier (the code
 * the browser runs, not the draw that produced it) from exactly what will be stored, before the
 * statement that pays it. Problems (a mismatch, an empty or malformed seed, a nonce that is not
 * one) refuse it with 503 and Retry-After, count it (prizepacks_self_check_failures_total) and log
 * an alert line for the operator; nothing is paid. The nonce's sequence is open_pack's and
 * upgrade_items's own check under the pair's lock (PP409), so a draw at a stale nonce never commits.
 */
export async function assertVerifiedBeforePaid(
  kind: "open" | "upgrade" | "battle",
  subject: Record<string, unknown>,
  problems: string[] | Promise<string[]>,
): Promise<void> {
  let found: string[];
  try {
    found = await problems;
  } catch (error) {
    found = [`the verifier threw: ${(error as Error).message}`];
  }
  if (found.length === 0) return;
  transparencySelfCheckFailures.inc({ kind });
  logger("transparency").fatal(
    { alert: "self_check_failed", kind, ...subject, problems: found },
    "ALERT: an outcome failed the verifier before payment; refused",
  );
  throw selfCheckFailed();
}
