import { randomUUID } from "node:crypto";
import type { Database } from "@prizepacks/db";
import { CatalogCache } from "../catalog/catalog-cache.ts";
import { startSpinCountRollup } from "../catalog/spin-count-rollup.ts";
import { startEventRetention } from "../events/account-events.ts";
import { EventAnnouncer } from "../events/event-announcer.ts";
import { EventHub } from "../events/event-hub.ts";
import { PrincipalCache } from "../keys/principal-cache.ts";
import { ActivePairs } from "../open/active-pairs.ts";
import type { Beacon } from "../battles/beacon/beacon.ts";
import { configuredBeacon } from "../battles/beacon/configured-beacon.ts";
import { logger } from "@prizepacks/db/log";
import { BtcpayProvider } from "../deposits/btcpay-provider.ts";
import { configuredDepositProvider } from "../deposits/configured-provider.ts";
import type { DepositProvider } from "../deposits/deposit-provider.ts";
import { startDepositReconciliation } from "../deposits/reconcile-deposits.ts";
import { configuredPayoutProvider } from "../withdrawals/configured-payout-provider.ts";
import type { PayoutProvider } from "../withdrawals/payout-provider.ts";
import { configuredVerificationProvider } from "../verification/configured-verification-provider.ts";
import { startVerificationReconciliation } from "../verification/reconcile-verifications.ts";
import type { VerificationProvider } from "../verification/verification-provider.ts";
import { startWithdrawalPayouts } from "../withdrawals/process-withdrawals.ts";
import { startReportRollup } from "../reports/pack-reports.ts";
import { startWebhookDelivery } from "../webhooks/deliver-webhooks.ts";
import { startAddressErasure } from "../shipping/address-erasure.ts";
import { startBattleExpiry } from "../battles/leave-battle.ts";
import { startBattleSettlement } from "../battles/settle-battles.ts";
import { startHarmEvaluation } from "../harm/evaluate.ts";
import { startTransparencyLog } from "../transparency/append-leaves.ts";
import { AccountGate } from "../runtime/account-gate.ts";
import type { BackgroundJob } from "../runtime/background-job.ts";
import { ChangeFeed } from "../runtime/change-feed.ts";
import type { Deps } from "../runtime/deps.ts";
import { configuredPhotoStore } from "../catalog/item-photos/configured-photo-store.ts";
import type { PhotoStore } from "../catalog/item-photos/photo-store.ts";

/**
 * What a running service keeps per database: the database itself (its Prisma client and SQL
 * runner), the change feed and the caches it keeps honest, the accounts' active seed pairs and
 * their turns.
 * Opened once per database (openServices) and handed to every request in the tRPC context.
 */
export interface Services extends Deps {
  catalog: CatalogCache;
  principals: PrincipalCache;
  pairs: ActivePairs;
  /** Each account's one queue for money-moving requests, openings included (see AccountGate). */
  turns: AccountGate;
  /** The live event fan-out, started on first use (only a serving instance needs it). */
  events: () => Promise<EventHub>;
  /**
   * After a commit that may have recorded events: the streams of every instance read them now
   * rather than at their next poll (EventAnnouncer). Procedures call it after every mutation.
   */
  announceEvents: () => void;
  /** How players deposit (configuredDepositProvider), or null: deposits are refused. */
  deposits: DepositProvider | null;
  /** How withdrawals are paid (configuredPayoutProvider), or null: withdrawals are refused. */
  payouts: PayoutProvider | null;
  /** How players verify their identity (configuredVerificationProvider), or null: checks are refused. */
  verifications: VerificationProvider | null;
  /** Where battles take their randomness (configuredBeacon): drand, or the local beacon in demo mode. */
  beacon: Beacon;
  /** Where item photos' files are kept (configuredPhotoStore): S3-compatible storage, or the data folder. */
  photos: PhotoStore;
}

