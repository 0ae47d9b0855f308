import {
  getConsistencyProof,
  getInclusionProof,
  getLatestHead,
  getLogKey,
  listHeads,
  listLeaves,
  TRANSPARENCY_LEAVES_MAX,
} from "@prizepacks/core";
import { publicReadProcedure } from "../../trpc.ts";
import {
  getConsistencyProofInput,
  getConsistencyProofMeta,
  getConsistencyProofOutput,
  getHeadInput,
  getHeadMeta,
  getHeadOutput,
  getInclusionProofInput,
  getInclusionProofMeta,
  getInclusionProofOutput,
  getLogKeyInput,
  getLogKeyMeta,
  getLogKeyOutput,
  listHeadsInput,
  listHeadsMeta,
  listHeadsOutput,
  listLeavesInput,
  listLeavesMeta,
  listLeavesOutput,
} from "./transparency.types.ts";

export const getLogKeyRoute = publicReadProcedure
  .meta(getLogKeyMeta)
  .input(getLogKeyInput)
  .output(getLogKeyOutput)
  .query(({ ctx }) => getLogKey(ctx.services));

export const getHeadRoute = publicReadProcedure
  .meta(getHeadMeta)
  .input(getHeadInput)
  .output(getHeadOutput)
  .query(({ ctx }) => getLatestHead(ctx.services));

export const listHeadsRoute = publicReadProcedure
  .meta(listHeadsMeta)
  .input(listHeadsInput)
  .output(listHeadsOutput)
  .query(({ ctx, input }) => listHeads(ctx.services, input));

export const listLeavesRoute = publicReadProcedure
  .meta(listLeavesMeta)
  .input(listLeavesInput)
  .output(listLeavesOutput)
  .query(({ ctx, input }) => listLeaves(ctx.services, { start: input.start, end: input.end ?? input.start + TRANSPARENCY_LEAVES_MAX }));

export const getInclusionProofRoute = publicReadProcedure
  .meta(getInclusionProofMeta)
  .input(getInclusionProofInput)
  .output(getInclusionProofOutput)
  .query(({ ctx, input }) =>
    getInclusionProof(ctx.services, {
      kind: input.kind,
      id: input.id,
      treeSize: input.treeSize === undefined ? undefined : Number(input.treeSize),
    }),
  );

export const getConsistencyProofRoute = publicReadProcedure
  .meta(getConsistencyProofMeta)
  .input(getConsistencyProofInput)
  .output(getConsistencyProofOutput)
  .query(({ ctx, input }) => getConsistencyProof(ctx.services, input));
