import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "./root.ts";

export { appRouter, createCaller } from "./root.ts";
export type { AppRouter } from "./root.ts";
export { createContext } from "./context.ts";
export type { SecondFactorCheck } from "./context.ts";

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
