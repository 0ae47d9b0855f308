#!/usr/bin/env bash
# npm run image:check: builds the image from the Dockerfile with podman and starts it twice,
# asserting each time that GET /api/ready answers 200 from the container:
#   1. production mode on this machine's PostgreSQL (a fresh database) and Redis, host network,
#      read-only root, as uid 1000; then the admin CLI's audit inside it, the HEALTHCHECK, and a
#      `podman stop` that drains (exit 0);
#   2. demo mode on the embedded database in the data volume (docker run's simplest case).
# Container registries are unreachable here, so the Dockerfile's base (node:20-bookworm-slim) is
# built first from Debian's packages and this machine's Node (scripts/image/build-base.sh).
#
# IMAGE_CHECK_SKIP_BUILD=1 checks the image already built (a second look after a failure).
# Needs root (podman, mmdebstrap and runc are installed with apt-get when missing), PostgreSQL on
# 127.0.0.1:5432 (user postgres, trust) and Redis on 127.0.0.1:6379, as .ci/run starts them.
# Where containers cannot run it says why and exits 0 with "image-check: skipped"
# (IMAGE_CHECK_REQUIRED=1 makes that a failure). Takes 5-15 minutes (a cold npm install and
# Next.js build inside the image on two cores): not part of npm test.
set -euo pipefail
cd "$(dirname "$0")/.."

PG_URL="${IMAGE_CHECK_POSTGRES:-postgresql://postgres@127.0.0.1:5432}"
REDIS_URL_HOST="${IMAGE_CHECK_REDIS:-redis://127.0.0.1:6379}"
PORT="${IMAGE_CHECK_PORT:-3390}"
IMAGE="${IMAGE_CHECK_IMAGE:-localhost/prizepacks:check}"
BASE="docker.io/library/node:20-bookworm-slim"
started=$(date +%s)
say() { echo "image-check: $*"; }
skip() {
  say "skipped: $*"
  if [ "${IMAGE_CHECK_REQUIRED:-0}" = 1 ]; then exit 1; fi
  exit 0
}

