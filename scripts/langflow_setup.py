"""What ``scripts/run.sh`` does around ``langflow run``: settings, the flows it loads, and the after-start steps.

    eval "$(python scripts/langflow_setup.py env --model-base-url http://127.0.0.1:11434/v1 --offline)"
    python scripts/langflow_setup.py flows --out .langflow/flows --model-base-url http://127.0.0.1:11434/v1 \
        --model-name llama3.2 --embedding-model nomic-embed-text
    python scripts/langflow_setup.py langflow run --host 127.0.0.1 --port 7860   # --offline: no PyPI check
    python scripts/langflow_setup.py ready --url http://127.0.0.1:7860 --state-dir .langflow --server-pid 1234 \
        --model-base-url http://127.0.0.1:11434/v1 --model-name llama3.2 --embedding-model nomic-embed-text

``env`` prints the ``export`` lines one set-up needs: for an OpenAI-compatible server at ``--model-base-url``
its host goes on the SSRF allow-list (``LANGFLOW_SSRF_ALLOWED_HOSTS``) and on the list of hosts that may
receive the server's provider credential (``LANGFLOW_PROVIDER_CREDENTIAL_ALLOWED_HOSTS``), that host only,
and the URL is the "OpenAI Compatible" provider's ``OPENAI_COMPATIBLE_BASE_URL``; a self-hosted Data API
endpoint's host goes on the SSRF allow-list; ``--offline`` points tiktoken at the ``cl100k_base`` copy
litellm ships, so embeddings never download it.

``flows`` writes the flows of ``flows/`` into ``--out`` set up for the model: with ``--model-base-url`` the
OpenAI node gives way to Langflow's Language Model node and each OpenAI Embeddings node to its Embedding
Model node, both on the "OpenAI Compatible" provider and wired the same way. Langflow then resolves the
server from its own provider settings, so the canvas and the Playground list, keep and use its models, and
embeddings go as text (the OpenAI Embeddings node sends OpenAI's token ids, which Ollama and LM Studio
refuse and vLLM embeds as the wrong words). Langflow loads them from there (``LANGFLOW_LOAD_FLOWS_PATH``).

``langflow`` runs Langflow's own CLI without its check for a newer release on PyPI, which no setting turns
off (``run.sh --offline``).

``ready`` waits for the server, registers a model server as the "OpenAI Compatible" provider (its global
variables, as Settings -> Model Providers writes them; the named models enabled and made the defaults),
stores ``ASTRA_DB_API_ENDPOINT`` as a Generic global variable when Astra DB credentials are there (else it
says in one line that the Knowledge Base flows are the default), files the flows in a project of their own
("Citations"), creates an API key (or keeps the one still valid from the last start), writes
``<state-dir>/server.json`` (URL, API key, flow ids, the default flow and store, the embedding model a new
Knowledge Base is built with; only the owner may read it) and prints where everything is, the default
flows first, and a ready-to-paste API call.
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
RAG_FLOW_FILE = "astra_db_rag_with_citations.json"
KB_RAG_FLOW_NAME = "Knowledge Base RAG with Citations"
KNOWLEDGE_BASE_PREFIX = "Knowledge Base "
KNOWLEDGE_BASE = "citations"  # the Knowledge Base the shipped flows and ingest.py use unless told
ASTRA_VARIABLES = ("ASTRA_DB_APPLICATION_TOKEN", "ASTRA_DB_API_ENDPOINT")
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
MODEL_TYPE = "LanguageModelComponent"  # lfx's core Language Model component
COMPATIBLE_PROVIDER = "OpenAI Compatible"
COMPATIBLE_DISTRIBUTION = "lfx-openai-compatible"
OPENAI_KEY_VARIABLE = "OPENAI_API_KEY"
PLACEHOLDER_KEY = "not-needed"
# The provider's settings (global variables), as its bundle's extension.json names them.
COMPATIBLE_BASE_URL_VARIABLE = "OPENAI_COMPATIBLE_BASE_URL"
COMPATIBLE_KEY_VARIABLE = "OPENAI_COMPATIBLE_API_KEY"


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


def in_container() -> bool:
    """Langflow's own test (``lfx.utils.util.detect_container_environment``), without importing lfx."""
    if Path("/.dockerenv").exists() or os.environ.get("container") == "podman":
        return True
    try:
        cgroup = Path("/proc/self/cgroup").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    return "docker" in cgroup or "podman" in cgroup


