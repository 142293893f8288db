#!/usr/bin/env bash
# Makes sure the system tools the tests drive are present: Debian's Chromium (browser tests,
# Lighthouse), a Java runtime (the W3C Nu Html Checker), PostgreSQL's binaries (the API tests
# and the load script start a throwaway cluster of their own; the system cluster is never used),
# Redis (the API and two-server tests start a throwaway redis-server the same way) and Liberation
# Sans (the face the pages fall back to here while their web font loads; tests/e2e/fonts.spec.ts).
# Installs what is missing through apt when it may (root or passwordless sudo); a machine that
# has them pays one check each.
set -euo pipefail

missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
command -v "${JAVA:-java}" >/dev/null 2>&1 || missing+=(default-jre-headless)
compgen -G "${PG_BIN:-/usr/lib/postgresql/*/bin}/initdb" >/dev/null || missing+=(postgresql)
[ -x "${REDIS_SERVER:-/usr/bin/redis-server}" ] || missing+=(redis-server)
[ -f /usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf ] || missing+=(fonts-liberation)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo)
else
  echo "Missing system packages: ${missing[*]}. Install them with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi

echo "Installing ${missing[*]} from Debian's packages..."
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
