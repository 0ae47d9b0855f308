# The prizepacks image: `npm start` on a build made here, at image time, as a non-root user.
# Build: docker build -t prizepacks .   (or: podman build -t prizepacks .)
# Run:   see compose.yaml and docs/operations.md ("Deploy with Docker"). Nothing secret is in the
# image: every secret (BETTER_AUTH_SECRET, DATABASE_URL, SMTP_URL, ...) comes from the environment
# at run time.
ARG NODE_IMAGE=node:20-bookworm-slim

# ---- build: every dependency, the Prisma client, Next.js and the Node bundles ----------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 \
    TURBO_TELEMETRY_DISABLED=1 \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false
# The manifests first, so a change to a source file does not install everything again.
# `npm install` rather than `npm ci`: the lockfile names optional packages for every platform,
# and `npm ci` refuses it where the registry serves only this platform's (README, "Two commands").
COPY package.json package-lock.json ./
COPY apps/web/package.json apps/web/
COPY apps/admin-cli/package.json apps/admin-cli/
COPY packages/api/package.json packages/api/
COPY packages/auth/package.json packages/auth/
COPY packages/core/package.json packages/core/
COPY packages/db/package.json packages/db/
COPY packages/fairness/package.json packages/fairness/
COPY tooling/eslint/package.json tooling/eslint/
COPY tooling/prettier/package.json tooling/prettier/
COPY tooling/typescript/package.json tooling/typescript/
COPY examples/bot/package.json examples/bot/
# Behind a TLS-inspecting proxy, hand its CA bundle in as a build secret (never a layer):
#   docker build --secret id=ca,src=/etc/ssl/certs/ca-certificates.crt .
# NPM_CONFIG_PREFER_OFFLINE=true with the host's npm cache mounted (podman build -v ~/.npm:/root/.npm)
# installs from that cache: scripts/image-check.sh does so.
ARG NPM_CONFIG_PREFER_OFFLINE=false
RUN --mount=type=secret,id=ca \
    if [ -s /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi \
 && npm install --no-audit --no-fund \
 && cp package-lock.json /tmp/package-lock.json
COPY . .
# The lockfile as the install left it (the build's fingerprint includes it), then the build:
# Prisma's client, Next.js, and apps/web/dist + apps/admin-cli/dist with their fingerprint.
# The admin CLI's bundle is made again last: turbo builds it beside Next.js, whose build writes
# into apps/web/public, so its recorded fingerprint would be older than the tree and
# `npm run admin` would try to rebuild it in the read-only image.
RUN cp /tmp/package-lock.json package-lock.json \
 && npm run build \
 && npm run --silent build --workspace @prizepacks/admin-cli \
 && test -f apps/web/dist/server.js -a -f apps/web/dist/prepare.js -a -f apps/admin-cli/dist/cli.js -a -f apps/web/.next/BUILD_ID
# What runs needs no dev dependency (turbo, esbuild, TypeScript, Playwright, the linters). Pruning
# may rewrite the lockfile: put back the one the build's fingerprint was taken of, so
# `npm run admin` in the image finds its build current and never tries to rebuild.
RUN npm prune --omit=dev --no-audit --no-fund \
 && cp /tmp/package-lock.json package-lock.json \
 && rm -rf .data .turbo apps/web/.next/cache examples apps/web/tests apps/web/browser-tests bench docs/screenshots

# ---- runtime -----------------------------------------------------------------------------------
FROM ${NODE_IMAGE}
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    PRIZEPACKS_DATA_DIR=/data \
    PRIZEPACKS_SKIP_BUILD=1 \
    NEXT_TELEMETRY_DISABLED=1 \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false \
    NPM_CONFIG_CACHE=/tmp/.npm \
    NPM_CONFIG_SCRIPT_SHELL=/bin/bash
# npm runs `node scripts/start.mjs` through a shell: bash execs it, so the SIGTERM npm passes on
# reaches start.mjs and the server drains (dash would die of it, npm would exit 1, the drain cut).
# The application tree belongs to root and is read-only for the user that runs it; the data
# folder (embedded database, demo key, auth secret, item photos) and Next's cache are its own.
COPY --from=build /app /app
RUN mkdir -p /data /app/apps/web/.next/cache \
 && chown node:node /data /app/apps/web/.next/cache
USER node
VOLUME ["/data"]
EXPOSE 3000
# The drain (docs/operations.md, "The drain"): SIGTERM makes /api/ready 503, waits
# SHUTDOWN_DELAY_SECONDS (5), answers what is in flight for up to SHUTDOWN_TIMEOUT_SECONDS (25).
# Give the container at least 35 s to stop (docker stop -t 35, compose's stop_grace_period).
STOPSIGNAL SIGTERM
# Liveness: /api/health answers 200 whenever the process runs (a database outage never fails it).
# Readiness is /api/ready (orchestrators' own probes, not this).
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["npm", "start"]
