import {
  ACCOUNT_EVENT_TYPES,
  BATTLE_PROTOCOL_TEXT,
  EVENT_REPLAY_HOURS,
  errorCodeStatus,
  IDEMPOTENCY_WINDOW_HOURS,
  SIGNATURE_HEADER,
} from "@prizepacks/core";
import { rateLimitPolicies } from "../rate-limit/policies.ts";
import { descriptionTemplate } from "./description.ts";

/** The document's description: description.md with the values it names from the code. */
export function describeDocument(): string {
  const limits = rateLimitPolicies();
  const values: Record<string, string | number> = {
    errorCodes: Object.entries(errorCodeStatus)
      .map(([code, status]) => `\`${code}\` (${status})`)
      .join(", "),
    openLimit: limits.open.limit,
    openWindowSeconds: limits.open.windowSeconds,
    apiLimit: limits.api.limit,
    apiWindowSeconds: limits.api.windowSeconds,
    idempotencyWindowHours: IDEMPOTENCY_WINDOW_HOURS,
    battleProtocol: BATTLE_PROTOCOL_TEXT,
    eventTypes: ACCOUNT_EVENT_TYPES.map((type) => `\`${type}\``).join(", "),
    eventReplayHours: EVENT_REPLAY_HOURS,
    signatureHeader: SIGNATURE_HEADER,
  };
  return descriptionTemplate.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`description.md names {{${name}}}, which describeDocument does not fill.`);
    return String(value);
  });
}
