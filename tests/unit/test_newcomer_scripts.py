"""The newcomer scripts' own logic, without a server: run.sh's settings and flow edits, ask.py's and ingest.py's
reading of Langflow's responses.

    .venv/bin/python -m pytest tests/unit/test_newcomer_scripts.py

Expected values are written out by hand from the Langflow settings they target (see the README's table of
what each ``run.sh`` option sets); the end-to-end proof is ``tests/e2e/test_newcomer.py``.
"""

from __future__ import annotations

import importlib.util
import io
import json
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"newcomer_{name}", ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = sys.modules[spec.name] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


setup = _script("langflow_setup")
ask = _script("ask")
ingest = _script("ingest")


# --------------------------------------------------------------------------- run.sh settings


def test_a_local_model_server_is_allowed_for_its_host_only() -> None:
    env = setup.settings_env({}, "http://127.0.0.1:11434/v1", offline=False)
    assert env == {
        "LANGFLOW_SSRF_ALLOWED_HOSTS": "127.0.0.1",
        "LANGFLOW_PROVIDER_CREDENTIAL_ALLOWED_HOSTS": "http://127.0.0.1:11434",
        "OPENAI_API_KEY": "not-needed",
    }


def test_existing_settings_are_kept_and_extended() -> None:
    environ = {
        "LANGFLOW_SSRF_ALLOWED_HOSTS": "10.0.0.5",
        "LANGFLOW_PROVIDER_CREDENTIAL_ALLOWED_HOSTS": "llm.internal",
        "OPENAI_API_KEY": "sk-mine",
    }
    env = setup.settings_env(environ, "https://gpu.example:8443/v1", offline=False)
    assert (
        env
        == {
            "LANGFLOW_SSRF_ALLOWED_HOSTS": "10.0.0.5,gpu.example",
            "LANGFLOW_PROVIDER_CREDENTIAL_ALLOWED_HOSTS": "llm.internal,gpu.example:8443",  # https: no http:// form
        }
    )


def test_localhost_also_allows_the_loopback_addresses_it_resolves_to() -> None:
    env = setup.settings_env({}, "http://localhost:1234/v1", offline=False)
    assert env["LANGFLOW_SSRF_ALLOWED_HOSTS"] == "localhost,127.0.0.1,::1"
    assert env["LANGFLOW_PROVIDER_CREDENTIAL_ALLOWED_HOSTS"] == "http://localhost:1234"


def test_a_self_hosted_data_api_is_allowed_but_astra_cloud_needs_nothing() -> None:
    cloud = {"ASTRA_DB_API_ENDPOINT": "https://0123-us-east1.apps.astra.datastax.com"}
    assert setup.settings_env(cloud, None, offline=False) == {}
    hcd = {"ASTRA_DB_API_ENDPOINT": "http://192.168.1.20:8181"}
    assert setup.settings_env(hcd, None, offline=False) == {"LANGFLOW_SSRF_ALLOWED_HOSTS": "192.168.1.20"}


def test_offline_points_tiktoken_at_a_cl100k_copy() -> None:
    env = setup.settings_env({}, None, offline=True)
    assert (Path(env["TIKTOKEN_CACHE_DIR"]) / setup.CL100K_CACHE_KEY).is_file()


def test_a_base_url_without_scheme_is_refused_with_an_example() -> None:
    with pytest.raises(SystemExit, match=re.escape("e.g. http://127.0.0.1:11434/v1")):
        setup.settings_env({}, "127.0.0.1:11434", offline=False)


def _rag_flow() -> dict:
    return json.loads((ROOT / "flows" / "astra_db_rag_with_citations.json").read_text(encoding="utf-8"))


def _by_name(flow: dict) -> dict[str, dict]:
    return {n["data"]["node"]["display_name"]: n for n in flow["data"]["nodes"]}


def test_the_base_url_and_model_name_are_written_into_the_openai_node() -> None:
    flow = setup.configure_flow(_rag_flow(), "http://127.0.0.1:8000/v1", "Qwen/Qwen2.5-7B-Instruct", "bge-m3")
    model = _by_name(flow)["OpenAI"]["data"]["node"]["template"]
    assert model["openai_api_base"]["value"] == "http://127.0.0.1:8000/v1"
    assert model["model_name"]["value"] == "Qwen/Qwen2.5-7B-Instruct"
    assert "Qwen/Qwen2.5-7B-Instruct" in model["model_name"]["options"]
    # Credentials still come from the global variable.
    assert model["api_key"]["load_from_db"] is True


