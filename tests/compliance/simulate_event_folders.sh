#!/bin/bash
# Issue 5: the compliance suite's event folders (Operators/Events, Equations/When,
# Equations/Reinit, Algorithms/When) simulated by mocc run: a model with shouldPass = true must
# simulate to its stop time without a failed assert, one with shouldPass = false must be
# rejected. KNOWN_FAILURES lists the models that do not behave yet (README.md says why); the test
# fails when any other model misbehaves, or when a known failure starts to pass (remove it then).
# Usage: simulate_event_folders.sh MOCC COMPLIANCE_DIR
set -u
mocc=$1
suite=$2
if [ ! -d "$suite/ModelicaCompliance" ]; then
  echo "compliance suite not found at $suite"
  exit 77
fi
KNOWN_FAILURES=" "
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$suite/ModelicaCompliance" || exit 1
status=0
passed=0
for f in $(find Operators/Events Equations/When Equations/Reinit Algorithms/When -name '*.mo' ! -name package.mo | sort); do
  class="ModelicaCompliance.$(echo "${f%.mo}" | tr / .)"
  should=$(grep -o 'shouldPass *= *[a-z]*' "$f" | head -1 | sed 's/.*= *//')
  (cd "$scratch" && timeout 60 "$mocc" run --lib "$suite" --no-cache -o result.csv "$suite/ModelicaCompliance/$f" --class "$class" > out.txt 2>&1)
  rc=$?
  if { [ "$should" = true ] && [ $rc = 0 ]; } || { [ "$should" = false ] && [ $rc = 1 ]; }; then
    ok=yes
  else
    ok=no
  fi
  known=no
  case "$KNOWN_FAILURES" in *" $f "*) known=yes ;; esac
  if [ $ok = yes ] && [ $known = yes ]; then
    echo "NOW PASSES (remove from KNOWN_FAILURES): $f"
    status=1
  elif [ $ok = no ] && [ $known = no ]; then
    echo "FAILS: $f (shouldPass=$should, exit code $rc)"
    grep -m1 'error' "$scratch/out.txt"
    status=1
  elif [ $ok = yes ]; then
    passed=$((passed + 1))
  fi
done
echo "$passed models behave as the suite expects; known failures:$KNOWN_FAILURES"
exit $status
