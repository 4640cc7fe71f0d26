#!/usr/bin/env bash
# One entry point for a fresh clone: `bash scripts/dev.sh demo` or `bash scripts/dev.sh test`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/env.sh
case "${1:-}" in
  demo) shift; exec npm run --silent demo -- "$@" ;;
  test) exec npm test ;;
  bench) exec npm run bench ;;
  *) echo "usage: bash scripts/dev.sh demo|test|bench" >&2; exit 2 ;;
esac