def test_a_model_server_gets_an_embedding_model_node_that_sends_text() -> None:
    """OpenAI Embeddings (token ids) gives way to Embedding Model, provider OpenAI Compatible (text)."""
    original = _rag_flow()
    flow = setup.configure_flow(_rag_flow(), "http://127.0.0.1:8000/v1", "Qwen/Qwen2.5-7B-Instruct", "bge-m3")
    nodes = _by_name(flow)
    assert "OpenAI Embeddings" not in nodes
    node = nodes["Embedding Model"]
    assert (node["id"], node["data"]["type"]) == ("EmbeddingModel-embed", "EmbeddingModel")
    assert node["data"]["node"]["metadata"]["module"] == (
        "lfx.components.models_and_agents.embedding_model.EmbeddingModelComponent"
    )
    assert node["position"] == _by_name(original)["OpenAI Embeddings"]["position"]
    template = node["data"]["node"]["template"]
    ((model,),) = [template["model"]["value"]]
    assert {k: model[k] for k in ("name", "provider", "category")} == {
        "name": "bge-m3",
        "provider": "OpenAI Compatible",
        "category": "OpenAI Compatible",
    }
    assert model["metadata"]["embedding_class"] == "OpenAIEmbeddings"
    assert model["metadata"]["param_mapping"]["api_base"] == "base_url"
    assert template["model"]["options"] == [model]
    assert template["api_base"]["value"] == "http://127.0.0.1:8000/v1"
    assert (template["api_key"]["value"], template["api_key"]["load_from_db"]) == ("OPENAI_API_KEY", True)
    # Wired where the OpenAI Embeddings node was: its Embeddings output into Astra DB's Embedding Model.
    edges = [e for e in flow["data"]["edges"] if e["source"] == "EmbeddingModel-embed"]
    assert [(e["target"], e["data"]["targetHandle"]["fieldName"]) for e in edges] == [
        ("ext:datastax:AstraDBVectorStoreComponent@official-astra", "embedding_model")
    ]
    assert edges[0]["data"]["sourceHandle"] == {
        "dataType": "EmbeddingModel",
        "id": "EmbeddingModel-embed",
        "name": "embeddings",
        "output_types": ["Embeddings"],
    }
    assert not [e for e in flow["data"]["edges"] if "OpenAIEmbeddings" in e["id"]]
    assert len(flow["data"]["edges"]) == len(original["data"]["edges"])
    assert len(flow["data"]["nodes"]) == len(original["data"]["nodes"])


def test_the_embedding_model_stays_the_flows_when_none_is_named() -> None:
    flow = setup.configure_flow(_rag_flow(), "http://127.0.0.1:11434/v1")
    ((model,),) = [_by_name(flow)["Embedding Model"]["data"]["node"]["template"]["model"]["value"]]
    assert model["name"] == "text-embedding-3-small"


def test_without_a_model_server_the_openai_embeddings_node_stays() -> None:
    flow = setup.configure_flow(_rag_flow(), None, embedding_model="text-embedding-3-large")
    nodes = _by_name(flow)
    assert "Embedding Model" not in nodes
    template = nodes["OpenAI Embeddings"]["data"]["node"]["template"]
    assert template["model"]["value"] == "text-embedding-3-large"
    assert template["openai_api_base"]["value"] == ""


def test_a_missing_openai_compatible_provider_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(setup, "COMPATIBLE_DISTRIBUTION", "lfx-no-such-bundle")
    with pytest.raises(SystemExit, match=r"'OpenAI Compatible' model provider, from lfx-no-such-bundle"):
        setup.configure_flow(_rag_flow(), "http://127.0.0.1:11434/v1")


# --------------------------------------------------------------------------- ask.py

RESULT = {
    "session_id": "s",
    "outputs": [
        {
            "inputs": {"input_value": "q"},
            "outputs": [
                {
                    "results": {
                        "message": {
                            "text": "Water is wet [Source 2].",
                            "content_blocks": [
                                {"title": "Agent Steps", "contents": [{"title": "not a source"}]},
                                {
                                    "title": "Sources",
                                    "contents": [
                                        {
                                            "type": "citation",
                                            "title": "Source 2 · water.pdf — page 3",
                                            "url": "https://example.org/water.pdf#page=3",
                                            "cited_text": "Water  is\nwet.",
                                        },
                                        {"type": "json", "data": {"cited": [2]}},
                                    ],
                                },
                            ],
                        }
                    }
                }
            ],
        }
    ],
}


