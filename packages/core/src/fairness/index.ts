export * from "../contract/fairness.ts";
export { ensureActiveSeedPair, getFairnessState, rotateSeedPair } from "./seed-pairs.ts";
