#!/usr/bin/env bash
# Start Langflow 1.13 on 127.0.0.1 with this bundle installed and the flows of flows/ loaded.
#   bash scripts/run.sh [--port 7860]
# State (SQLite database, config) lives in .langflow/. Credentials: export ASTRA_DB_APPLICATION_TOKEN,
# ASTRA_DB_API_ENDPOINT and OPENAI_API_KEY before starting and Langflow turns them into global
# variables, or set them later under Settings → Global Variables.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/langflow ] || bash scripts/setup.sh

port=7860
if [ "${1:-}" = "--port" ] && [ -n "${2:-}" ]; then port=$2; fi
mkdir -p .langflow
export LANGFLOW_CONFIG_DIR="$PWD/.langflow"
export LANGFLOW_DATABASE_URL="sqlite:///$PWD/.langflow/langflow.db"
export LANGFLOW_LOAD_FLOWS_PATH="$PWD/flows"
export LANGFLOW_AUTO_LOGIN="${LANGFLOW_AUTO_LOGIN:-true}"
export LANGFLOW_STORE_ENVIRONMENT_VARIABLES=true
export LANGFLOW_VARIABLES_TO_GET_FROM_ENVIRONMENT="${LANGFLOW_VARIABLES_TO_GET_FROM_ENVIRONMENT:-ASTRA_DB_APPLICATION_TOKEN,ASTRA_DB_API_ENDPOINT,OPENAI_API_KEY}"
export DO_NOT_TRACK=true
exec .venv/bin/langflow run --host 127.0.0.1 --port "$port"
