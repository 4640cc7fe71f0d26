#!/usr/bin/env bash
# Sets up a fresh machine for CiteScribe: Debian packages, Node 24 (from npm), dependencies, code-server for the
# integration tests (cached under .tools/), and the build. Idempotent: a second run only checks.
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf '[setup] %s\n' "$*" >&2; }

# Debian packages: Chromium (integration tests drive the workbench), libkrb5-dev (code-server's native addon),
# poppler-utils (pdftotext, the PDF benchmark's yardstick), python3-onnx/numpy (tiny test models), texlive-latex-base
# (pdflatex: a test builds a document from the engine's LaTeX, and scripts/make-latex-macros.mjs checks its table).
apt_needed=()
command -v chromium >/dev/null 2>&1 || apt_needed+=(chromium)
dpkg -s libkrb5-dev >/dev/null 2>&1 || apt_needed+=(libkrb5-dev)
command -v pdftotext >/dev/null 2>&1 || apt_needed+=(poppler-utils)
command -v pdflatex >/dev/null 2>&1 || apt_needed+=(texlive-latex-base)
# Debian's own python3 (a pyenv shim may come first on PATH) builds the tiny ONNX models of the neural tests.
/usr/bin/python3 -c 'import onnx, numpy' >/dev/null 2>&1 || apt_needed+=(python3-onnx python3-numpy)
if [ ${#apt_needed[@]} -gt 0 ]; then
  log "apt-get install ${apt_needed[*]}"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${apt_needed[@]}" >/dev/null
fi

# shellcheck source=env.sh
source scripts/env.sh
log "node $(node --version)"

if [ ! -d node_modules/better-sqlite3 ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # `npm ci`: exactly the committed lock, which lists every platform's optional binaries (as npm writes it), so a
  # fresh clone installs the same tree and stays clean.
  log "npm ci (ONNXRUNTIME_NODE_INSTALL=$ONNXRUNTIME_NODE_INSTALL)"
  npm ci --no-audit --no-fund >&2
fi

# code-server: VS Code's server build, the extension host of the integration tests. About 2 minutes cold.
CODE_SERVER_VERSION=4.139.1
cs_dir=.tools/code-server
if [ ! -x "$cs_dir/node_modules/.bin/code-server" ] || ! grep -q "\"$CODE_SERVER_VERSION\"" "$cs_dir/package.json" 2>/dev/null; then
  log "installing code-server@$CODE_SERVER_VERSION into $cs_dir"
  mkdir -p "$cs_dir"
  cat > "$cs_dir/package.json" <<JSON
{"name":"citescribe-code-server","private":true,"dependencies":{"code-server":"$CODE_SERVER_VERSION"},
 "allowScripts":{"code-server":true,"argon2":true}}
JSON
  (cd "$cs_dir" && npm install --no-audit --no-fund >&2)
fi

log "build"
node scripts/build.mjs >&2
