import { getFairness, rotateSeed } from "./router/fairness/fairness.ts";
import { getMe } from "./router/me/get-me.ts";
import { packFamilyRouter } from "./router/packs/pack-family.ts";
import { router } from "./trpc.ts";

export const appRouter = router({
  packs: packFamilyRouter("packs"),
  boxes: packFamilyRouter("boxes"),
  me: router({ get: getMe }),
  fairness: router({ get: getFairness, rotate: rotateSeed }),
});

export type AppRouter = typeof appRouter;
