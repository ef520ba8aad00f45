"""Load the generated flows, point them somewhere, run them, read the cited answer.

Where a flow talks to is configured the way a caller configures a deployment:

* Langflow global variables, which the flows' credential and endpoint fields load
  (ASTRA_DB_APPLICATION_TOKEN, ASTRA_DB_API_ENDPOINT, OPENAI_API_KEY); headless runs resolve them from
  the environment;
* tweaks keyed by node display name ("OpenAI", "OpenAI Embeddings", "Astra DB", "Read Files by Page", …),
  applied with Langflow's own ``process_tweaks`` (a tweaked field stops loading a global variable).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from lfx.processing.process import process_tweaks
from lfx.schema.content_types import CitationContent, ContentBlock
from lfx.schema.message import Message

from tests.support.scripts import load_file

REPO_ROOT = Path(__file__).resolve().parents[2]
QUIET_ENV = {"DO_NOT_TRACK": "true", "LITELLM_LOCAL_MODEL_COST_MAP": "True"}


build = load_file("scripts/build_flows.py")
"""``scripts/build_flows.py``: node types, source files, variable names, default collection."""
RAG = build.FLOWS_DIR / "astra_db_rag_with_citations.json"
INGEST = build.FLOWS_DIR / "astra_db_ingest_with_source_metadata.json"
CITE_ANY = build.FLOWS_DIR / "cite_any_answer.json"
AGENT = build.FLOWS_DIR / "astra_db_agent_with_citations.json"
STREAMING_AGENT = build.FLOWS_DIR / "astra_db_citing_agent_streaming.json"
KB_RAG = build.FLOWS_DIR / "knowledge_base_rag_with_citations.json"
KB_AGENT = build.FLOWS_DIR / "knowledge_base_agent_with_citations.json"
KB_INGEST = build.FLOWS_DIR / "knowledge_base_ingest_with_source_metadata.json"
INSTALLED_FLOWS = (RAG, INGEST, CITE_ANY, AGENT, STREAMING_AGENT, KB_RAG, KB_AGENT, KB_INGEST)
"""``flows/``: for a server with the bundle installed (what ``scripts/run.sh`` loads)."""


def standalone(path: Path) -> Path:
    """The same flow in ``flows/standalone/``: its nodes carry the core, for servers without the bundle."""
    return build.STANDALONE_FLOWS_DIR / path.name


STANDALONE_FLOWS = tuple(standalone(p) for p in INSTALLED_FLOWS)


def standalone_code(component: str) -> str:
    """The code a standalone flow's node of class ``component`` carries (``CitationPromptComponent``)."""
    return build.STANDALONE_SOURCES[f"ext:citations:{component}@official"]


def standalone_class(component: str) -> type:
    """The standalone component's class, made from its code as Langflow makes a node's class."""
    from lfx.custom.validate import create_class

    return create_class(standalone_code(component), component)


def standalone_module(component: str) -> SimpleNamespace:
    """That code run as a module is run: its names, the carried core among them (``CORE``)."""
    namespace: dict[str, Any] = {"__name__": f"_lfx_citations_standalone_{component}"}
    exec(compile(standalone_code(component), f"<standalone {component}>", "exec"), namespace)
    return SimpleNamespace(**namespace)


def load(path: Path, tweaks: Mapping[str, Any] | None = None) -> dict[str, Any]:
    flow = json.loads(path.read_text(encoding="utf-8"))
    return process_tweaks(flow, dict(tweaks)) if tweaks else flow


def nodes(flow: Mapping[str, Any]) -> list[dict[str, Any]]:
    return flow["data"]["nodes"]


def openai_tweaks(base_url: str, api_key: str | None = None) -> dict[str, dict[str, str]]:
    """Point the OpenAI model and embeddings nodes at ``base_url``; with ``api_key``, pass it explicitly."""
    key_fields = {"OpenAI": "api_key", "OpenAI Embeddings": "openai_api_key"}
    return {
        node: {"openai_api_base": base_url} | ({key: api_key} if api_key else {})
        for node, key in key_fields.items()
    }


def standin_tweaks(openai_base_url: str, data_api_url: str) -> dict[str, dict[str, Any]]:
    """Point a flow's OpenAI, OpenAI Embeddings and Astra DB nodes at the local stand-ins.

    ``database_name`` is set too: it loads the endpoint's global variable, and the Playground's
    build path fails on a missing variable where ``/api/v1/run`` quietly falls back.
    """
    from tests.support.standins.fixtures import STANDIN_ASTRA_TOKEN, STANDIN_OPENAI_API_KEY

    astra = {
        "api_endpoint": data_api_url,
        "database_name": data_api_url,
        "token": STANDIN_ASTRA_TOKEN,
        "environment": "prod",
    }
    return {**openai_tweaks(openai_base_url, STANDIN_OPENAI_API_KEY), "Astra DB": astra}


def clean_env() -> dict[str, str]:
    """This process's environment without any OpenAI, Astra or Langflow setting."""
    return {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "ASTRA_", "LANGFLOW_"))}


def lfx_run(flow: Mapping[str, Any], work_dir: Path, env: Mapping[str, str], *args: str) -> dict[str, Any]:
    """``lfx run <flow> [args] --format json`` with exactly ``env``; the parsed result (exit code 0)."""
    path = work_dir / "flow.json"
    path.write_text(json.dumps(flow), encoding="utf-8")
    completed = subprocess.run(
        [sys.executable, "-m", "lfx", "run", str(path), *args, "--format", "json"],
        capture_output=True,
        text=True,
        env={**env, **QUIET_ENV},
        cwd=work_dir,
        timeout=600,
        check=False,
    )
    assert completed.returncode == 0, completed.stdout[-3000:] + completed.stderr[-3000:]
    return json.loads(completed.stdout)


async def run_in_process(path: Path, input_value: str, tweaks: Mapping[str, Any] | None = None) -> Message:
    """Run a flow with ``lfx.load`` (global variables fall back to the environment); Chat Output's message."""
    from lfx.load import arun_flow_from_json

    outputs = await arun_flow_from_json(
        path, input_value, tweaks=dict(tweaks or {}), fallback_to_env_vars=True
    )
    (result,) = outputs[0].outputs
    assert result is not None
    assert result.results is not None
    message = result.results["message"]
    assert isinstance(message, Message)
    return message


def source_cards(message: Message) -> list[CitationContent]:
    """The citation cards of the message's one "Sources" group."""
    (group,) = [b for b in message.content_blocks if isinstance(b, ContentBlock) and b.title == "Sources"]
    return [c for c in group.contents if isinstance(c, CitationContent)]


def without_note(title: str) -> str:
    """A source card title without the support check's note (`` · ⚠ …``), for tests of numbering."""
    return title.split(" \u00b7 \u26a0 ", 1)[0]
