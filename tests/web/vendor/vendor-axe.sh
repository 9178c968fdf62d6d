#!/usr/bin/env bash
# Re-vendor axe-core (test only; never shipped) from the npm registry at the pinned version.
set -euo pipefail
cd "$(dirname "$0")"
version=$(python3 -c "import json; print(json.load(open('axe-core.lock.json'))['version'])")
tmp=$(mktemp -d)
(cd "$tmp" && npm pack "axe-core@$version" >/dev/null && tar xzf "axe-core-$version.tgz" package/axe.min.js)
cp "$tmp/package/axe.min.js" axe.min.js
rm -rf "$tmp"
sha256sum axe.min.js
