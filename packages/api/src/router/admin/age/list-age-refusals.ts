import { listAgeRefusals } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";

/** The Approvals page: refused dates of birth waiting for an operator's review. */
export const listAgeRefusalsRoute = adminProcedure.query(({ ctx }) => listAgeRefusals(ctx.services));
