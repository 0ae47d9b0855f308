import { getUpgrade, listUpgradeTargets, listUpgrades, quoteUpgrade, upgradeItems } from "@prizepacks/core";
import { accountProcedure, upgradeProcedure, wellFormedBody } from "../../trpc.ts";
import {
  createUpgradeInput,
  createUpgradeMeta,
  createUpgradeOutput,
  getUpgradeInput,
  getUpgradeMeta,
  getUpgradeOutput,
  listUpgradesInput,
  listUpgradesMeta,
  listUpgradesOutput,
  listUpgradeTargetsInput,
  listUpgradeTargetsMeta,
  listUpgradeTargetsOutput,
  quoteUpgradeInput,
  quoteUpgradeMeta,
  quoteUpgradeOutput,
} from "./upgrades.types.ts";

export const listUpgradeTargetsRoute = accountProcedure
  .meta(listUpgradeTargetsMeta)
  .input(listUpgradeTargetsInput)
  .output(listUpgradeTargetsOutput)
  .query(({ ctx, input }) => listUpgradeTargets(ctx.services, input));

export const quoteUpgradeRoute = accountProcedure
  .meta(quoteUpgradeMeta)
  .input(quoteUpgradeInput)
  .output(quoteUpgradeOutput)
  .query(({ ctx, input }) =>
    quoteUpgrade(ctx.services, ctx.userId, { inventoryItemIds: input.inventoryItemIds.split(","), targetItemId: input.targetItemId }),
  );

export const createUpgradeRoute = upgradeProcedure
  .meta(createUpgradeMeta)
  .use(wellFormedBody)
  .input(createUpgradeInput)
  .output(createUpgradeOutput)
  .mutation(({ ctx, input }) =>
    upgradeItems(ctx.services, ctx.userId, input, { idempotencyKey: ctx.headers.get("idempotency-key") ?? undefined }),
  );

export const listUpgradesRoute = accountProcedure
  .meta(listUpgradesMeta)
  .input(listUpgradesInput)
  .output(listUpgradesOutput)
  .query(({ ctx, input }) => listUpgrades(ctx.services, { userId: ctx.userId, ...input }));

export const getUpgradeRoute = accountProcedure
  .meta(getUpgradeMeta)
  .input(getUpgradeInput)
  .output(getUpgradeOutput)
  .query(({ ctx, input }) => getUpgrade(ctx.services, ctx.userId, input.id));
