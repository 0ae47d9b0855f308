// npm run bench [-- --build] [-- --no-soak] [-- --seconds N] [-- --growth N] [-- --app-root DIR] [-- --streams N] [-- --no-webhooks] [-- --scale N]
//   (also --no-ceiling, --no-audit, --keep, --soak-minutes N, --soak-warmup-minutes N,
//   --no-pgbench, --no-battles, --only pgbench|battles|scale|lean|translog)
//
// Loopback-only benchmark of the built service on PostgreSQL and Redis, read as ratios measured
// side by side in one run (never as absolute thresholds): an opening over HTTP against openPack
// called in the bench process (the in-process ceiling), reads against a static file served by
// the same server, everything again after a million more spins. Speed targets live here, never in
// the tests. See docs/performance.md for the method and the latest figures.
//
// options.ts the flags and sizes; server.ts the database and the service under test; load.ts
// autocannon and phases in turns; ceiling.ts, streams.ts, pgbench.ts, battles.ts, scale.ts (with
// stream-clients.ts and latency.ts) the other phases; history.ts the million spins; soak.ts the
// memory watch; report.ts the ratios, table and results files.
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { auditInvariants, createUser, parseMoney } from "@prizepacks/core";
import { openServices } from "@prizepacks/core/server";
import type { Database } from "@prizepacks/db";
import { openDatabase } from "@prizepacks/db/client";
import { measureBattles } from "./battles.ts";
import { ceilingPhase } from "./ceiling.ts";
import { diskPhase } from "./disk.ts";
import { measureDraw } from "./draw.ts";
import { addHistory, settle } from "./history.ts";
import { httpPhase, measureInTurns, type Figures, type LoadSpec } from "./load.ts";
import { log } from "./log.ts";
import {
  ACCOUNTS,
  appRoot,
  CONNECTIONS,
  flag,
  GROWTH_SPINS,
  ONLY,
  postgresServerUrl,
  redisUrl,
  SCALE,
  SECONDS,
  STREAMS,
  VERSUS_APP_ROOTS,
  VERSUS_WORKERS,
  WORKERS,
  withBattles,
  withCeiling,
  withPgbench,
  withSoak,
  ACCOUNT_BALANCE,
} from "./options.ts";
import { measureLean } from "./lean.ts";
import { measureTranslog } from "./translog.ts";
import { measurePgbench } from "./pgbench.ts";
import { writeOnlyReport, writeReport, type Measured } from "./report.ts";
import { onServer, rssMiB, startServer, type Server } from "./server.ts";
import { scalePhase } from "./scale.ts";
import { runSoak } from "./soak.ts";
import { withStreamsPhase } from "./streams.ts";

