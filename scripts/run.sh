#!/usr/bin/env bash
# Start Langflow on 127.0.0.1 with this bundle installed and the flows of flows/ loaded, set up for one of:
#   bash scripts/run.sh --model-base-url URL [--model-name NAME] [--embedding-model NAME] --offline
#                                                # a local OpenAI-compatible server (Ollama, vLLM, LM Studio…)
#   bash scripts/run.sh                          # OpenAI, credentials from the environment
#   --offline                                    # no network calls at start or run time
# More options: --port N (7860), --state-dir DIR (.langflow).
# Scaling out (docs/deployment.md): --database-url URL (PostgreSQL: postgresql://user:pass@host:5432/db,
# instead of the state directory's SQLite file), --workers N (1), --redis-url URL (redis://host:6379/1, the
# job queue several workers share; needed with --workers above 1).
#
# Environment: OPENAI_API_KEY, ASTRA_DB_APPLICATION_TOKEN, ASTRA_DB_API_ENDPOINT become Langflow global
# variables (ASTRA_DB_API_ENDPOINT as Generic). Without the two ASTRA_DB_* variables the Knowledge Base
# flows (Langflow's own vector store) are the default. State (SQLite database, config, Knowledge Bases,
# the configured flows, server.json with the URL and an API key, langflow.log) lives in the state
# directory. Once the server is up the script prints its URL, where the flows are and a ready-to-paste
# API call. Ctrl-C stops the server.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; }
port=7860
state_dir=.langflow
model_base_url=""
model_name=""
embedding_model=""
offline=false
database_url=""
workers=1
redis_url=""
while [ $# -gt 0 ]; do
  case "$1" in
    --port) port=${2:?--port needs a number}; shift 2 ;;
    --state-dir) state_dir=${2:?--state-dir needs a directory}; shift 2 ;;
    --model-base-url) model_base_url=${2:?--model-base-url needs a URL}; shift 2 ;;
    --model-name) model_name=${2:?--model-name needs a name}; shift 2 ;;
    --embedding-model) embedding_model=${2:?--embedding-model needs a name}; shift 2 ;;
    --offline) offline=true; shift ;;
    --database-url) database_url=${2:?--database-url needs a URL}; shift 2 ;;
    --workers) workers=${2:?--workers needs a number}; shift 2 ;;
    --redis-url) redis_url=${2:?--redis-url needs a URL}; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "run.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
  esac
done
if [ -z "$model_base_url" ] && { [ -n "$model_name" ] || [ -n "$embedding_model" ]; }; then
  echo "run.sh: --model-name and --embedding-model go with --model-base-url" >&2; exit 2
fi
if ! [[ "$workers" =~ ^[1-9][0-9]*$ ]]; then
  echo "run.sh: --workers needs a whole number of 1 or more, not '$workers'" >&2; exit 2
fi
if [ "$workers" -gt 1 ] && [ -z "$redis_url" ]; then
  echo "run.sh: --workers $workers needs a job queue the workers share: add --redis-url redis://HOST:6379/1" \
    "(Langflow refuses several workers with its in-memory queue; docs/deployment.md)" >&2
  exit 2
fi
case "$database_url" in
  ""|postgresql://*|postgresql+*://*|postgres://*|sqlite:///*) ;;
  *) echo "run.sh: --database-url takes postgresql://user:password@host:5432/database (or sqlite:///path)" >&2; exit 2 ;;
esac
case "$redis_url" in
  ""|redis://*|rediss://*|unix://*) ;;
  *) echo "run.sh: --redis-url takes redis://host:6379/1 (or rediss://, unix://)" >&2; exit 2 ;;
esac

bash scripts/setup.sh  # sets up what is missing; fast when nothing changed
py=.venv/bin/python
mkdir -p "$state_dir"
state_dir=$(cd "$state_dir" && pwd)

env_args=()
[ -n "$model_base_url" ] && env_args+=(--model-base-url "$model_base_url")
$offline && env_args+=(--offline)
settings=$("$py" scripts/langflow_setup.py env "${env_args[@]}")
eval "$settings"
[ -n "$settings" ] && printf 'Settings for this set-up:\n%s\n' "$(sed 's/^export /  /' <<<"$settings")"

flow_args=(--out "$state_dir/flows")
[ -n "$model_base_url" ] && flow_args+=(--model-base-url "$model_base_url")
[ -n "$model_name" ] && flow_args+=(--model-name "$model_name")
[ -n "$embedding_model" ] && flow_args+=(--embedding-model "$embedding_model")
"$py" scripts/langflow_setup.py flows "${flow_args[@]}"

