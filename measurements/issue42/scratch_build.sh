#!/usr/bin/env bash
# usage: scratch_build.sh TREE OUT  -- compile core, agents and the four games of TREE's src into OUT/src (each module's extension beside its source)
set -euo pipefail
TREE=$1; OUT=$(realpath -m "$2")
rm -rf "$OUT"; mkdir -p "$OUT"
cp -r "$TREE/src" "$OUT/src"
find "$OUT/src" -name __pycache__ -prune -exec rm -rf {} +
cat > "$OUT/setup_scratch.py" <<'PY'
import os
from pathlib import Path
from setuptools import setup
from mypyc.build import mypycify
SRC = Path("src")
pk = os.environ.get("PKGS", "courtly/core courtly/agents courtly/games/for_the_king courtly/games/tudor courtly/games/kingdoms courtly/games/courtisans").split()
srcs = [p.as_posix() for d in pk for p in sorted((SRC / d).rglob("*.py")) if p.name != "__init__.py"]
print(len(srcs), "modules")
setup(name="scratch", ext_modules=mypycify(srcs, opt_level="3", separate=True), options={"build_ext": {"parallel": 2}})
PY
cd "$OUT"
start=$(date +%s)
PYTHONPATH=src ${PYTHON:-.venv/bin/python} setup_scratch.py build_ext > log 2>&1
# Into the tree beside the sources (an in-place build would copy them under ./courtly, which
# is not where the package lies, and fail).
(cd build/lib.linux-x86_64-cpython-311 && find . -name "*.so" -exec cp --parents {} "$OUT/src" \;)
echo "built in $(( $(date +%s) - start )) s" >> log
