import { getFairness, rotateSeed } from "./router/fairness/fairness.ts";
import { getMe } from "./router/me/get-me.ts";
import { packFamilyRouter } from "./router/packs/pack-family.ts";
import { createCallerFactory, router } from "./trpc.ts";

export const appRouter = router({
  packs: packFamilyRouter("packs"),
  boxes: packFamilyRouter("boxes"),
  me: router({ get: getMe }),
  fairness: router({ get: getFairness, rotate: rotateSeed }),
});

export type AppRouter = typeof appRouter;

/** Server-side calls (React Server Components) with a web context, no HTTP in between. */
export const createCaller = createCallerFactory(appRouter);
