import type { Db } from "@prizepacks/db";
import { AppError } from "../errors.ts";
import { announceChange } from "../runtime/change-feed.ts";

export async function setPackActive(db: Db, { slug, active }: { slug: string; active: boolean }) {
  const { count } = await db.pack.updateMany({ where: { slug }, data: { active } });
  if (count === 0) throw new AppError("NOT_FOUND", `No pack with slug ${slug}.`);
  announceChange(db, { kind: "catalog" });
  return { slug, active };
}
