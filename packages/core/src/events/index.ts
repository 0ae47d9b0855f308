export * from "../contract/events.ts";
export {
  ACCOUNT_EVENT_TYPES,
  EVENT_REPLAY_HOURS,
  latestAccountEventId,
  listAccountEventsAfter,
  startEventRetention,
} from "./account-events.ts";
export type { AccountEvent, AccountEventType } from "./account-events.ts";
export { BEST_PULL_HOURS, listBestPulls, maskPlayerName, readBestPulls, recentDrops } from "./drops.ts";
export type { BestPull, Drop } from "./drops.ts";
export type { AccountWaker } from "./event-hub.ts";
