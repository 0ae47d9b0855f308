import { z } from "zod";
import {
  BattleListSchema,
  BattleSchema,
  CreateBattleInputSchema,
  IDEMPOTENCY_KEY_PATTERN,
  JoinBattleInputSchema,
  ListBattlesInputSchema,
} from "@prizepacks/core";
import { IdInput } from "../shared/inputs.ts";
import { CONDITIONAL_READ, NOT_MODIFIED, restMeta } from "../shared/rest-meta.ts";

export const battleIdInput = z.object({ id: IdInput.meta({ description: "The battle's id.", example: "cmf3k2x7a0001pp01btl00001" }) });

function idempotencyHeader(what: string) {
  return z.object({
    "Idempotency-Key": z
      .string()
      .regex(IDEMPOTENCY_KEY_PATTERN)
      .optional()
      .meta({
        description: `Optional: 1 to 255 printable ASCII characters without spaces (0x21-0x7E), e.g. a UUID. A retry with the same key by the same account within 24 hours returns the same battle and ${what}.`,
        example: "7f3c2a9e-4b1d-4e8a-9c6f-2d5b8e1a4c70",
      }),
  });
}

/** Player protection binds a battle's seats and its start as it binds an opening, with the same answer. */
const protectionRefusal =
  "Account banned, deleted or not verified; or LIMIT_REACHED, EXCLUDED or AGE_UNCONFIRMED, with the same details as an opening's";

const seatRefusals = {
  400: "Malformed input, or INSUFFICIENT_BALANCE for the entry",
  403: protectionRefusal,
  404: "No such pack or battle",
  409: "The seat is taken, the battle is full, locked, settled or cancelled, you already sit in it, another player in it cannot play now (so your last seat cannot start it), or the Idempotency-Key was used for another request",
};

export const listBattlesInput = ListBattlesInputSchema;
export const listBattlesMeta = restMeta({
  method: "GET",
  path: "/v1/battles",
  operationId: "battles-list",
  summary: "The newest 50 battles, optionally of one status (open: the lobby) or only yours (player=me: your history)",
  description:
    "The newest 50 battles as anyone sees them, optionally only those of one status (`status=open` is the lobby to join from) or only the account's own (`player=me`). Each battle carries its spec, seats and, once settled, its draws and payouts.",
  tags: ["Battles"],
  errorResponses: { 400: "Malformed input" },
});

export const createBattleInput = CreateBattleInputSchema;
export const createBattleMeta = restMeta({
  method: "POST",
  path: "/v1/battles",
  operationId: "battles-create",
  summary: "Create a battle and take its seat 0",
  description:
    "Fixes the battle's spec (layout, rules, each round's pack and odds version, the commitment to its server seed, the beacon chain) and debits the entry, the sum of the rounds' pack prices. Spending limits and exclusions apply as to an opening (403). See battle/v1 in the description above.",
  tags: ["Battles"],
  requestHeaders: idempotencyHeader("debits nothing more"),
  successDescription: "The battle, open, with you in seat 0",
  errorResponses: seatRefusals,
});

export const joinBattleInput = battleIdInput.extend(JoinBattleInputSchema.shape);
export const joinBattleMeta = restMeta({
  method: "POST",
  path: "/v1/battles/{id}/join",
  operationId: "battles-join",
  summary: "Take a seat in an open battle",
  description:
    "Debits the entry and fixes the seat's client seed. The last seat locks the battle: K and the beacon round R are set (battle.locked), and it settles once R's randomness is published, a few seconds later (battle.settled).",
  tags: ["Battles"],
  requestHeaders: idempotencyHeader("takes no second seat"),
  successDescription: "The battle with your seat",
  errorResponses: seatRefusals,
});

export const battleBotsMeta = restMeta({
  method: "POST",
  path: "/v1/battles/{id}/bots",
  operationId: "battles-bots",
  summary: "Fill every empty seat with house bots (creator only)",
  description:
    "Bots use the client seed bot-<seat> and pay no entry; what a house-bot team wins stays with the house. Filling the battle locks it, which starts its play: refused while a player may not play (a time-out or self-exclusion begun since they paid).",
  tags: ["Battles"],
  successDescription: "The battle, locked",
  errorResponses: {
    403: protectionRefusal,
    404: "No such battle",
    409: "The battle is not open, or another player in it cannot play now",
  },
});

export const leaveBattleMeta = restMeta({
  method: "POST",
  path: "/v1/battles/{id}/leave",
  operationId: "battles-leave",
  summary: "Leave an open battle (the creator leaving cancels it)",
  description:
    "Refunds your entry; the creator leaving cancels the battle and refunds every seat (battle.cancelled). Nobody leaves a locked battle.",
  tags: ["Battles"],
  successDescription: "The battle after you left",
  errorResponses: { 404: "No such battle, or you have no seat in it", 409: "The battle is locked, settled or cancelled" },
});

export const getBattleMeta = restMeta({
  method: "GET",
  path: "/v1/battles/{id}",
  operationId: "battles-get",
  summary: "One battle; once settled, its whole proof",
  description: `A settled battle carries serverSeed, commitment, spec, specHash, seats, beacon { round, randomness, signature }, every round's odds and draws, totals, winnerTeam and payouts: everything verifyBattle (in @prizepacks/fairness, and the web app's verifier) needs to recompute it. ${CONDITIONAL_READ}`,
  tags: ["Battles"],
  conditional: true,
  errorResponses: { ...NOT_MODIFIED, 404: "No such battle" },
});

export const battleOutput = BattleSchema;
export const battleListOutput = BattleListSchema;
