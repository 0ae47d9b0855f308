#!/usr/bin/env node
// npm run chart:check: the Helm chart (deploy/helm/prizepacks) linted and rendered by Helm itself
// with every values file in its ci/ folder, each rendered object validated against Kubernetes'
// own schemas (kubernetes-models: the API's OpenAPI schemas as JSON Schema, checked by ajv; the
// Prometheus Operator's for the ServiceMonitor), then what the service needs of it asserted:
// probes, the grace period above the drain, the migration hook, secrets only in Secrets, non-root.
// The settings the chart must refuse are rendered too, and must fail with their message.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { parseAllDocuments } from "yaml";
import { findHelm } from "./helm.mjs";

const root = path.resolve(import.meta.dirname, "..", "..");
const chart = path.join(root, "deploy", "helm", "prizepacks");
const kubeVersion = "1.33.0";
const { helm, version } = findHelm();
console.log(`chart-check: helm ${version}, Kubernetes ${kubeVersion} schemas (kubernetes-models)`);

let failures = 0;
const fail = (what) => {
  failures += 1;
  console.error(`  FAIL ${what}`);
};
const check = (condition, what) => (condition ? undefined : fail(what));

function runHelm(args) {
  return spawnSync(helm, args, { encoding: "utf8" });
}

async function schemaFor(apiVersion, kind) {
  const modules =
    apiVersion === "monitoring.coreos.com/v1"
      ? [`@kubernetes-models/prometheus-operator/${apiVersion}`]
      : [`kubernetes-models/${apiVersion}`];
  for (const name of modules) {
    const module = await import(name);
    if (module[kind]) return module[kind];
  }
  throw new Error(`no schema for ${apiVersion} ${kind}`);
}

// The secret variables (README, "Environment"): never a plain env value in a manifest.
const secretVariables = [
  "DATABASE_URL",
  "REDIS_URL",
  "BETTER_AUTH_SECRET",
  "SMTP_URL",
  "METRICS_TOKEN",
  "UPSTASH_REDIS_REST_TOKEN",
  "BTCPAY_API_KEY",
  "SUMSUB_APP_TOKEN",
  "SUMSUB_SECRET_KEY",
  "SUMSUB_WEBHOOK_SECRET",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
];

function podChecks(name, podSpec, { server }) {
  const [container] = podSpec.containers;
  check(podSpec.securityContext?.runAsNonRoot === true && podSpec.securityContext?.runAsUser !== 0, `${name}: runs as non-root`);
  check(container.securityContext?.readOnlyRootFilesystem === true, `${name}: read-only root`);
  check(container.securityContext?.allowPrivilegeEscalation === false, `${name}: no privilege escalation`);
  const env = Object.fromEntries((container.env ?? []).map((entry) => [entry.name, entry]));
  for (const variable of secretVariables) check(!env[variable], `${name}: ${variable} comes from a Secret, not a plain env value`);
  check(
    (container.envFrom ?? []).some((from) => from.secretRef?.name),
    `${name}: the secret variables come from a Secret (envFrom secretRef)`,
  );
  check(env.DEMO_MODE?.value === "false", `${name}: DEMO_MODE=false`);
  check(env.HOST?.value === "0.0.0.0", `${name}: HOST=0.0.0.0`);
  const mounts = new Set((container.volumeMounts ?? []).map((mount) => mount.mountPath));
  for (const dir of ["/data", "/tmp", "/app/apps/web/.next/cache"]) check(mounts.has(dir), `${name}: ${dir} is writable (mounted)`);
  if (!server) return;
  check(container.readinessProbe?.httpGet?.path === "/api/ready", `${name}: readiness probe on /api/ready`);
  check(container.livenessProbe?.httpGet?.path === "/api/health", `${name}: liveness probe on /api/health`);
  const drain = Number(env.SHUTDOWN_DELAY_SECONDS?.value ?? 5) + Number(env.SHUTDOWN_TIMEOUT_SECONDS?.value ?? 25);
  check(
    podSpec.terminationGracePeriodSeconds > drain,
    `${name}: terminationGracePeriodSeconds ${podSpec.terminationGracePeriodSeconds} above the drain's ${drain} s`,
  );
}