export LANGFLOW_CONFIG_DIR="$state_dir"
export LANGFLOW_DATABASE_URL="${database_url:-sqlite:///$state_dir/langflow.db}"
export LANGFLOW_WORKERS="$workers"
if [ "$workers" -gt 1 ]; then
  # Start-up (migrations, the flows of flows/) runs once, in gunicorn's master, before the workers fork:
  # each worker loading the flows itself races the others to insert the same rows in PostgreSQL
  # (duplicate key "flow_pkey"), and a worker that loses fails to boot and takes the server down.
  export LANGFLOW_GUNICORN_PRELOAD=true
fi
if [ -n "$redis_url" ]; then
  # Langflow's shared job queue (lfx/services/settings/groups/runtime.py): a run started on one worker can
  # be read from another, which the Playground's follow-up requests need.
  export LANGFLOW_JOB_QUEUE_TYPE=redis
  export LANGFLOW_REDIS_QUEUE_URL="$redis_url"
fi
# Knowledge Bases beside the database that lists them (Langflow's default is ~/.langflow/knowledge_bases).
export LANGFLOW_KNOWLEDGE_BASES_DIR="$state_dir/knowledge_bases"
export LANGFLOW_LOAD_FLOWS_PATH="$state_dir/flows"
export LANGFLOW_AUTO_LOGIN="${LANGFLOW_AUTO_LOGIN:-true}"
export LANGFLOW_STORE_ENVIRONMENT_VARIABLES=true
# Secrets become Credential variables. The Data API endpoint is not a secret, and Langflow hands Credential
# values to the Astra DB endpoint field as secrets, which it cannot use: it is set as a Generic variable
# once the server is up.
export LANGFLOW_VARIABLES_TO_GET_FROM_ENVIRONMENT="ASTRA_DB_APPLICATION_TOKEN,OPENAI_API_KEY"
export DO_NOT_TRACK=true
# Plain log lines: Langflow's default draws every logged exception as a rich traceback, seconds of CPU
# each, which a file does not need and which, when the database is unreachable, keeps the workers busy
# drawing instead of answering.
export LANGFLOW_PRETTY_LOGS="${LANGFLOW_PRETTY_LOGS:-false}"
export LITELLM_LOCAL_MODEL_COST_MAP=True
if $offline; then
  export LANGFLOW_MODELS_DEV_REFRESH=false
fi

# Langflow's start-up (about a thousand lines of database migrations) goes to a file; errors are shown
# from it if the start fails. --offline starts Langflow's CLI without its PyPI version check.
log_file="$state_dir/langflow.log"
echo "Langflow's log: $log_file"
# Where the state lives (passwords in URLs hidden).
hide_password() { sed -E 's#(://[^:/@]*):[^@/]*@#\1:***@#' <<<"$1"; }
echo "Database: $(hide_password "$LANGFLOW_DATABASE_URL")"
if [ -n "$redis_url" ]; then
  echo "Workers: $workers, job queue: Redis $(hide_password "$redis_url")"
else
  echo "Workers: $workers, job queue: in memory"
fi
echo "Knowledge Bases, flows and server.json: $state_dir"
if $offline; then
  launch=("$py" scripts/langflow_setup.py langflow)
  [ "$(uname -s)" = Darwin ] && export OBJC_DISABLE_INITIALIZE_FORK_SAFETY=YES  # what langflow's launcher sets
else
  launch=(.venv/bin/langflow)
fi
# Its own process group, so stopping it reaches the server's worker processes too.
set -m
"${launch[@]}" run --host 127.0.0.1 --port "$port" --workers "$workers" >"$log_file" 2>&1 &
server=$!
set +m
echo "$server" >"$state_dir/server.pid"
stop() { kill -TERM -- "-$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -f "$state_dir/server.pid"; }
trap 'stop; exit 130' INT
trap 'stop; exit 143' TERM

ready_args=(--url "http://127.0.0.1:$port" --state-dir "$state_dir" --server-pid "$server" --log-file "$log_file")
[ -n "$model_base_url" ] && ready_args+=(--model-base-url "$model_base_url")
[ -n "$model_name" ] && ready_args+=(--model-name "$model_name")
[ -n "$embedding_model" ] && ready_args+=(--embedding-model "$embedding_model")
if ! "$py" scripts/langflow_setup.py ready "${ready_args[@]}"; then
  stop
  exit 1
fi
status=0
wait "$server" || status=$?
rm -f "$state_dir/server.pid"
exit "$status"
