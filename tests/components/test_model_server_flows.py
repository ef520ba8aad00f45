"""The flows as ``run.sh --model-base-url`` loads them send text to the model server's embeddings endpoint.

    .venv/bin/python -m pytest tests/components/test_model_server_flows.py

The model server is the OpenAI stand-in in text-only mode: it answers token-id input as Ollama does
(HTTP 400 ``invalid input type``). The stock OpenAI Embeddings node fails there (it tokenizes with tiktoken
and sends OpenAI's token ids); the flows that ``scripts/langflow_setup.py`` writes for a model server
ingest and answer through it, run with ``lfx run`` and only the settings ``run.sh`` gives a server: no
base URL by tweak, no ``TIKTOKEN_CACHE_DIR``. Oracles: the stand-in's recorded requests (text, and which
text), the vectors the Data API stand-in stored (the hash vectors of each chunk's own text) and
hand-written answers. The same path through a real Langflow server and the README's commands is
``tests/e2e/test_newcomer.py``.
"""

# ruff: noqa: E402  (imports follow the sys.path and environment set-up)
from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

_REPO_ROOT = Path(__file__).resolve().parents[2]
if str(_REPO_ROOT) not in sys.path:  # `tests` has no __init__.py; make `tests.*` importable
    sys.path.insert(0, str(_REPO_ROOT))
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # no cost-map download when lfx imports litellm

import openai
import pytest
from lfx_openai.components.openai.openai import OpenAIEmbeddingsComponent

from tests.support.flows import INGEST, RAG, build, clean_env, load
from tests.support.scripts import load_file
from tests.support.standins.data_api_server import DEFAULT_KEYSPACE, DataAPIStandin
from tests.support.standins.fixtures import STANDIN_ASTRA_TOKEN, STANDIN_OPENAI_API_KEY
from tests.support.standins.openai_server import (
    TEXT_ONLY_ERROR,
    OpenAIStandin,
    Reply,
    embed_text,
    provider_host,
)

pytest_plugins = ["tests.support.standins.fixtures"]

setup = load_file("scripts/langflow_setup.py")

FILES = {
    "water.txt": "Water boils at 100 degrees Celsius at sea level.\nIt freezes at 0 degrees Celsius.\n",
    "plants.md": "# Plants\nPhotosynthesis turns sunlight, water and carbon dioxide into glucose.\n",
}
QUESTION = "At what temperature does water boil?"
ANSWER = Reply(chunks=("It boils at 100 degrees Celsius [Sou", "rce 1]."))


@pytest.fixture
def text_only_server() -> Iterator[OpenAIStandin]:
    with OpenAIStandin(text_only_embeddings=True) as standin:
        yield standin


@pytest.fixture
def text_only_provider() -> Iterator[OpenAIStandin]:
    """The same, where the flows' Language Model node reaches it through the provider's setting: an address
    Langflow does not rewrite (see ``provider_host``)."""
    with OpenAIStandin(host=provider_host(), text_only_embeddings=True) as standin:
        yield standin


def embedding_inputs(server: OpenAIStandin) -> list[Any]:
    return [body["input"] for body in server.embedding_requests]


def is_text(value: Any) -> bool:
    return isinstance(value, str) or (isinstance(value, list) and all(isinstance(x, str) for x in value))


def configured(path: Path, model_base_url: str) -> dict[str, Any]:
    """The flow as ``langflow_setup.py flows --model-base-url URL`` writes it."""
    return setup.configure_flow(load(path), model_base_url)


def server_env(server: OpenAIStandin, data_api: DataAPIStandin) -> dict[str, str]:
    """What ``run.sh --model-base-url`` gives the server, with the stand-ins' credentials.

    ``LANGFLOW_SSRF_ALLOWED_HOSTS`` and ``LANGFLOW_PROVIDER_CREDENTIAL_ALLOWED_HOSTS`` from
    ``langflow_setup.settings_env``; ``OPENAI_API_KEY`` and the Astra variables as a user exports them.
    """
    env = setup.settings_env({"OPENAI_API_KEY": STANDIN_OPENAI_API_KEY}, server.base_url, offline=False)
    return (
        clean_env()
        | env
        | {
            "OPENAI_API_KEY": STANDIN_OPENAI_API_KEY,
            build.ASTRA_ENDPOINT_VARIABLE: data_api.api_endpoint,
            build.ASTRA_TOKEN_VARIABLE: STANDIN_ASTRA_TOKEN,
        }
    )


