import { z } from "zod";
import { IsoTimestamp, MoneyString } from "./fields.ts";

export const AccountSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    balance: z.number().meta({ description: "Wallet balance (JSON number).", example: 100 }),
    balanceString: MoneyString.meta({ description: "The same balance as an exact decimal string." }),
    createdAt: IsoTimestamp,
  })
  .meta({ id: "Account" });
export type Account = z.infer<typeof AccountSchema>;
