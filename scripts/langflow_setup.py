"""What ``scripts/run.sh`` does around ``langflow run``: settings, the flows it loads, and the after-start steps.

    eval "$(python scripts/langflow_setup.py env --model-base-url http://127.0.0.1:11434/v1 --offline)"
    python scripts/langflow_setup.py flows --out .langflow/flows --model-base-url http://127.0.0.1:11434/v1 \
        --model-name llama3.2 --embedding-model nomic-embed-text
    python scripts/langflow_setup.py ready --url http://127.0.0.1:7860 --state-dir .langflow --server-pid 1234

``env`` prints the ``export`` lines one set-up needs: for an OpenAI-compatible server at ``--model-base-url``
its host goes on the SSRF allow-list (``LANGFLOW_SSRF_ALLOWED_HOSTS``) and on the list of hosts that may
receive the server's provider credential (``LANGFLOW_PROVIDER_CREDENTIAL_ALLOWED_HOSTS``), that host only;
a self-hosted Data API endpoint's host goes on the SSRF allow-list; ``--offline`` points tiktoken at the
``cl100k_base`` copy litellm ships, so embeddings never download it.

``flows`` writes the flows of ``flows/`` into ``--out`` with the base URL (and model names) written into
their nodes; Langflow loads them from there (``LANGFLOW_LOAD_FLOWS_PATH``). With ``--model-base-url`` the
OpenAI Embeddings node gives way to Langflow's Embedding Model node, provider "OpenAI Compatible", wired
the same way: the OpenAI Embeddings node tokenizes with tiktoken and sends OpenAI's token ids, which
servers such as Ollama and LM Studio refuse and a server with its own tokenizer (vLLM) embeds as the
wrong words, while the Embedding Model node sends that provider's embeddings the text itself.

``ready`` waits for the server, stores ``ASTRA_DB_API_ENDPOINT`` as a Generic global variable, files the
flows in a project of their own ("Citations"), creates an API key (or keeps the one still valid from the
last start), writes ``<state-dir>/server.json`` (URL, API key, flow ids; only the owner may read it) and
prints where everything is and a ready-to-paste API call.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import importlib.util
import json
import os
import shlex
import sys
import time
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx

ROOT = Path(__file__).resolve().parents[1]
FLOWS_DIR = ROOT / "flows"
PROJECT_NAME = "Citations"
PROJECT_DESCRIPTION = "Inline [Source N] citations: RAG, ingest and cite-any-answer flows (lfx-citations)."
RAG_FLOW_NAME = "Astra DB RAG with Citations"
INGEST_FLOW_NAME = "Astra DB Ingest with Source Metadata"
API_KEY_NAME = "lfx-citations run.sh"
STATE_FILE = "server.json"
CL100K_CACHE_KEY = "9b5ad71b2ce5302211f9c61530b329a4922fc6a4"
"""File name tiktoken gives ``cl100k_base`` in ``TIKTOKEN_CACHE_DIR`` (sha1 of its download URL)."""
ASTRA_CLOUD_SUFFIX = ".astra.datastax.com"
ENDPOINT_VARIABLE = "ASTRA_DB_API_ENDPOINT"
# Node display names in the generated flows, and the fields a model server changes.
MODEL_NODE, EMBEDDINGS_NODE = "OpenAI", "OpenAI Embeddings"
# What replaces the OpenAI Embeddings node for an OpenAI-compatible server: lfx's core Embedding Model
# component (its palette key) with the provider that the lfx-openai-compatible bundle (a Langflow
# dependency) registers. lfx builds that provider's OpenAIEmbeddings with check_embedding_ctx_length=False,
# i.e. it sends text.
TEXT_EMBEDDINGS_TYPE = "EmbeddingModel"
COMPATIBLE_PROVIDER = "OpenAI Compatible"
COMPATIBLE_DISTRIBUTION = "lfx-openai-compatible"
OPENAI_KEY_VARIABLE = "OPENAI_API_KEY"


# --------------------------------------------------------------------------- env


def host_of(url: str) -> str:
    """The host name of an http(s) URL; a clear error for anything else."""
    parts = urlsplit(url.strip())
    if parts.scheme not in {"http", "https"} or not parts.hostname:
        msg = f"not an http(s) URL with a host: {url!r} (e.g. http://127.0.0.1:11434/v1)"
        raise SystemExit(msg)
    return parts.hostname


def loopback_aliases(host: str) -> list[str]:
    """``localhost`` resolves to loopback addresses, which the SSRF guard checks as well."""
    return [host, "127.0.0.1", "::1"] if host == "localhost" else [host]


def credential_allowlist_entry(url: str) -> str:
    """``host[:port]``; written ``http://host[:port]`` for a plaintext URL, the form that accepts cleartext."""
    parts = urlsplit(url.strip())
    host_port = f"{parts.hostname}:{parts.port}" if parts.port else str(parts.hostname)
    return f"http://{host_port}" if parts.scheme == "http" else host_port