// On globalThis, as getDatabase's database is: Next.js may load this module once per route
// bundle, and the custom server (apps/web/server.ts) loads its own copy, all in one process.
// Keyed by the Database, so they all share the one Services of the process's database, and
// every test database gets its own.
const SERVICES_KEY = Symbol.for("prizepacks.services");
const servicesByDatabase = ((globalThis as Record<symbol, unknown>)[SERVICES_KEY] ??= new WeakMap()) as WeakMap<
  Database,
  Promise<Services>
>;

/**
 * The Services of a database, opened on first call (its change feed connects; no timers start,
 * see startBackgroundJobs) and the same object on every later call.
 */
export function openServices(database: Database): Promise<Services> {
  let services = servicesByDatabase.get(database);
  if (!services) {
    services = open(database);
    servicesByDatabase.set(database, services);
    services.catch(() => servicesByDatabase.delete(database));
  }
  return services;
}

async function open(database: Database): Promise<Services> {
  const beacon = await configuredBeacon();
  const feed = await ChangeFeed.start(database);
  const catalog = new CatalogCache(database, feed);
  let events: Promise<EventHub> | undefined;
  let hub: EventHub | undefined;
  const announcer = new EventAnnouncer(database, randomUUID(), () => hub);
  return {
    database,
    feed,
    catalog,
    principals: new PrincipalCache(database, feed),
    pairs: new ActivePairs(),
    turns: new AccountGate(),
    events: () => {
      if (!events) {
        events = EventHub.start(database, catalog, announcer.instanceId).then((started) => (hub = started));
        // A start that failed (the database down) is tried again by the next stream, not cached.
        events.catch(() => (events = undefined));
      }
      return events;
    },
    announceEvents: () => announcer.announce(),
    deposits: configuredDepositProvider(),
    payouts: configuredPayoutProvider(),
    verifications: configuredVerificationProvider(),
    beacon,
    photos: configuredPhotoStore(),
  };
}

const started = new WeakMap<Services, BackgroundJob>();

/**
 * The work a serving instance does besides answering requests: spin-count and report rollups, the markers of harm,
 * event retention, webhook delivery, address erasure, and with BTCPay its webhook registration (at `publicUrl`)
 * and deposit reconciliation, the withdrawals' payouts followed to completion, and with Sumsub the open identity checks polled. Every instance runs them (each claims its own rows).
 * Called once, by the server at start; a second call for the same Services returns the same
 * jobs. Tests start the one job they need instead. They run until the database closes or
 * `stop` is called, which waits for each job's pass in progress and gives the webhook
 * deliveries this instance holds back to the queue (startWebhookDelivery).
 */
export function startBackgroundJobs(services: Services, { publicUrl }: { publicUrl: string }): BackgroundJob {
  const running = started.get(services);
  if (running) return running;
  const { database, deposits } = services;
  const jobs = [
    startSpinCountRollup(services),
    startReportRollup(services),
    startEventRetention(services),
    startWebhookDelivery(services),
    startAddressErasure(services),
    startBattleSettlement(services),
    startBattleExpiry(services),
    startHarmEvaluation(services),
    startTransparencyLog(services),
  ];
  if (deposits instanceof BtcpayProvider) {
    // Logs, and never throws, when BTCPay cannot be reached: everything else is served meanwhile.
    void deposits
      .start(database.prisma, publicUrl)
      .catch((error: unknown) => logger("deposits").error({ err: error }, "deposit provider start failed"));
    jobs.push(startDepositReconciliation(services, deposits));
  }
  if (services.payouts) jobs.push(startWithdrawalPayouts(services));
  // Lost Sumsub webhooks: the open checks are polled (a demo check is complete when it starts).
  if (services.verifications?.name === "sumsub") jobs.push(startVerificationReconciliation(services, services.verifications));
  const all: BackgroundJob = { stop: async () => void (await Promise.all(jobs.map((job) => job.stop()))) };
  started.set(services, all);
  return all;
}
