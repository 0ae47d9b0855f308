export { appendLeaves, startTransparencyLog, TRANSPARENCY_APPEND_INTERVAL_MS, TRANSPARENCY_HEAD_INTERVAL_MS } from "./append-leaves.ts";
export type { AppendOptions, AppendResult } from "./append-leaves.ts";
export { readLeaves, outcomeKey } from "./leaves.ts";
export type { OutcomeRef } from "./leaves.ts";
export { transparencyLogKey, transparencyEnv } from "./log-key.ts";
export { rotateLogKey } from "./rotate-log-key.ts";
export type { RotateLogKeyResult } from "./rotate-log-key.ts";
export type { LogKey } from "./log-key.ts";
export {
  findLeafIndices,
  getConsistencyProof,
  getInclusionProof,
  getLatestHead,
  getLogKey,
  listHeads,
  listLeaves,
  TRANSPARENCY_HEADS_PAGE_SIZE,
  TRANSPARENCY_LEAVES_MAX,
} from "./read-log.ts";
export type { ConsistencyProofView, HeadView, InclusionProofView, LeafView, LogKeyView } from "./read-log.ts";
export { getOddsTable, getRevealedSeed } from "./revealed-seeds.ts";
export type { OddsTableView, RevealedSeedView } from "./revealed-seeds.ts";
export * from "./transparency.schemas.ts";
export { canonicalLeaf, leafHashHex } from "@prizepacks/fairness";