def merged(existing: str | None, additions: Iterable[str]) -> str:
    items = [item.strip() for item in (existing or "").split(",") if item.strip()]
    for item in additions:
        if item not in items:
            items.append(item)
    return ",".join(items)


def tiktoken_cache_dir() -> str | None:
    """A directory holding ``cl100k_base`` under tiktoken's cache name: litellm ships one (found, not imported)."""
    spec = importlib.util.find_spec("litellm")
    locations = list(spec.submodule_search_locations or []) if spec else []
    candidates = [os.environ.get("TIKTOKEN_CACHE_DIR")]
    candidates += [str(Path(loc) / "litellm_core_utils" / "tokenizers") for loc in locations]
    return next((c for c in candidates if c and (Path(c) / CL100K_CACHE_KEY).is_file()), None)


def settings_env(environ: Mapping[str, str], model_base_url: str | None, *, offline: bool) -> dict[str, str]:
    """The variables one set-up needs, merged into what the caller already set."""
    env: dict[str, str] = {}
    ssrf: list[str] = []
    if model_base_url:
        ssrf += loopback_aliases(host_of(model_base_url))
        env["LANGFLOW_PROVIDER_CREDENTIAL_ALLOWED_HOSTS"] = merged(
            environ.get("LANGFLOW_PROVIDER_CREDENTIAL_ALLOWED_HOSTS"),
            [credential_allowlist_entry(model_base_url)],
        )
        if not environ.get("OPENAI_API_KEY"):
            # Local servers ignore the key, but the flows' OpenAI nodes require one.
            env["OPENAI_API_KEY"] = "not-needed"
    endpoint = environ.get(ENDPOINT_VARIABLE, "").strip()
    if endpoint and not host_of(endpoint).endswith(ASTRA_CLOUD_SUFFIX):
        ssrf += loopback_aliases(host_of(endpoint))  # a self-hosted Data API (HCD) on the local network
    if ssrf:
        env["LANGFLOW_SSRF_ALLOWED_HOSTS"] = merged(environ.get("LANGFLOW_SSRF_ALLOWED_HOSTS"), ssrf)
    if offline:
        cache = tiktoken_cache_dir()
        if cache is None:
            msg = "--offline: no cl100k_base copy found (litellm is not installed); set TIKTOKEN_CACHE_DIR"
            raise SystemExit(msg)
        env["TIKTOKEN_CACHE_DIR"] = cache
    return env


# --------------------------------------------------------------------------- flows


def _nodes_named(flow: Mapping[str, Any], display_name: str) -> list[dict[str, Any]]:
    return [
        node["data"]["node"]
        for node in flow["data"]["nodes"]
        if node.get("data", {}).get("node", {}).get("display_name") == display_name
    ]


def _set(template: dict[str, Any], name: str, value: str) -> None:
    field = template[name]
    field["value"] = value
    if isinstance(field.get("options"), list) and value not in field["options"]:
        field["options"] = [*field["options"], value]  # the canvas shows the value as chosen