def test_ask_prints_the_answer_then_the_cited_sources() -> None:
    message = ask.answer_message(RESULT)
    out = io.StringIO()
    ask.print_sources(ask.source_cards(message), out)
    assert out.getvalue() == (
        "\nSources:\n  Source 2 · water.pdf — page 3  https://example.org/water.pdf#page=3\n      Water is wet.\n"
    )


def test_ask_reads_the_stream_framing() -> None:
    body = (
        b'{"event": "add_message", "data": {}}\n\n{"event": "log", "data": {"message": "x"}}\n\n'
        b'{"event": "token", "data": {"chunk": "Wa"}}\n\n{"event": "end", "data": {"result": {}}}\n\n'
    )
    assert [name for name, _ in ask.events(io.BytesIO(body))] == ["add_message", "log", "token", "end"]


def test_ask_names_the_fix_for_known_messages() -> None:
    assert "--model-base-url" in ask.hint_for("SSRF Protection: Hostname 127.0.0.1 resolves to blocked IP")
    assert "--offline" in ask.hint_for("Failed to download cl100k_base")
    assert ask.hint_for("something else") == ""


@pytest.mark.parametrize("script", [ask, ingest], ids=["ask", "ingest"])
@pytest.mark.parametrize(
    "message",
    [
        # Ollama and LM Studio, as langchain-openai's client reports them.
        "Error code: 400 - {'error': {'message': 'invalid input type', 'type': 'api_error', 'param': None, "
        "'code': None}}",
        "Error code: 400 - {'error': \"'input' field must be a string or an array of strings\"}",
    ],
)
def test_token_ids_refused_by_the_model_server_point_at_model_base_url(
    script: ModuleType, message: str
) -> None:
    assert "scripts/run.sh --model-base-url URL" in script.hint_for(message)


# --------------------------------------------------------------------------- ingest.py


def test_ingest_counts_what_the_astra_db_node_reports() -> None:
    events = [
        ("log", {"message": "Deleting documents where file_path"}),
        ("log", {"message": "Adding 12 documents to the Vector Store."}),
        ("log", {"message": "Search input: None"}),
        ("end", {"result": {"outputs": []}}),
    ]
    assert ingest.chunks_stored(iter(events)) == 12


def test_ingest_reports_an_empty_file_as_zero_chunks() -> None:
    events = [("log", {"message": "No documents to add to the Vector Store."}), ("end", {})]
    assert ingest.chunks_stored(iter(events)) == 0


@pytest.mark.parametrize(
    ("events", "error"),
    [
        ([("error", {"error": "boom"})], "the ingest flow failed: boom"),
        ([("log", {"message": "Adding 3 documents to the Vector Store."})], "without an `end` event"),
        ([("end", {})], "reported no documents added"),
    ],
)
def test_ingest_never_reports_a_count_it_did_not_see(events: list, error: str) -> None:
    with pytest.raises(ingest.IngestError, match=error):
        ingest.chunks_stored(iter(events))


# An error event as Langflow's /run stream sends it when a component fails: a whole error Message.
ERROR_MESSAGE_EVENT = {
    "text": "Refusing to send a server-provisioned API credential to the non-default endpoint http://h:1/v1\n",
    "error": False,
    "category": "error",
    "content_blocks": [
        {
            "title": "Error",
            "contents": [{"type": "error", "component": "OpenAI Embeddings", "reason": "**ValueError** …"}],
        }
    ],
}


@pytest.mark.parametrize("script", [ask, ingest], ids=["ask", "ingest"])
def test_error_events_are_told_with_their_component_and_fix(script: ModuleType) -> None:
    text = script.error_text(ERROR_MESSAGE_EVENT)
    assert text == (
        "OpenAI Embeddings: Refusing to send a server-provisioned API credential to the non-default endpoint "
        "http://h:1/v1"
    )
    assert "--model-base-url" in script.hint_for(text)
    assert script.error_text({"error": "plain message"}) == "plain message"


def test_ingest_reports_a_failed_component_with_the_hint() -> None:
    with pytest.raises(ingest.IngestError, match=r"OpenAI Embeddings: Refusing.*\nhint: .*--model-base-url"):
        ingest.chunks_stored(iter([("error", ERROR_MESSAGE_EVENT)]))
