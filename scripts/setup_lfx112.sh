#!/usr/bin/env bash
# A second environment, .venv-lfx112, holding the newest Langflow 1.12 line instead of 1.13, for the
# CI job that checks the bundle there (see .ci/run):
#   bash scripts/setup_lfx112.sh
# lfx 1.12.8 with the stock OpenAI and Astra DB components of its time (lfx-openai 0.1.5,
# lfx-datastax 0.1.9), this bundle installed editable, the test tools, and litellm (its copy of tiktoken's
# cl100k_base lets the embedding tests run offline).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v uv >/dev/null 2>&1; then
  python3 -m pip install --quiet uv
fi
[ -x .venv-lfx112/bin/python ] || uv venv --quiet --python 3.11 .venv-lfx112 2>/dev/null || uv venv --quiet .venv-lfx112
uv pip install --quiet --compile-bytecode --python .venv-lfx112/bin/python -e ".[dev]" \
  "lfx==1.12.8" "lfx-openai==0.1.5" "lfx-datastax==0.1.9" "httpx>=0.27" litellm
compgen -G ".venv-lfx112/lib/python3*/site-packages/lfx/__pycache__" >/dev/null \
  || .venv-lfx112/bin/python -m compileall -q -j 0 .venv-lfx112/lib >/dev/null 2>&1 || true
echo "ready: .venv-lfx112 ($(.venv-lfx112/bin/python -c 'import importlib.metadata as m; print("lfx", m.version("lfx"))'))"
