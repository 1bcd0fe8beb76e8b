#!/usr/bin/env bash
# Golden test of one printed stage: runs `mocc COMMAND FILE ARGS` and checks its output against
# the `// CHECK:` lines of FILE with LLVM's FileCheck. ARGS are those of a `// ARGS:` line of
# FILE, and --verify-each, so every pass a golden test runs is verified. A file named fail_*.mo
# must be rejected (exit code 1); its diagnostics are checked instead of the printout.
#   run_golden.sh MOCC FILECHECK COMMAND FILE
set -u
mocc=$1 filecheck=$2 command=$3 file=$4
output=$(mktemp)
results=$(mktemp --suffix=.csv)
trap 'rm -f "$output" "$results"' EXIT
read -r -a args <<<"$(sed -n 's|^// ARGS: ||p' "$file")"
args+=(--verify-each)
if [[ $command == run ]]; then args+=(--no-cache -o "$results"); fi
if [[ $(basename "$file") == fail_* ]]; then
  "$mocc" "$command" "$file" "${args[@]}" >/dev/null 2>"$output"
  status=$?
  if [[ $status -ne 1 ]]; then
    echo "expected exit code 1 (model error), got $status"; cat "$output"; exit 1
  fi
else
  "$mocc" "$command" "$file" "${args[@]}" >"$output" 2>&1
  status=$?
  if [[ $status -ne 0 ]]; then
    echo "expected exit code 0, got $status"; cat "$output"; exit 1
  fi
fi
"$filecheck" --input-file "$output" "$file"
