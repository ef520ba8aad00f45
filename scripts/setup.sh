#!/usr/bin/env bash
# Set up what is missing for a development environment, from the repository's own files:
#   .venv with Langflow 1.13 (server and components), the bundle installed editable, test tools,
#   and, when run as root on Debian, Chromium for the browser tests and PostgreSQL and Redis for the
#   scale-out test (tests/e2e/test_scale_out.py starts servers of its own from them, never the system's).
# Fast when nothing changed: the Python environment is rebuilt only when pyproject.toml or this file
# differs from what .venv was made from (.venv/.setup-stamp). scripts/run.sh and scripts/test.sh call it.
set -euo pipefail
cd "$(dirname "$0")/.."

stamp=.venv/.setup-stamp
want=$(cat pyproject.toml scripts/setup.sh | sha256sum | cut -d' ' -f1)
if [ ! -x .venv/bin/python ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  if ! command -v uv >/dev/null 2>&1; then
    python3 -m pip install --quiet uv
  fi
  [ -x .venv/bin/python ] || uv venv --quiet --python 3.11 .venv 2>/dev/null || uv venv --quiet .venv
  uv pip install --quiet --compile-bytecode --python .venv/bin/python -e ".[dev,test]"
  # Bytecode for every installed module, also in a .venv made before: each Python process the tests
  # start (lfx run, lfx's CLI, the Langflow servers) then reads it instead of compiling Langflow's
  # source again, which it does every time where PYTHONDONTWRITEBYTECODE is set.
  compgen -G ".venv/lib/python3*/site-packages/langflow/__pycache__" >/dev/null \
    || .venv/bin/python -m compileall -q -j 0 .venv/lib >/dev/null 2>&1 || true
  echo "$want" >"$stamp"
fi

# Browser tests drive the system Chromium through Playwright; never download a browser build.
if [ ! -x /usr/bin/chromium ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
# The scale-out test runs a PostgreSQL and a Redis of its own from Debian's packages' binaries; it never
# uses a service the packages may start.
if { ! compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || ! command -v redis-server >/dev/null; } \
  && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql redis-server >/dev/null
fi
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null && command -v redis-server >/dev/null \
  || echo "note: PostgreSQL or redis-server missing: tests/e2e/test_scale_out.py skips (fails under CI=true)" >&2
[ -x /usr/bin/chromium ] || echo "note: /usr/bin/chromium missing: the browser tests will be skipped" >&2
echo "ready: .venv (langflow $(.venv/bin/python -c 'import importlib.metadata as m; print(m.version("langflow"))'))"
