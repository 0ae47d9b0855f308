import { decidePendingCredit } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { decidePendingCreditInput } from "./decide-pending-credit.types.ts";

export const decidePendingCreditRoute = adminProcedure
  .input(decidePendingCreditInput)
  .mutation(({ ctx, input }) => decidePendingCredit(ctx.services, ctx.actor, input));