def container_note(model_base_url: str) -> str | None:
    """A warning when Langflow will send this loopback URL elsewhere: it finds itself in a container."""
    if host_of(model_base_url) not in {"localhost", "127.0.0.1", "::1"} or not in_container():
        return None
    return (
        f"note: Langflow finds itself in a container, so it sends a model provider's requests for "
        f"{host_of(model_base_url)} to the container's host. If the model server runs in this container "
        "rather than on the host, give run.sh its address on the container's network instead."
    )


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
            env["OPENAI_API_KEY"] = PLACEHOLDER_KEY
        # The provider's setting, also for `lfx run` of the flows written for it; `ready` stores it in
        # Langflow's own settings, which the canvas and the Playground read.
        env[COMPATIBLE_BASE_URL_VARIABLE] = model_base_url.strip()
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

    With a base URL, the OpenAI node gives way to Langflow's Language Model node and each OpenAI
    Embeddings node to an Embedding Model node, both on the "OpenAI Compatible" provider
    (:func:`replace_node`), wired the same way: Langflow resolves that provider's server from its
    own settings (``ready`` registers it), so the canvas and the Playground list, keep and use the
    server's models. Without one, the OpenAI nodes stay and only take the model names.
    """
    for node in _nodes_named(flow, MODEL_NODE):
        if model_base_url:
            model = model_name or str(node["template"]["model_name"]["value"])
            replace_node(flow, node, MODEL_TYPE, {"model": [compatible_model_option(model)]})
        elif model_name:
            _set(node["template"], "model_name", model_name)
    for node in _nodes_named(flow, EMBEDDINGS_NODE):
        if model_base_url:
            model = embedding_model or str(node["template"]["model"]["value"])
            values = {"model": [compatible_embedding_option(model)], "api_base": model_base_url}
            replace_node(flow, node, TEXT_EMBEDDINGS_TYPE, values)
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


def compatible_model_option(model: str) -> dict[str, Any]:
    """The "OpenAI Compatible" chat model ``model`` as the Language Model node's dropdown stores it.

    The shape of lfx's ``get_language_model_options``, from the provider's bundle manifest.
    """
    metadata = _compatible_provider_spec().get("metadata", {})
    mapping = metadata.get("mapping", {})
    option_metadata: dict[str, Any] = {
        "context_length": 128000,
        "model_class": mapping.get("model_class", "ChatOpenAI"),
        "model_name_param": mapping.get("model_param", "model"),
        "api_key_param": "api_key",
    }
    if "max_tokens_field_name" in metadata:
        option_metadata["max_tokens_field_name"] = metadata["max_tokens_field_name"]
    return {
        "name": model,
        "icon": metadata.get("icon", "Plug"),
        "category": COMPATIBLE_PROVIDER,
        "provider": COMPATIBLE_PROVIDER,
        "metadata": option_metadata,
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


def replace_node(flow: dict[str, Any], old: dict[str, Any], new_type: str, values: Mapping[str, Any]) -> None:
    """Swap the node ``old`` for lfx's ``new_type`` component at its place, configured with ``values``.

    The new node comes from lfx's component index (the installed component, as the palette has it),
    added, configured and wired with lfx's flow builder: every edge into or out of ``old`` is made
    again with the same field and output names. A model dropdown stores its value as its one option,
    so the canvas shows it as chosen before Langflow has listed the server's models. Keys are left to
    the provider's own settings (``OPENAI_COMPATIBLE_API_KEY``; local servers need none).
    """
    from lfx.graph.flow_builder import add_component, add_connection, configure_component, remove_component
    from lfx.graph.flow_builder.builder import load_local_registry

    old_node = next(n for n in flow["data"]["nodes"] if n["data"].get("node") is old)
    old_id = old_node["id"]
    edges = [
        (
            edge["source"],
            edge["data"]["sourceHandle"]["name"],
            edge["target"],
            edge["data"]["targetHandle"]["fieldName"],
        )
        for edge in flow["data"]["edges"]
        if old_id in (edge["source"], edge["target"])
    ]
    remove_component(flow, old_id)
    new_id = f"{new_type}-{old_id.rsplit('-', 1)[-1]}"
    add_component(flow, new_type, load_local_registry(), component_id=new_id)
    configure_component(flow, new_id, dict(values))
    new_node = next(n for n in flow["data"]["nodes"] if n["id"] == new_id)
    new_node["position"] = dict(old_node["position"])
    template = new_node["data"]["node"]["template"]
    template["model"]["options"] = list(template["model"]["value"])
    template["api_key"].update(value="", load_from_db=False)
    for source, output, target, field_name in edges:
        add_connection(
            flow,
            new_id if source == old_id else source,
            output,
            new_id if target == old_id else target,
            field_name,
        )


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


def wait_until_healthy(
    client: httpx.Client, server_pid: int | None, timeout: float, log_file: Path | None = None
) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server_pid is not None and not _alive(server_pid):
            msg = f"the Langflow server exited during start-up; the end of its log:\n{log_tail(log_file)}"
            raise SetupError(msg)
        try:
            if client.get("/health_check", timeout=5).status_code == httpx.codes.OK:
                return
        except httpx.HTTPError:
            pass
        time.sleep(1)
    msg = f"the Langflow server did not become healthy within {timeout:.0f} s; the end of its log:\n{log_tail(log_file)}"
    raise SetupError(msg)


def log_tail(log_file: Path | None, lines: int = 40) -> str:
    if log_file is None or not log_file.is_file():
        return "(no log)"
    return "\n".join(log_file.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def set_variable(client: httpx.Client, name: str, value: str, kind: str) -> None:
    """The global variable ``name`` holds ``value`` (``kind``: Generic or Credential), replacing another value."""
    for variable in _check(client.get("/api/v1/variables/")):
        if variable["name"] == name:
            if variable.get("type") == kind and variable.get("value") == value:
                return
            _check(client.delete(f"/api/v1/variables/{variable['id']}"))
    _check(
        client.post(
            "/api/v1/variables/", json={"name": name, "value": value, "type": kind, "default_fields": []}
        )
    )


def set_endpoint_variable(client: httpx.Client, endpoint: str) -> None:
    """``ASTRA_DB_API_ENDPOINT`` as a Generic variable (a Credential one reaches the endpoint field as a secret)."""
    set_variable(client, ENDPOINT_VARIABLE, endpoint, "Generic")


def register_model_server(
    client: httpx.Client, base_url: str, api_key: str | None, model: str, embedding_model: str
) -> str:
    """The server as Langflow's "OpenAI Compatible" model provider; a line saying what was set.

    The provider's global variables, as Settings -> Model Providers writes them: the base URL (Langflow
    checks it by listing the server's ``/v1/models``) and the key when there is one. Its models are then
    discovered live, so the canvas and the Playground list them. The chat and embedding models the flows
    use are enabled (Langflow enables only the first few it discovers) and made the defaults for new nodes.
    """
    set_variable(client, COMPATIBLE_BASE_URL_VARIABLE, base_url, "Generic")
    if api_key:
        set_variable(client, COMPATIBLE_KEY_VARIABLE, api_key, "Credential")
    chosen = [(model, "llm", "language"), (embedding_model, "embeddings", "embedding")]
    updates = [
        {"provider": COMPATIBLE_PROVIDER, "model_id": name, "enabled": True, "model_type": kind}
        for name, kind, _ in chosen
    ]
    _check(client.post("/api/v1/models/enabled_models", json=updates))
    for name, _, default_kind in chosen:
        body = {"model_name": name, "provider": COMPATIBLE_PROVIDER, "model_type": default_kind}
        _check(client.post("/api/v1/models/default_model", json=body))
    return (
        f"Model provider {COMPATIBLE_PROVIDER!r} (Settings -> Model Providers): {base_url}, "
        f"chat model {model}, embedding model {embedding_model}"
    )


def shipped_flow_ids() -> dict[str, str]:
    """Flow name -> id, from the generated flows (their ids are stable)."""
    flows = (json.loads(path.read_text(encoding="utf-8")) for path in sorted(FLOWS_DIR.glob("*.json")))
    return {flow["name"]: flow["id"] for flow in flows}


def flows_model_names() -> tuple[str, str]:
    """The chat and embedding models the shipped flows name (what a model server gets unless told)."""
    flow = json.loads((FLOWS_DIR / RAG_FLOW_FILE).read_text(encoding="utf-8"))
    (model,) = _nodes_named(flow, MODEL_NODE)
    (embeddings,) = _nodes_named(flow, EMBEDDINGS_NODE)
    return str(model["template"]["model_name"]["value"]), str(embeddings["template"]["model"]["value"])


def astra_configured(environ: Mapping[str, str]) -> bool:
    return all(environ.get(name, "").strip() for name in ASTRA_VARIABLES)


def knowledge_base_embedding(model_base_url: str | None, embedding_model: str) -> dict[str, Any]:
    """The embedding model a Knowledge Base made by ``ingest.py`` uses: the one the flows were set up with."""
    if model_base_url:
        return compatible_embedding_option(embedding_model)
    return {"name": embedding_model, "provider": "OpenAI"}


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


def ordered_flows(flows: Mapping[str, str], *, local_first: bool) -> dict[str, str]:
    """The flows, the default set first (the Knowledge Base ones without Astra DB, else the Astra DB ones),
    within each set the RAG flow first and the ingest flow last."""

    def rank(name: str) -> tuple[bool, int, str]:
        local = name.startswith(KNOWLEDGE_BASE_PREFIX)
        kind = 0 if "RAG" in name else 2 if "Ingest" in name else 1
        return (local != local_first, kind, name)

    return {name: flows[name] for name in sorted(flows, key=rank)}


def summary(
    url: str, project_id: str, key: str, flows: Mapping[str, str], state_file: Path, default_flow: str
) -> str:
    lines = [
        "",
        f"Langflow is up: {url}",
        f"The flows are in the project {PROJECT_NAME!r}: {url}/all/folder/{project_id}",
        *(f"  {name}: {url}/flow/{flow_id}" for name, flow_id in flows.items()),
        f"API key (also in {state_file}, which scripts/ask.py and scripts/ingest.py read):",
        f"  export LANGFLOW_API_KEY={key}",
        "Ingest your files, then ask:",
        "  .venv/bin/python scripts/ingest.py path/to/your/files/*.pdf",
        '  .venv/bin/python scripts/ask.py "What is water?"',
        "Or call the RAG flow directly (one session_id per conversation):",
        f"  curl -sN '{url}/api/v1/run/{default_flow}?stream=true' -H 'x-api-key: {key}' \\",
        '    -H \'Content-Type: application/json\' -d \'{"input_value": "What is water?", "session_id": "first"}\'',
        "",
    ]
    return "\n".join(lines)


def ready(
    url: str,
    state_dir: Path,
    server_pid: int | None,
    timeout: float,
    *,
    model_base_url: str | None = None,
    model_name: str | None = None,
    embedding_model: str | None = None,
    log_file: Path | None = None,
) -> None:
    state_file = state_dir / STATE_FILE
    default_model, default_embedding = flows_model_names()
    model_name, embedding_model = model_name or default_model, embedding_model or default_embedding
    with httpx.Client(base_url=url, timeout=60) as client:
        wait_until_healthy(client, server_pid, timeout, log_file)
        token = _check(client.get("/api/v1/auto_login"))["access_token"]
        client.headers["Authorization"] = f"Bearer {token}"
        if model_base_url:
            compatible_key = os.environ.get(OPENAI_KEY_VARIABLE, "")
            try:
                print(
                    register_model_server(
                        client,
                        model_base_url,
                        compatible_key if compatible_key not in ("", PLACEHOLDER_KEY) else None,
                        model_name,
                        embedding_model,
                    )
                )
            except SetupError as exc:
                print(
                    f"warning: Langflow could not register the model server as its {COMPATIBLE_PROVIDER!r} "
                    f"provider ({exc}); is the server running at {model_base_url}? Until it is registered "
                    "(restart run.sh, or Settings -> Model Providers), the flows' model nodes cannot run.",
                    file=sys.stderr,
                )
        astra = astra_configured(os.environ)
        if astra:
            set_endpoint_variable(client, os.environ[ENDPOINT_VARIABLE].strip())
            print(f"Global variable {ENDPOINT_VARIABLE} (Generic) is set.")
        else:
            print(
                f"No Astra DB credentials ({', '.join(ASTRA_VARIABLES)}): the Knowledge Base flows are the "
                "default, stored by Langflow itself (set both and restart for the Astra DB flows)."
            )
        flows = ordered_flows(shipped_flow_ids(), local_first=not astra)
        project_id = file_in_project(client, list(flows.values()))
        key = api_key(client, state_file)
    default_flow = flows[RAG_FLOW_NAME if astra else KB_RAG_FLOW_NAME]
    state = {
        "url": url,
        "api_key": key,
        "project_id": project_id,
        "flows": flows,
        "default_flow": default_flow,
        "store": "astra" if astra else "knowledge-base",
        # ask.py and ingest.py name a loopback URL that Langflow, in a container, sent elsewhere.
        "model_base_url": model_base_url,
        "knowledge_base": {
            "name": KNOWLEDGE_BASE,
            "embedding_model": knowledge_base_embedding(model_base_url, embedding_model),
        },
    }
    write_state(state_file, state)
    print(summary(url, project_id, key, flows, state_file, default_flow), flush=True)


# --------------------------------------------------------------------------- CLI


def run_langflow(argv: list[str]) -> None:
    """Langflow's own CLI (``langflow run …``) without its check for a newer release on PyPI.

    Langflow 1.13 asks ``https://pypi.org/pypi/langflow/json`` each time it prints its start banner, and
    no setting turns that off; ``run.sh --offline`` starts it through here so that no request leaves.
    """
    import langflow.__main__ as cli

    cli.fetch_latest_version = lambda *_args, **_kwargs: None
    sys.argv = ["langflow", *argv]
    cli.main()


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["langflow"]:
        run_langflow(argv[1:])
        return 0
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
        "ready", help="wait for the server, then model provider, variables, project, API key, summary"
    )
    after.add_argument("--url", required=True)
    after.add_argument("--state-dir", type=Path, required=True)
    after.add_argument("--server-pid", type=int)
    after.add_argument("--timeout", type=float, default=600)
    after.add_argument("--model-base-url")
    after.add_argument("--model-name")
    after.add_argument("--embedding-model")
    after.add_argument("--log-file", type=Path)
    commands.add_parser(
        "langflow", help="langflow's CLI without its PyPI version check (the arguments follow)"
    )
    args = parser.parse_args(argv)

    if args.command == "env":
        for name, value in settings_env(os.environ, args.model_base_url, offline=args.offline).items():
            print(f"export {name}={shlex.quote(value)}")
        if args.model_base_url and (note := container_note(args.model_base_url)):
            print(note, file=sys.stderr)
    elif args.command == "flows":
        if args.model_base_url:
            host_of(args.model_base_url)
        write_flows(
            args.out, args.model_base_url, args.model_name, args.embedding_model, standalone=args.standalone
        )
    else:
        try:
            ready(
                args.url,
                args.state_dir,
                args.server_pid,
                args.timeout,
                model_base_url=args.model_base_url,
                model_name=args.model_name,
                embedding_model=args.embedding_model,
                log_file=args.log_file,
            )
        except (SetupError, httpx.HTTPError) as exc:
            print(f"run.sh: after start: {exc}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
