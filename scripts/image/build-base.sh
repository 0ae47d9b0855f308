#!/usr/bin/env bash
# Builds a stand-in for the Dockerfile's base image (node:20-bookworm-slim) where container
# registries are unreachable: a minimal Debian bookworm root from Debian's own packages
# (mmdebstrap --variant=minbase), this machine's Node 20 and npm laid out as the official image
# lays them out (/usr/local/bin/node, /usr/local/lib/node_modules/npm, user `node` 1000:1000),
# imported into podman's store under the official name, so `FROM node:20-bookworm-slim` resolves
# locally and nothing is pulled.
#
# Usage: scripts/image/build-base.sh [tag]   (default docker.io/library/node:20-bookworm-slim)
# Needs root, podman and mmdebstrap (apt-get install -y podman mmdebstrap), and Debian's mirror.
set -euo pipefail

tag="${1:-docker.io/library/node:20-bookworm-slim}"
node_bin="$(command -v node)"
node_version="$("$node_bin" -p process.versions.node)"
case "$node_version" in
  20.*) ;;
  *) echo "build-base: this machine's node is $node_version; the base must be Node 20" >&2; exit 1 ;;
esac
npm_dir="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")" # .../lib/node_modules/npm
[ -f "$npm_dir/bin/npm-cli.js" ] || { echo "build-base: npm not found beside node" >&2; exit 1; }

if podman image exists "$tag" && [ "$(podman image inspect --format '{{index .Labels "org.prizepacks.node"}}' "$tag" 2>/dev/null)" = "$node_version" ]; then
  echo "build-base: $tag already built (node $node_version)"
  exit 0
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"

echo "build-base: Debian bookworm (minbase) from Debian's mirror"
# No ca-certificates, as in the official slim image: Node carries its own CA store.
mmdebstrap --quiet --variant=minbase bookworm "$rootfs" \
  "deb http://deb.debian.org/debian bookworm main" \
  "deb http://deb.debian.org/debian bookworm-updates main" \
  "deb http://deb.debian.org/debian-security bookworm-security main"

echo "build-base: node $node_version and npm $(node "$npm_dir/bin/npm-cli.js" -v) from this machine"
install -D -m 0755 "$node_bin" "$rootfs/usr/local/bin/node"
mkdir -p "$rootfs/usr/local/lib/node_modules"
cp -a "$npm_dir" "$rootfs/usr/local/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
# Node's own libraries (libstdc++, libgcc) must be in the root: check every one resolves there.
missing="$(chroot "$rootfs" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin ldd /usr/local/bin/node | grep 'not found' || true)"
[ -z "$missing" ] || { echo "build-base: node lacks libraries in the root: $missing" >&2; exit 1; }
chroot "$rootfs" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin /usr/local/bin/node -e 'process.exit(0)'
# The official image's user.
chroot "$rootfs" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin groupadd --gid 1000 node
chroot "$rootfs" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin useradd --uid 1000 --gid node --shell /bin/bash --create-home node
rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*

tar -C "$rootfs" --numeric-owner -cf "$work/rootfs.tar" .
podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=$node_version" \
  --change "LABEL org.prizepacks.node=$node_version" \
  --change 'LABEL org.prizepacks.stand-in="built by scripts/image/build-base.sh, not the official image"' \
  --change 'CMD ["node"]' \
  "$work/rootfs.tar" "$tag" >/dev/null
echo "build-base: $tag ($(podman image inspect --format '{{.Size}}' "$tag" | awk '{printf "%.0f MB", $1/1e6}'))"
