#!/usr/bin/env node
// npm run dockerfile:lint: the Dockerfile through dockerfile-utils' validator (the checks of the
// Docker language server: unknown instructions, bad flags and arguments, duplicate
// CMD/HEALTHCHECK/ENTRYPOINT, ...; every severity counts, warnings too), then what issue #41
// asks of the image, read from the parsed instructions.
import { readFileSync } from "node:fs";
import path from "node:path";
import { DockerfileParser } from "dockerfile-ast";
import { validate } from "dockerfile-utils";

const root = path.resolve(import.meta.dirname, "..", "..");
const file = process.argv[2] ? path.resolve(process.argv[2]) : path.join(root, "Dockerfile");
const text = readFileSync(file, "utf8");
const problems = [];

for (const diagnostic of validate(text)) {
  problems.push(`line ${diagnostic.range.start.line + 1}: ${diagnostic.message}`);
}

const dockerfile = DockerfileParser.parse(text);
const stages = dockerfile.getFROMs();
const instructions = dockerfile.getInstructions();
const last = (keyword) => instructions.filter((instruction) => instruction.getKeyword() === keyword).at(-1);
const finalStageStart = stages.at(-1).getRange().start.line;
const inFinalStage = (keyword) => instructions.filter((i) => i.getKeyword() === keyword && i.getRange().start.line > finalStageStart);

if (stages.length < 2) problems.push("multi-stage: expected a build stage and a runtime stage");
const args = Object.fromEntries(dockerfile.getARGs().map((arg) => [arg.getProperty()?.getName(), arg.getProperty()?.getValue()]));
for (const from of stages) {
  const image = from.getImageName()?.replace(/^\$\{(\w+)\}$/, (_, name) => args[name] ?? "");
  if (from.getArgumentsContent()?.includes("${NODE_IMAGE}") && !/^node:20-.*slim$/.test(args.NODE_IMAGE ?? "")) {
    problems.push(`base: NODE_IMAGE should be a slim Node 20 image, is ${args.NODE_IMAGE}`);
  } else if (!from.getArgumentsContent()?.includes("${NODE_IMAGE}") && !/^node:20-.*slim$/.test(image ?? "")) {
    problems.push(`base: ${image} is not a slim Node 20 image`);
  }
}
const user = inFinalStage("USER").at(-1)?.getArgumentsContent();
if (!user || user === "root" || user === "0") problems.push(`the runtime stage must end as a non-root USER (is ${user ?? "unset"})`);
if (last("STOPSIGNAL")?.getArgumentsContent() !== "SIGTERM") problems.push("STOPSIGNAL SIGTERM (the drain)");
const healthcheck = last("HEALTHCHECK")?.getArgumentsContent() ?? "";
if (!healthcheck.includes("/api/health")) problems.push("HEALTHCHECK on /api/health");
if (!/\["npm",\s*"start"\]/.test(last("CMD")?.getArgumentsContent() ?? "")) problems.push('CMD ["npm", "start"]');
if (!instructions.some((i) => i.getKeyword() === "RUN" && /npm run build/.test(i.getArgumentsContent() ?? ""))) {
  problems.push("the build is made at image time (RUN npm run build)");
}
// No secret baked in: no ENV or ARG whose name says secret with a value, no secret file copied.
for (const instruction of [...dockerfile.getENVs(), ...dockerfile.getARGs()]) {
  for (const property of instruction.getProperties()) {
    const name = property.getName() ?? "";
    if (/SECRET|PASSWORD|TOKEN|API_KEY|DATABASE_URL|SMTP_URL|REDIS_URL/.test(name) && property.getValue()) {
      problems.push(`line ${instruction.getRange().start.line + 1}: ${name} has a value baked into the image`);
    }
  }
}

if (problems.length) {
  console.error(`dockerfile-lint: ${problems.length} problem(s) in Dockerfile\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(`dockerfile-lint: Dockerfile clean (${stages.length} stages, ${instructions.length} instructions, runs as ${user})`);
