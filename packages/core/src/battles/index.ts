export * from "../contract/battles.ts";
export { BATTLE_PROTOCOL_TEXT, verifyBattle, type BattleProof } from "@prizepacks/fairness";
export { createBattle } from "./create-battle.ts";
export { addBattleBots, joinBattle } from "./join-battle.ts";
export { cancelExpiredBattles, leaveBattle, startBattleExpiry } from "./leave-battle.ts";
export { settleBattle, settleDueBattles, startBattleSettlement, type SettleOutcome } from "./settle-battles.ts";
export { battlesByIds, getBattle, listBattles } from "./get-battle.ts";
