import type { Database } from "@prizepacks/db";
import type { ChangeFeed } from "./change-feed.ts";

/**
 * What most domain functions need: the database, and the change feed its writers tell at once
 * (announceChange). A function that needs more asks for its part beside it, e.g.
 * `Deps & { beacon: Beacon }`; only the composition root (`@prizepacks/core/server`, Services)
 * knows all the parts, and a Services satisfies every such type.
 */
export interface Deps {
  database: Database;
  feed: ChangeFeed;
}
