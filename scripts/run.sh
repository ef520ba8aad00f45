#!/usr/bin/env bash
# Start Langflow 1.13 on 127.0.0.1 with this bundle installed and the flows of flows/ loaded.
#   bash scripts/run.sh [--port 7860]
# State (SQLite database, config) lives in .langflow/. Credentials: export ASTRA_DB_APPLICATION_TOKEN,
# ASTRA_DB_API_ENDPOINT and OPENAI_API_KEY before starting and they become global variables, or set
# them later under Settings → Global Variables.
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
# Secrets become Credential variables. The Data API endpoint is not a secret, and Langflow 1.13 hands
# Credential values to the Astra DB endpoint field as secrets, which it cannot use: it is created as a
# Generic variable below instead.
export LANGFLOW_VARIABLES_TO_GET_FROM_ENVIRONMENT="ASTRA_DB_APPLICATION_TOKEN,OPENAI_API_KEY"
export DO_NOT_TRACK=true
export LITELLM_LOCAL_MODEL_COST_MAP=True

.venv/bin/langflow run --host 127.0.0.1 --port "$port" &
server=$!
trap 'kill "$server" 2>/dev/null || true' INT TERM

if [ -n "${ASTRA_DB_API_ENDPOINT:-}" ]; then
  .venv/bin/python - "$port" <<'PY'
import os, sys, time, httpx
base = f"http://127.0.0.1:{sys.argv[1]}"
for _ in range(300):
    try:
        if httpx.get(f"{base}/health_check", timeout=2).status_code == 200:
            break
    except httpx.HTTPError:
        pass
    time.sleep(1)
token = httpx.get(f"{base}/api/v1/auto_login").json()["access_token"]
auth = {"Authorization": f"Bearer {token}"}
# Langflow may already have imported it from the environment as a Credential: replace that one.
for variable in httpx.get(f"{base}/api/v1/variables/", headers=auth).json():
    if variable["name"] == "ASTRA_DB_API_ENDPOINT":
        httpx.delete(f"{base}/api/v1/variables/{variable['id']}", headers=auth).raise_for_status()
body = {"name": "ASTRA_DB_API_ENDPOINT", "value": os.environ["ASTRA_DB_API_ENDPOINT"], "type": "Generic",
        "default_fields": []}
httpx.post(f"{base}/api/v1/variables/", json=body, headers=auth).raise_for_status()
print("Global variable ASTRA_DB_API_ENDPOINT (Generic) is set.")
PY
fi
wait "$server"