def configure_flow(
    flow: dict[str, Any],
    model_base_url: str | None,
    model_name: str | None = None,
    embedding_model: str | None = None,
) -> dict[str, Any]:
    """``flow`` set up for the model server (in place).

    The OpenAI node gets the base URL and model name. With a base URL, each OpenAI Embeddings node is
    replaced by an Embedding Model node for that server (:func:`text_embeddings_node`) feeding the same
    inputs; without one, the OpenAI Embeddings node keeps OpenAI and only takes the model name.
    """
    for node in _nodes_named(flow, MODEL_NODE):
        if model_base_url:
            _set(node["template"], "openai_api_base", model_base_url)
        if model_name:
            _set(node["template"], "model_name", model_name)
    for node in _nodes_named(flow, EMBEDDINGS_NODE):
        if model_base_url:
            model = embedding_model or str(node["template"]["model"]["value"])
            replace_embeddings_node(flow, node, model_base_url, model)
        elif embedding_model:
            _set(node["template"], "model", embedding_model)
    return flow


def compatible_embedding_option(model: str) -> dict[str, Any]:
    """The "OpenAI Compatible" embedding model ``model`` as the Embedding Model node's dropdown stores it.

    The shape of lfx's ``get_embedding_model_options``; the class and parameter mapping come from the
    provider's bundle manifest (lfx resolves a registered provider from its registry, the metadata is
    what the canvas shows).
    """
    spec = _compatible_provider_spec()
    return {
        "name": model,
        "icon": spec.get("metadata", {}).get("icon", "Plug"),
        "category": COMPATIBLE_PROVIDER,
        "provider": COMPATIBLE_PROVIDER,
        "metadata": {
            "embedding_class": spec["embedding"]["class_name"],
            "param_mapping": spec["embedding"]["param_mapping"],
            "model_type": "embeddings",
        },
    }


def _compatible_provider_spec() -> dict[str, Any]:
    """The "OpenAI Compatible" provider as its installed bundle declares it (``extension.json``)."""
    try:
        files = importlib.metadata.distribution(COMPATIBLE_DISTRIBUTION).files or []
    except importlib.metadata.PackageNotFoundError:
        files = []
    manifests = [f for f in files if f.name == "extension.json"]
    for manifest in manifests:
        for provider in json.loads(manifest.read_text(encoding="utf-8")).get("providers", []):
            if provider.get("name") == COMPATIBLE_PROVIDER and provider.get("embedding"):
                return dict(provider)
    msg = (
        f"--model-base-url needs the {COMPATIBLE_PROVIDER!r} model provider, from {COMPATIBLE_DISTRIBUTION} "
        "(installed with Langflow 1.13); it is missing from this environment: run scripts/setup.sh"
    )
    raise SystemExit(msg)


def text_embeddings_node(
    flow: dict[str, Any], node_id: str, model_base_url: str, model: str
) -> dict[str, Any]:
    """Add an Embedding Model node for ``model`` on the server at ``model_base_url``; returns its data.

    The node comes from lfx's component index (the installed component, as the palette has it), added
    and configured with lfx's flow builder. Its key is the flows' ``OPENAI_API_KEY`` global variable,
    like the OpenAI node's (local servers ignore it; ``run.sh`` sets a placeholder when none is set).
    """
    from lfx.graph.flow_builder import add_component, configure_component
    from lfx.graph.flow_builder.builder import load_local_registry

    add_component(flow, TEXT_EMBEDDINGS_TYPE, load_local_registry(), component_id=node_id)
    option = compatible_embedding_option(model)
    configure_component(flow, node_id, {"model": [option], "api_base": model_base_url})
    node = next(n for n in flow["data"]["nodes"] if n["id"] == node_id)["data"]["node"]
    node["template"]["model"]["options"] = [option]  # the canvas shows the value as chosen
    node["template"]["api_key"].update(value=OPENAI_KEY_VARIABLE, load_from_db=True)
    return node


def replace_embeddings_node(
    flow: dict[str, Any], old: dict[str, Any], model_base_url: str, model: str
) -> None:
    """Swap the OpenAI Embeddings node ``old`` for an Embedding Model node at its place, with its edges."""
    from lfx.graph.flow_builder import add_connection, remove_component

    old_node = next(n for n in flow["data"]["nodes"] if n["data"].get("node") is old)
    old_id = old_node["id"]
    fed = [
        (edge["target"], edge["data"]["targetHandle"]["fieldName"], edge["data"]["sourceHandle"]["name"])
        for edge in flow["data"]["edges"]
        if edge["source"] == old_id
    ]
    remove_component(flow, old_id)
    new_id = f"{TEXT_EMBEDDINGS_TYPE}-{old_id.rsplit('-', 1)[-1]}"
    text_embeddings_node(flow, new_id, model_base_url, model)
    new_node = next(n for n in flow["data"]["nodes"] if n["id"] == new_id)
    new_node["position"] = dict(old_node["position"])
    for target, field_name, output in fed:
        add_connection(flow, new_id, output, target, field_name)


