import { listAdminLog } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { listAdminLogInput } from "./list-admin-log.types.ts";

export const listAdminLogRoute = adminProcedure.input(listAdminLogInput).query(({ ctx, input }) => listAdminLog(ctx.services, input));
