#!/usr/bin/env bash
# Golden test of one printed stage: runs `mocc COMMAND FILE` and checks its output against the
# `// CHECK:` lines of FILE with LLVM's FileCheck. A file named fail_*.mo must be rejected
# (exit code 1); its diagnostics are checked instead of the printout.
#   run_golden.sh MOCC FILECHECK COMMAND FILE
set -u
mocc=$1 filecheck=$2 command=$3 file=$4
output=$(mktemp)
trap 'rm -f "$output"' EXIT
if [[ $(basename "$file") == fail_* ]]; then
  "$mocc" "$command" "$file" >/dev/null 2>"$output"
  status=$?
  if [[ $status -ne 1 ]]; then
    echo "expected exit code 1 (model error), got $status"; cat "$output"; exit 1
  fi
else
  "$mocc" "$command" "$file" >"$output" 2>&1
  status=$?
  if [[ $status -ne 0 ]]; then
    echo "expected exit code 0, got $status"; cat "$output"; exit 1
  fi
fi
"$filecheck" --input-file "$output" "$file"