async function main() {
  if (!existsSync(path.join(appRoot, "apps", "web", ".next", "BUILD_ID")) && !flag("build")) {
    throw new Error("the app is not built: run `npm run build` first (or `npm run bench -- --build`)");
  }
  const name = `pp_bench_${Date.now()}`;
  await onServer(`CREATE DATABASE "${name}"`);
  const url = new URL(postgresServerUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  log(`database ${name}, redis ${redisUrl}, ${CONNECTIONS} connections, ${SECONDS} s per phase`);

  let server: Server | undefined;
  const versusServers: Server[] = [];
  let database: Database | undefined;
  let webhooksPhase: ReturnType<typeof withStreamsPhase> | undefined;
  const started = Date.now();
  try {
    server = await startServer(databaseUrl);
    // Idle as a visitor first finds it: ready, then a few quiet seconds (start-up's garbage collected).
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const idleMiB = rssMiB(server.pid());
    log(`server RSS after start, idle: ${idleMiB} MiB`);
    database = await openDatabase({ url: databaseUrl, waits: "operator" });
    const packs = await database.prisma.pack.findMany({
      where: { active: true },
      orderBy: { slug: "asc" },
      select: { slug: true, image: true },
    });
    const slugs = packs.map((pack) => pack.slug);
    const users = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      users.push(
        await createUser(await openServices(database), {
          email: `bench-${i}-${randomUUID().slice(0, 6)}@bench.prizepacks.local`,
          balance: parseMoney(ACCOUNT_BALANCE),
        }),
      );
    }
    const httpUsers = users.slice(0, CONNECTIONS);
    const ceilingUsers = users.slice(CONNECTIONS);
    const key = (i: number) => httpUsers[i % httpUsers.length]!.apiKey;
    const base = server.baseUrl;
    const hot = slugs[0]!;

    // A file from public/, served by Next.js as it is (pack images are drawn per request now).
    const staticPhase = httpPhase("static file", base, { path: () => "/robots.txt" });
    const listPhase = httpPhase("GET /v1/packs", base, { path: () => "/v1/packs", key });
    const detailPhase = httpPhase("GET /v1/packs/{slug}", base, { path: (i) => `/v1/packs/${slugs[i % slugs.length]}`, key });
    const spreadPhase = httpPhase(`open, ${CONNECTIONS} accounts over ${slugs.length} packs`, base, {
      method: "POST",
      path: (i) => `/v1/packs/${slugs[i % slugs.length]}/open`,
      key,
    });
    const onePackPhase = httpPhase(`open, ${CONNECTIONS} accounts on one pack`, base, {
      method: "POST",
      path: () => `/v1/packs/${hot}/open`,
      key,
    });
    const openSpread: LoadSpec = { method: "POST", path: (i) => `/v1/packs/${slugs[i % slugs.length]}/open`, key };
    const streamsPhase = withStreamsPhase(database, base, openSpread, httpUsers, { webhooks: false });
    webhooksPhase = withStreamsPhase(database, base, openSpread, httpUsers, { webhooks: true });
    // pgbench's ceiling in turns with the HTTP opens; battles' settlement cost and a hundred at once.
    // The in-process ceiling too, for where its opening's CPU goes beside the HTTP one's.
    const pgbenchGroup = async () =>
      withPgbench
        ? measurePgbench(
            database!,
            databaseUrl,
            spreadPhase,
            () => server!.pids(),
            withCeiling ? ceilingPhase(database!, ceilingUsers, slugs) : null,
          )
        : null;
    const battlesGroup = async () => (withBattles ? measureBattles(database!, databaseUrl, slugs, server!.dataDir) : null);
    // --only lean and translog: the phase's figures, then the audit, into that phase's report.
    const auditAndReport = async (phase: string, figures: Pick<Parameters<typeof writeOnlyReport>[1], "lean" | "translog">) => {
      const audit = await auditInvariants(await openServices(database!));
      log(`audit: ${audit.ok ? "clean" : `${audit.breaches.length} BREACHES`} (${audit.checked.spins} spins)`);
      if (!audit.ok) log(JSON.stringify(audit.breaches.slice(0, 5)));
      writeOnlyReport(
        phase,
        {
          pgbench: null,
          battles: null,
          scale: null,
          ...figures,
          audit: { ok: audit.ok, breaches: audit.breaches.length, spins: audit.checked.spins },
        },
        started,
      );
      if (!audit.ok) process.exitCode = 1;
    };
    if (ONLY === "lean") {
      // The other servers on the same database: other builds (--versus) and/or another WEB_CONCURRENCY.
      const versusRoots = VERSUS_APP_ROOTS.length > 0 ? VERSUS_APP_ROOTS : VERSUS_WORKERS !== undefined ? [appRoot] : [];
      const versusWorkers = VERSUS_WORKERS ?? WORKERS;
      for (const root of versusRoots) versusServers.push(await startServer(databaseUrl, { appRoot: root, workers: versusWorkers }));
      const describe = (root: string, workers: number) =>
        `${root === appRoot ? "this build" : path.basename(root)}, ${workers} worker${workers === 1 ? "" : "s"}`;
      const lean = await measureLean(
        database,
        databaseUrl,
        [
          { label: describe(appRoot, WORKERS), workers: WORKERS, server },
          ...versusServers.map((versus, index) => ({
            label: describe(versusRoots[index]!, versusWorkers),
            workers: versusWorkers,
            server: versus,
          })),
        ],
        { slugs, key, ceilingUsers },
      );
      await auditAndReport("lean", { lean });
      return;
    }
    if (ONLY === "translog") {
      await auditAndReport("translog", { translog: await measureTranslog(database, base, openSpread, slugs.length) });
      return;
    }
    if (ONLY) {
      const measured = {
        pgbench: await pgbenchGroup(),
        battles: await battlesGroup(),
        scale: ONLY === "scale" && SCALE > 0 ? await scalePhase(database, server, slugs) : null,
      };
      const audit = await auditInvariants(await openServices(database));
      log(`audit: ${audit.ok ? "clean" : `${audit.breaches.length} BREACHES`} (${audit.checked.spins} spins)`);
      if (!audit.ok) log(JSON.stringify(audit.breaches.slice(0, 5)));
      writeOnlyReport(ONLY, { ...measured, audit: { ok: audit.ok, breaches: audit.breaches.length, spins: audit.checked.spins } }, started);
      if (!audit.ok) process.exitCode = 1;
      return;
    }

    const [health] = await measureInTurns([httpPhase("GET /api/health (SELECT 1)", base, { path: () => "/api/health" })]);
    const [staticFile, list, detail] = await measureInTurns([staticPhase, listPhase, detailPhase]);
    // The disk beside the opens: their commits wait on it, and it is the part of the machine that varies most between runs.
    const opens = await measureInTurns([
      ...(withCeiling ? [ceilingPhase(database, ceilingUsers, slugs)] : []),
      spreadPhase,
      onePackPhase,
      diskPhase(),
    ]);
    const ceilingFigures = withCeiling ? opens[0]! : null;
    const [spread, onePack, disk] = opens.slice(withCeiling ? 1 : 0) as [Figures, Figures, Figures];
    const pgbench = await pgbenchGroup();
    const battles = await battlesGroup();
    // Streams in a group of their own, next to the same opens without them; webhooks last and
    // apart (report only): whatever runs right after a webhook turn measures slow (p99 300–430 ms
    // against 80 ms, even with the deliveries' tables vacuumed and checkpointed), so they would
    // spoil any group they shared.
    const [spreadBesideStreams = null, withStreams = null] = STREAMS > 0 ? await measureInTurns([spreadPhase, streamsPhase]) : [];
    const [spreadBesideWebhooks = null, withWebhooks = null] =
      STREAMS > 0 && !flag("no-webhooks") ? await measureInTurns([spreadPhase, webhooksPhase]) : [];

    const draw = await measureDraw();

    let afterGrowth: Measured["afterGrowth"] = null;
    if (GROWTH_SPINS > 0) {
      // The same groups in the same turns, right before and right after the history, each from
      // a settled database: only the history differs between them. (Against the run's first
      // turns, opens read about 0.7 after adding a single spin: whatever changed in the twenty
      // minutes between, not the spins. docs/performance.md, "Round two, continued".)
      const growthGroups = async () => {
        const [, list, detail] = await measureInTurns([staticPhase, listPhase, detailPhase]);
        const opens = await measureInTurns([
          ...(withCeiling ? [ceilingPhase(database!, ceilingUsers, slugs)] : []),
          spreadPhase,
          diskPhase(),
        ]);
        return { list: list!, detail: detail!, spread: opens.at(-2)!, ceiling: withCeiling ? opens[0]! : null, disk: opens.at(-1)! };
      };
      await settle(database);
      const before = await growthGroups();
      await addHistory(database, GROWTH_SPINS);
      afterGrowth = { ...(await growthGroups()), before };
    }

    const soak = withSoak ? await runSoak(server, slugs, httpUsers) : null;

    // Last: thousands of streams may break the server, and what it did is then reported, not the phases after.
    const scale = SCALE > 0 ? await scalePhase(database, server, slugs) : null;

    // A build from before pack_stats existed (--app-root) cannot be audited by today's rules.
    const audit = flag("no-audit")
      ? { ok: true, breaches: [], checked: { spins: 0 } }
      : await auditInvariants(await openServices(database));
    log(`audit: ${audit.ok ? "clean" : `${audit.breaches.length} BREACHES`} (${audit.checked.spins} spins)`);

    writeReport(
      {
        health: health!,
        staticFile: staticFile!,
        list: list!,
        detail: detail!,
        ceiling: ceilingFigures,
        disk,
        spread,
        onePack,
        spreadBesideStreams,
        withStreams,
        spreadBesideWebhooks,
        withWebhooks,
        afterGrowth,
        draw,
        soak,
        scale,
        idleMiB,
        audit: { ok: audit.ok, breaches: audit.breaches.length, spins: audit.checked.spins },
        pgbench,
        battles,
      },
      started,
    );
    if (!audit.ok) process.exitCode = 1;
  } finally {
    await webhooksPhase?.close();
    await server?.stop();
    for (const versus of versusServers) await versus.stop();
    await database?.close();
    if (!flag("keep")) await onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
  }
}

main().catch((error: unknown) => {
  console.error(`[bench] ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
});
