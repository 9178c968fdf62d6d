#!/usr/bin/env bash
set -uo pipefail
TREE=$1; OUT=$(realpath -m "$2")
cd "$TREE/src" && find . -name '*.py' | while read f; do cmp -s "$f" "$OUT/src/$f" || { mkdir -p "$(dirname "$OUT/src/$f")"; cp "$f" "$OUT/src/$f"; echo "changed $f"; }; done
cd "$OUT"
touch setup_scratch.py
start=$(date +%s)
PYTHONPATH=src ${PYTHON:-.venv/bin/python} setup_scratch.py build_ext > log 2>&1
cd build/lib.linux-x86_64-cpython-311 && find . -name "*.so" -newer "$OUT/setup_scratch.py" | while read f; do cp "$f" "$OUT/src/$f"; echo "new $f"; done
echo "built in $(( $(date +%s) - start )) s"