[ "$(id -u)" = 0 ] || skip "needs root (podman's rootful storage and mmdebstrap); run it as root"
need=()
command -v podman >/dev/null || need+=(podman)
command -v mmdebstrap >/dev/null || need+=(mmdebstrap)
command -v runc >/dev/null || need+=(runc)
if [ ${#need[@]} -gt 0 ]; then
  say "installing ${need[*]} (apt)"
  export DEBIAN_FRONTEND=noninteractive
  { apt-get update -qq && apt-get install -y -qq "${need[@]}" >/dev/null; } || skip "apt-get install ${need[*]} failed"
fi

scripts/image/build-base.sh "$BASE"

# Which runtime flags this machine needs. crun refuses hybrid cgroup v1/v2 hierarchies, and a
# machine without CAP_SYS_RESOURCE cannot raise podman's default rlimits: runc with the
# limits lowered runs there.
run_flags=()
probe() { podman run --rm --pull=never "$@" "$BASE" node -e 'process.exit(0)' >/tmp/image-check-probe.log 2>&1; }
if probe; then
  :
elif probe --runtime runc --ulimit nofile=16384:16384 --ulimit nproc=4096:4096; then
  run_flags=(--runtime runc --ulimit nofile=16384:16384 --ulimit nproc=4096:4096)
else
  skip "this machine cannot run a container: $(tail -n 1 /tmp/image-check-probe.log)"
fi
say "containers run here${run_flags:+ with ${run_flags[*]}}"

# The build, one at a time. The host's npm cache is lent to the install (read from, written to:
# it only speeds the install up) and its CA bundle, where it has one, as a build secret.
build_flags=(--format docker --pull=never --network host -v "$HOME/.npm:/root/.npm" --build-arg NPM_CONFIG_PREFER_OFFLINE=true)
ca="${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}"
[ -s "$ca" ] && build_flags+=(--secret "id=ca,src=$ca")
mkdir -p "$HOME/.npm"
build_started=$(date +%s)
if [ "${IMAGE_CHECK_SKIP_BUILD:-0}" = 1 ] && podman image exists "$IMAGE"; then
  say "IMAGE_CHECK_SKIP_BUILD=1: checking the $IMAGE already built"
elif say "building $IMAGE (log: /tmp/image-check-build.log)" && ! nice -n 10 podman build "${run_flags[@]}" "${build_flags[@]}" -t "$IMAGE" . >/tmp/image-check-build.log 2>&1; then
  tail -n 30 /tmp/image-check-build.log
  say "FAILED: podman build"
  exit 1
fi
say "image ready in $(($(date +%s) - build_started)) s: $(podman image inspect --format '{{.Size}}' "$IMAGE" | awk '{printf "%.0f MB", $1/1e6}')"

failures=0
ok() { say "ok   $*"; }
bad() { say "FAIL $*"; failures=$((failures + 1)); }

# The image's own settings.
config="$(podman image inspect --format '{{.Config.User}}|{{.Config.StopSignal}}|{{json .Config.Cmd}}|{{json .Config.Env}}' "$IMAGE")"
IFS='|' read -r img_user img_stop img_cmd img_env <<<"$config"
[ "$img_user" = node ] && ok "runs as $img_user" || bad "image user is '$img_user', not node"
[ "$img_stop" = SIGTERM ] && ok "STOPSIGNAL $img_stop" || bad "STOPSIGNAL is '$img_stop'"
[ "$img_cmd" = '["npm","start"]' ] && ok "CMD $img_cmd" || bad "CMD is $img_cmd"
podman image inspect --format '{{json .Config.Healthcheck}}' "$IMAGE" | grep -q /api/health && ok "HEALTHCHECK on /api/health" || bad "no HEALTHCHECK on /api/health"
if grep -Eq 'SECRET=|PASSWORD=|TOKEN=|API_KEY=|DATABASE_URL=|SMTP_URL=|REDIS_URL=' <<<"$img_env"; then bad "a secret in the image's env: $img_env"; else ok "no secret in the image's env"; fi
# Neither the build's CA secret nor local state in any layer.
leaks="$(podman run --rm "${run_flags[@]}" --pull=never --entrypoint sh "$IMAGE" -c 'ls -d /run/secrets/ca /app/.data /app/.env /root/.npm/_cacache 2>/dev/null; id -u' || true)"
[ "$leaks" = 1000 ] && ok "no build secret, .data, .env or npm cache in the image; uid 1000" || bad "found in the image: $leaks"

wait_ready() { # name, port: the body of the first 200 from /api/ready, or failure after 240 s
  local name="$1" port="$2"
  for _ in $(seq 1 240); do
    if body="$(curl -fsS "http://127.0.0.1:$port/api/ready" 2>/dev/null)"; then
      echo "$body"
      return 0
    fi
    [ "$(podman inspect --format '{{.State.Running}}' "$name" 2>/dev/null)" = true ] || return 1
    sleep 1
  done
  return 1
}

# 1. Production mode on PostgreSQL and Redis.
db="prizepacks_image_$(date +%s)_$$"
name="prizepacks-image-check-$$"
name2="prizepacks-image-check-demo-$$"
cleanup() {
  podman rm -f -t 0 "$name" "$name2" >/dev/null 2>&1 || true
  podman volume rm -f "$name-data" "$name-cache" "$name2-data" >/dev/null 2>&1 || true
  psql "$PG_URL/postgres" -qc "DROP DATABASE IF EXISTS \"$db\" WITH (FORCE)" >/dev/null 2>&1 || true
}
trap cleanup EXIT
psql "$PG_URL/postgres" -v ON_ERROR_STOP=1 -qc "CREATE DATABASE \"$db\"" || skip "no PostgreSQL at $PG_URL (start it as .ci/run does)"
redis-cli -u "$REDIS_URL_HOST" ping >/dev/null 2>&1 || skip "no Redis at $REDIS_URL_HOST"

say "starting $IMAGE in production mode (PostgreSQL $db, Redis, read-only root, host network, port $PORT)"
run_started=$(date +%s)
podman run -d --name "$name" "${run_flags[@]}" --pull=never --network host --read-only \
  --tmpfs /tmp:rw,mode=1777 -v "$name-data:/data" -v "$name-cache:/app/apps/web/.next/cache" \
  -e HOST=127.0.0.1 -e PORT="$PORT" -e DEMO_MODE=false \
  -e DATABASE_URL="$PG_URL/$db" -e REDIS_URL="$REDIS_URL_HOST" -e RATE_LIMIT_PREFIX="$db" \
  -e BETTER_AUTH_URL="https://packs.example.com" -e BETTER_AUTH_SECRET="$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')" \
  -e SMTP_URL="smtp://127.0.0.1:2525" -e BTCPAY_URL= -e SHUTDOWN_DELAY_SECONDS=1 \
  "$IMAGE" >/dev/null
if body="$(wait_ready "$name" "$PORT")"; then
  ok "GET /api/ready 200 in $(($(date +%s) - run_started)) s: $body"
else
  podman logs --tail 40 "$name" 2>&1 | sed 's/^/  | /'
  bad "GET /api/ready never answered 200 (production mode)"
fi
health="$(curl -fsS "http://127.0.0.1:$PORT/api/health" || true)"
[ -n "$health" ] && ok "GET /api/health: $health" || bad "GET /api/health"
logs="$(podman logs "$name" 2>&1)"
grep -q "production mode" <<<"$logs" && ok "the log says production mode" || bad "no 'production mode' in the log"
podman exec "$name" sh -c 'test "$(id -u)" = 1000' && ok "the server runs as uid 1000" || bad "the server does not run as uid 1000"
podman healthcheck run "$name" >/dev/null 2>&1 && ok "podman healthcheck run: healthy" || bad "the HEALTHCHECK fails"
audit="$(podman exec "$name" npm run --silent admin -- audit 2>&1 || true)"
grep -q '"ok": *true' <<<"$audit" && ok "npm run admin -- audit in the container: ok" || bad "admin audit: ${audit:0:400}"
podman stop -t 40 "$name" >/dev/null
code="$(podman inspect --format '{{.State.ExitCode}}' "$name")"
[ "$code" = 0 ] && ok "podman stop: drained and exited 0" || {
  podman logs --tail 20 "$name" 2>&1 | sed 's/^/  | /'
  bad "podman stop: exit code $code"
}

# 2. Demo mode on the embedded database, in a named volume.
say "starting $IMAGE in demo mode (embedded database in a volume, port $((PORT + 1)))"
podman volume create "$name2-data" >/dev/null
run_started=$(date +%s)
podman run -d --name "$name2" "${run_flags[@]}" --pull=never --network host \
  -v "$name2-data:/data" -e HOST=127.0.0.1 -e PORT="$((PORT + 1))" "$IMAGE" >/dev/null
if body="$(wait_ready "$name2" "$((PORT + 1))")"; then
  ok "GET /api/ready 200 in $(($(date +%s) - run_started)) s (demo, embedded): $body"
else
  podman logs --tail 40 "$name2" 2>&1 | sed 's/^/  | /'
  bad "GET /api/ready never answered 200 (demo mode, embedded database)"
fi
key="$(podman logs "$name2" 2>&1 | grep -o 'pp_live_[A-Za-z0-9]*' | head -n 1 || true)"
if [ -n "$key" ] && curl -fsS "http://127.0.0.1:$((PORT + 1))/v1/packs" -H "Authorization: Bearer $key" | grep -q '"slug"'; then
  ok "the printed demo key lists the packs over /v1"
else
  bad "the demo key did not list packs"
fi
podman stop -t 40 "$name2" >/dev/null

if [ "$failures" = 0 ]; then say "passed in $(($(date +%s) - started)) s"; else say "$failures failed ($(($(date +%s) - started)) s)"; fi
[ "$failures" = 0 ]
