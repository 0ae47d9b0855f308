import "server-only";
import { forbidden } from "next/navigation";
import { isAdminRole } from "@prizepacks/core";
import { db } from "./database";
import { findViewer, serverApi, type Viewer } from "./server-api";

/** Whether this viewer may use the operator console: signed in, in good standing, role admin. */
export async function viewerIsAdmin(viewer: Viewer | null): Promise<boolean> {
  if (!viewer || viewer.standing !== "ok") return false;
  const user = await (await db()).user.findUnique({ where: { id: viewer.id }, select: { role: true } });
  return isAdminRole(user?.role);
}

/** For console pages: anyone but an admin gets the 403 page (app/forbidden.tsx). */
export async function requireAdmin(): Promise<Viewer> {
  const viewer = await findViewer();
  if (!viewer || !(await viewerIsAdmin(viewer))) forbidden();
  return viewer;
}

/** The router as the signed-in admin; its admin procedures check the role again. */
export async function adminApi() {
  await requireAdmin();
  return serverApi();
}
