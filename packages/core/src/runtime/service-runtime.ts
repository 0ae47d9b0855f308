import type { Database } from "@prizepacks/db";
import { CatalogCache } from "../catalog/catalog-cache.ts";
import { startSpinCountRollup } from "../catalog/spin-count-rollup.ts";
import { PrincipalCache } from "../keys/principal-cache.ts";
import { ActivePairs } from "../open/active-pairs.ts";
import { EventHub } from "../events/event-hub.ts";
import { startReportRollup } from "../reports/pack-reports.ts";
import { ChangeFeed, registerFeed } from "./change-feed.ts";

/** What a running service keeps per database: the change feed, the caches it keeps honest, the rollup. */
export interface ServiceRuntime {
  feed: ChangeFeed;
  catalog: CatalogCache;
  principals: PrincipalCache;
  pairs: ActivePairs;
  /** The live event fan-out, started on first use (only a serving instance needs it). */
  events: () => Promise<EventHub>;
}

const runtimes = new WeakMap<Database, Promise<ServiceRuntime>>();

export function serviceRuntime(database: Database): Promise<ServiceRuntime> {
  let runtime = runtimes.get(database);
  if (!runtime) {
    runtime = start(database);
    runtimes.set(database, runtime);
    runtime.catch(() => runtimes.delete(database));
  }
  return runtime;
}

async function start(database: Database): Promise<ServiceRuntime> {
  const feed = await ChangeFeed.start(database);
  registerFeed(database, feed);
  startSpinCountRollup(database);
  startReportRollup(database);
  const catalog = new CatalogCache(database, feed);
  let events: Promise<EventHub> | undefined;
  return {
    feed,
    catalog,
    principals: new PrincipalCache(database, feed),
    pairs: new ActivePairs(),
    events: () => (events ??= EventHub.start(database, catalog)),
  };
}
