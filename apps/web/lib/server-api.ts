import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { createCaller } from "@prizepacks/api";
import { findSessionUser, type SessionUser } from "@prizepacks/auth";
import { assertAccountMayAct, isAppError } from "@prizepacks/core";
import { db, services } from "./database";
import { createWebContext } from "./web-context";

/** The tRPC router called in-process from Server Components, as the signed-in user. */
export async function serverApi() {
  return createCaller(await createWebContext(await headers()));
}

export type ViewerStanding = "ok" | "blocked";

export interface Viewer extends SessionUser {
  standing: ViewerStanding;
  blockedReason?: string;
}

/** The signed-in user of this request and whether they may act, or null. */
export async function findViewer(): Promise<Viewer | null> {
  const prisma = await db();
  const sessionUser = await findSessionUser(await services(), await headers());
  if (!sessionUser) return null;
  const user = await prisma.user.findUnique({ where: { id: sessionUser.id } });
  if (!user) return null;
  try {
    assertAccountMayAct(user);
    return { ...sessionUser, standing: "ok" };
  } catch (error) {
    if (isAppError(error)) return { ...sessionUser, standing: "blocked", blockedReason: error.message };
    throw error;
  }
}

/** For pages that need a player: sends others to sign in, blocked accounts to /blocked. */
export async function requireViewer(returnTo: string): Promise<Viewer> {
  const viewer = await findViewer();
  if (!viewer) redirect(`/sign-in?next=${encodeURIComponent(returnTo)}`);
  if (viewer.standing === "blocked") redirect("/blocked");
  return viewer;
}