def write_flows(
    out: Path,
    model_base_url: str | None,
    model_name: str | None,
    embedding_model: str | None,
    *,
    standalone: bool = False,
) -> None:
    """Write the flows configured for this set-up: ``flows/`` (what run.sh loads: the bundle is
    installed there), or with ``standalone`` ``flows/standalone/`` (for a server without the bundle)."""
    out.mkdir(parents=True, exist_ok=True)
    for stale in out.glob("*.json"):
        stale.unlink()
    for path in sorted((FLOWS_DIR / "standalone" if standalone else FLOWS_DIR).glob("*.json")):
        flow = configure_flow(
            json.loads(path.read_text(encoding="utf-8")), model_base_url, model_name, embedding_model
        )
        (out / path.name).write_text(json.dumps(flow, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


# --------------------------------------------------------------------------- after start


class SetupError(RuntimeError):
    pass


def _check(response: httpx.Response) -> Any:
    if response.is_error:
        msg = f"{response.request.method} {response.request.url.path} -> {response.status_code}: {response.text[:500]}"
        raise SetupError(msg)
    return response.json() if response.content else None


def wait_until_healthy(client: httpx.Client, server_pid: int | None, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server_pid is not None and not _alive(server_pid):
            msg = "the Langflow server exited during start-up (its log is above)"
            raise SetupError(msg)
        try:
            if client.get("/health_check", timeout=5).status_code == httpx.codes.OK:
                return
        except httpx.HTTPError:
            pass
        time.sleep(1)
    msg = f"the Langflow server did not become healthy within {timeout:.0f} s"
    raise SetupError(msg)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def set_endpoint_variable(client: httpx.Client, endpoint: str) -> None:
    """``ASTRA_DB_API_ENDPOINT`` as a Generic variable (a Credential one reaches the endpoint field as a secret)."""
    for variable in _check(client.get("/api/v1/variables/")):
        if variable["name"] == ENDPOINT_VARIABLE:
            if variable.get("type") == "Generic" and variable.get("value") == endpoint:
                return
            _check(client.delete(f"/api/v1/variables/{variable['id']}"))
    body = {"name": ENDPOINT_VARIABLE, "value": endpoint, "type": "Generic", "default_fields": []}
    _check(client.post("/api/v1/variables/", json=body))


def shipped_flow_ids() -> dict[str, str]:
    """Flow name -> id, from the generated flows (their ids are stable)."""
    flows = (json.loads(path.read_text(encoding="utf-8")) for path in sorted(FLOWS_DIR.glob("*.json")))
    return {flow["name"]: flow["id"] for flow in flows}


def file_in_project(client: httpx.Client, flow_ids: Sequence[str]) -> str:
    """Put the flows into the "Citations" project (created once; a user's later moves are not undone)."""
    projects = _check(client.get("/api/v1/projects/"))
    existing = next((p for p in projects if p["name"] == PROJECT_NAME), None)
    if existing is None:
        body = {"name": PROJECT_NAME, "description": PROJECT_DESCRIPTION, "flows_list": list(flow_ids)}
        project_id = str(_check(client.post("/api/v1/projects/", json=body))["id"])
        for flow_id in flow_ids:  # flows_list is honoured on create; make sure, one flow at a time
            if str(_check(client.get(f"/api/v1/flows/{flow_id}")).get("folder_id")) != project_id:
                _check(client.patch(f"/api/v1/flows/{flow_id}", json={"folder_id": project_id}))
    else:
        project_id = str(existing["id"])
    return project_id


def api_key(client: httpx.Client, state_file: Path) -> str:
    """The key saved at the last start if the server still accepts it, else a new one."""
    if state_file.is_file():
        saved = json.loads(state_file.read_text(encoding="utf-8")).get("api_key")
        if saved:
            probe = httpx.get(f"{client.base_url}/api/v1/flows/", headers={"x-api-key": saved}, timeout=30)
            if probe.status_code == httpx.codes.OK:
                return str(saved)
    return str(_check(client.post("/api/v1/api_key/", json={"name": API_KEY_NAME}))["api_key"])


def write_state(state_file: Path, state: Mapping[str, Any]) -> None:
    state_file.parent.mkdir(parents=True, exist_ok=True)
    state_file.touch(mode=0o600, exist_ok=True)
    state_file.chmod(0o600)
    state_file.write_text(json.dumps(state, indent=2) + "\n", encoding="utf-8")


def summary(url: str, project_id: str, key: str, flows: Mapping[str, str], state_file: Path) -> str:
    rag = flows[RAG_FLOW_NAME]
    lines = [
        "",
        f"Langflow is up: {url}",
        f"The flows are in the project {PROJECT_NAME!r}: {url}/all/folder/{project_id}",
        *(f"  {name}: {url}/flow/{flow_id}" for name, flow_id in flows.items()),
        f"API key (also in {state_file}, which scripts/ask.py and scripts/ingest.py read):",
        f"  export LANGFLOW_API_KEY={key}",
        "Ingest files, then ask:",
        "  .venv/bin/python scripts/ingest.py docs/*.pdf",
        '  .venv/bin/python scripts/ask.py "What is water?"',
        "Or call the RAG flow directly:",
        f"  curl -sN '{url}/api/v1/run/{rag}?stream=true' -H 'x-api-key: {key}' \\",
        "    -H 'Content-Type: application/json' -d '{\"input_value\": \"What is water?\"}'",
        "",
    ]
    return "\n".join(lines)


def ready(url: str, state_dir: Path, server_pid: int | None, timeout: float) -> None:
    state_file = state_dir / STATE_FILE
    with httpx.Client(base_url=url, timeout=60) as client:
        wait_until_healthy(client, server_pid, timeout)
        token = _check(client.get("/api/v1/auto_login"))["access_token"]
        client.headers["Authorization"] = f"Bearer {token}"
        if endpoint := os.environ.get(ENDPOINT_VARIABLE, "").strip():
            set_endpoint_variable(client, endpoint)
            print(f"Global variable {ENDPOINT_VARIABLE} (Generic) is set.")
        flows = shipped_flow_ids()
        project_id = file_in_project(client, list(flows.values()))
        key = api_key(client, state_file)
    write_state(state_file, {"url": url, "api_key": key, "project_id": project_id, "flows": flows})
    print(summary(url, project_id, key, flows, state_file), flush=True)


# --------------------------------------------------------------------------- CLI


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    commands = parser.add_subparsers(dest="command", required=True)
    env = commands.add_parser("env", help="print the export lines for this set-up")
    env.add_argument("--model-base-url")
    env.add_argument("--offline", action="store_true")
    flows = commands.add_parser("flows", help="write the flows, configured for this set-up")
    flows.add_argument("--out", type=Path, required=True)
    flows.add_argument("--model-base-url")
    flows.add_argument("--model-name")
    flows.add_argument("--embedding-model")
    flows.add_argument(
        "--standalone",
        action="store_true",
        help="write flows/standalone/ (for a Langflow without the bundle installed) instead of flows/",
    )
    after = commands.add_parser(
        "ready", help="wait for the server, then variables, project, API key, summary"
    )
    after.add_argument("--url", required=True)
    after.add_argument("--state-dir", type=Path, required=True)
    after.add_argument("--server-pid", type=int)
    after.add_argument("--timeout", type=float, default=600)
    args = parser.parse_args(argv)

    if args.command == "env":
        for name, value in settings_env(os.environ, args.model_base_url, offline=args.offline).items():
            print(f"export {name}={shlex.quote(value)}")
    elif args.command == "flows":
        if args.model_base_url:
            host_of(args.model_base_url)
        write_flows(
            args.out, args.model_base_url, args.model_name, args.embedding_model, standalone=args.standalone
        )
    else:
        try:
            ready(args.url, args.state_dir, args.server_pid, args.timeout)
        except (SetupError, httpx.HTTPError) as exc:
            print(f"run.sh: after start: {exc}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
