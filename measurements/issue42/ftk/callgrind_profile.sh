#!/usr/bin/env bash
# usage: callgrind_profile.sh BUILD_SRC OUT -- count For the King's playouts (dump 2), resamples
# (dump 3) and 500 iterations of `hard`'s search (dump 4) per function under callgrind, with
# BUILD_SRC's courtly first on the path; then callgrind_annotate each dump into OUT.
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$2"; rm -f "$2"/cg.out*
PYTHONPATH=$1 PYTHONHASHSEED=0 valgrind --tool=callgrind --compress-strings=no --compress-pos=no \
  --dump-before=getppid --callgrind-out-file="$2/cg.out" ${PYTHON:-.venv/bin/python} \
  "$HERE/callgrind_probe.py" > /dev/null 2>&1
for k in 2 3 4; do
  callgrind_annotate --inclusive=no --threshold=100 "$2/cg.out.$k" > "$2/self.$k.txt"
  callgrind_annotate --inclusive=yes --threshold=100 "$2/cg.out.$k" > "$2/incl.$k.txt"
done