async function checkValuesFile(file) {
  const label = path.relative(root, file);
  console.log(`chart-check: ${label}`);
  const lint = runHelm(["lint", "--strict", chart, "-f", file, "--kube-version", kubeVersion]);
  check(lint.status === 0, `helm lint --strict: ${lint.stdout}${lint.stderr}`);
  const rendered = runHelm(["template", "prizepacks", chart, "-f", file, "--namespace", "packs", "--kube-version", kubeVersion]);
  if (rendered.status !== 0) return fail(`helm template: ${rendered.stderr}`);
  const objects = parseAllDocuments(rendered.stdout)
    .map((doc) => {
      if (doc.errors.length) fail(`YAML: ${doc.errors.join("; ")}`);
      return doc.toJS();
    })
    .filter(Boolean);
  const byKind = {};
  for (const object of objects) {
    const where = `${object.kind} ${object.metadata?.name}`;
    try {
      const Model = await schemaFor(object.apiVersion, object.kind);
      new Model(object).validate();
    } catch (error) {
      fail(`${where} against ${object.apiVersion}'s schema: ${error.message}`);
    }
    (byKind[object.kind] ??= []).push(object);
  }
  console.log(`  ${objects.length} objects valid: ${objects.map((object) => object.kind).join(", ")}`);

  const [deployment] = byKind.Deployment ?? [];
  if (!deployment) return fail("no Deployment");
  podChecks("Deployment", deployment.spec.template.spec, { server: true });
  const [job] = byKind.Job ?? [];
  if (!job) return fail("no migration Job");
  podChecks("migration Job", job.spec.template.spec, { server: false });
  const jobAnnotations = job.metadata.annotations ?? {};
  check(
    /pre-install/.test(jobAnnotations["helm.sh/hook"]) && /pre-upgrade/.test(jobAnnotations["helm.sh/hook"]),
    "migration Job: a pre-install,pre-upgrade hook",
  );
  check(
    job.spec.template.spec.containers[0].command.join(" ").includes("apps/web/dist/prepare.js"),
    "migration Job: runs the start-up step",
  );
  check(
    job.spec.template.spec.containers[0].image === deployment.spec.template.spec.containers[0].image,
    "migration Job: the Deployment's image",
  );
  const [secret] = byKind.Secret ?? [];
  const existing = deployment.spec.template.spec.containers[0].envFrom[0].secretRef.name;
  if (secret) {
    check(secret.metadata.name === existing, "the Deployment reads the chart's Secret");
    const hook = secret.metadata.annotations?.["helm.sh/hook"] ?? "";
    const jobWeight = Number(jobAnnotations["helm.sh/hook-weight"] ?? 0);
    check(
      /pre-install/.test(hook) && Number(secret.metadata.annotations["helm.sh/hook-weight"]) < jobWeight,
      "the Secret exists before the migration Job (an earlier hook)",
    );
  }
  check((byKind.PodDisruptionBudget ?? []).length === 1, "a PodDisruptionBudget");
  const [hpa] = byKind.HorizontalPodAutoscaler ?? [];
  if (hpa) {
    check(
      hpa.spec.metrics.some((metric) => metric.resource?.name === "cpu"),
      "the HPA scales on CPU",
    );
    check(deployment.spec.replicas === undefined, "with an HPA the Deployment leaves replicas to it");
    check(Boolean(deployment.spec.template.spec.containers[0].resources?.requests?.cpu), "with an HPA the container requests CPU");
  }
  for (const monitor of byKind.ServiceMonitor ?? []) {
    const [service] = byKind.Service;
    check(
      service.spec.ports.some((port) => port.name === monitor.spec.endpoints[0].port),
      "the ServiceMonitor scrapes a port the Service has",
    );
    check(monitor.spec.endpoints[0].path === "/metrics", "the ServiceMonitor scrapes /metrics");
  }
  return objects;
}

const valuesFiles = readdirSync(path.join(chart, "ci"))
  .filter((name) => name.endsWith(".yaml"))
  .map((name) => path.join(chart, "ci", name));
for (const file of valuesFiles) await checkValuesFile(file);

// What the chart must refuse, with the message an operator reads.
const minimal = path.join(chart, "ci", "minimal-values.yaml");
const refusals = [
  { args: [], message: "publicUrl is required" },
  { args: ["-f", minimal, "--set", "secrets.values.SMTP_URL="], message: "SMTP_URL is required" },
  { args: ["-f", minimal, "--set", "secrets.values.BETTER_AUTH_SECRET=short"], message: "at least 32 characters" },
  { args: ["-f", minimal, "--set", "terminationGracePeriodSeconds=30"], message: "must exceed shutdown.delaySeconds" },
  { args: ["-f", minimal, "--set", "env.DATABASE_URL=postgresql://x"], message: "is a secret" },
  { args: ["-f", minimal, "--set", "env.DEMO_MODE=true"], message: "is set by the chart" },
];
for (const { args, message } of refusals) {
  const result = runHelm(["template", "prizepacks", chart, ...args]);
  check(
    result.status !== 0 && result.stderr.includes(message),
    `refused with "${message}" (${args.join(" ") || "the defaults"}): ${result.stderr.trim()}`,
  );
}
console.log(`chart-check: ${refusals.length} refusals as expected`);

if (failures) {
  console.error(`chart-check: ${failures} failed`);
  process.exit(1);
}
console.log(`chart-check: ${valuesFiles.length} values files rendered and valid`);