def test_the_text_only_server_refuses_what_the_stock_openai_embeddings_node_sends(
    text_only_server: OpenAIStandin, standin_env: dict[str, str]
) -> None:
    embeddings = OpenAIEmbeddingsComponent(
        openai_api_key=STANDIN_OPENAI_API_KEY,
        openai_api_base=text_only_server.base_url,
        model="text-embedding-3-small",
        max_retries=0,
    ).build_embeddings()

    with pytest.raises(openai.BadRequestError, match=TEXT_ONLY_ERROR) as caught:
        embeddings.embed_query(QUESTION)

    assert caught.value.status_code == 400
    assert caught.value.body == {"message": TEXT_ONLY_ERROR, "type": "api_error", "param": None, "code": None}
    (sent,) = embedding_inputs(text_only_server)
    assert isinstance(sent[0], list) and all(isinstance(token, int) for token in sent[0])  # token ids


def test_the_embedding_model_node_is_the_installed_component() -> None:
    """``lfx run --upgrade-flow check``'s comparison: the node matches lfx's component, nothing is stale."""
    from lfx.upgrade.checker import build_registry_lookup, check_flow_compatibility

    registry = build.load_registry()
    flow = configured(RAG, "http://127.0.0.1:8000/v1")
    report = check_flow_compatibility(
        flow["data"], {"all": registry}, registry=build_registry_lookup({"all": registry})
    )
    assert {n.display_name: n.status for n in report.nodes}["Embedding Model"] == "ok"
    assert [n.display_name for n in report.nodes if n.status != "ok"] == []


@pytest.fixture
def provider_registered(monkeypatch: pytest.MonkeyPatch, text_only_provider: OpenAIStandin) -> OpenAIStandin:
    """What a Langflow server started by ``run.sh --model-base-url`` has: the bundles' model providers
    registered (Langflow loads the installed extensions at start; ``lfx run`` does not), and the settings
    ``run.sh`` exports, the provider's base URL among them."""
    from lfx.extension.loader import load_installed_extensions

    load_installed_extensions()
    for name, value in setup.settings_env({}, text_only_provider.base_url, offline=False).items():
        monkeypatch.setenv(name, value)
    return text_only_provider


async def test_ingest_and_rag_send_text_to_the_model_server(
    tmp_path: Path,
    provider_registered: OpenAIStandin,
    data_api_standin: DataAPIStandin,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from lfx.load import arun_flow_from_json

    server = provider_registered
    for name, value in {
        build.ASTRA_ENDPOINT_VARIABLE: data_api_standin.api_endpoint,
        build.ASTRA_TOKEN_VARIABLE: STANDIN_ASTRA_TOKEN,
    }.items():
        monkeypatch.setenv(name, value)
    # A local path, not an upload: allowed only with the storage restriction off (read from the settings
    # this process already made, so set there rather than in the environment).
    from lfx.services.deps import get_settings_service

    monkeypatch.setattr(get_settings_service().settings, "restrict_local_file_access", False)
    for name, text in FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    tweaks = {
        "Read Files by Page": {
            "path": [str(tmp_path / n) for n in FILES],
            "chunk_size": 60,
            "chunk_overlap": 0,
        }
    }

    await arun_flow_from_json(
        configured(INGEST, server.base_url), "", tweaks=tweaks, fallback_to_env_vars=True
    )

    stored = list(data_api_standin.collection(build.COLLECTION, DEFAULT_KEYSPACE).documents.values())
    assert len(stored) > len(FILES)
    for document in stored:  # each chunk's vector is its own text's, so its text reached the server
        assert document["$vector"] == pytest.approx(embed_text(document["content"]), abs=1e-6)
    sent = embedding_inputs(server)
    assert sent and all(is_text(value) for value in sent), sent
    # Every chunk as it is stored (besides langchain-astradb's own probe for the vector dimension).
    assert {d["content"] for d in stored} <= {text for value in sent for text in value}

    server.clear_requests()
    server.script(ANSWER)
    outputs = await arun_flow_from_json(configured(RAG, server.base_url), QUESTION, fallback_to_env_vars=True)

    (result,) = outputs[0].outputs
    assert result.results["message"].text == "It boils at 100 degrees Celsius [Source 1]."
    assert embedding_inputs(server) == [[QUESTION]]
    assert "[Source 1] water.txt\nWater boils at 100 degrees Celsius" in server.last_prompt()
    (chat,) = server.chat_requests
    assert chat["model"] == "gpt-4o-mini"  # the flows' model, on the provider's server


def load_flow_with_tweaks(flow: dict[str, Any], tweaks: dict[str, Any]) -> dict[str, Any]:
    from lfx.processing.process import process_tweaks

    return process_tweaks(flow, tweaks)
