"""The newcomer scripts' own logic, without a server: run.sh's settings and flow edits, ask.py's and ingest.py's
reading of Langflow's responses.

    .venv/bin/python -m pytest tests/unit/test_newcomer_scripts.py

Expected values are written out by hand from the Langflow settings they target (see the README's table of
what each ``run.sh`` option sets); the end-to-end proof is ``tests/e2e/test_newcomer.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import io
import json
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

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
client = sys.modules["langflow_client"]  # the module both scripts import (not a second copy of it)


# --------------------------------------------------------------------------- run.sh settings


def test_a_local_model_server_is_allowed_for_its_host_only() -> None:
    env = setup.settings_env({}, "http://127.0.0.1:11434/v1", offline=False)
    assert env == {
        "LANGFLOW_SSRF_ALLOWED_HOSTS": "127.0.0.1",
        "LANGFLOW_PROVIDER_CREDENTIAL_ALLOWED_HOSTS": "http://127.0.0.1:11434",
        "OPENAI_API_KEY": "not-needed",
        "OPENAI_COMPATIBLE_BASE_URL": "http://127.0.0.1:11434/v1",  # the provider's setting, for lfx run
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
            "OPENAI_COMPATIBLE_BASE_URL": "https://gpu.example:8443/v1",
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


def test_a_model_server_gets_a_language_model_node_on_the_openai_compatible_provider() -> None:
    """The OpenAI node gives way to Language Model, provider OpenAI Compatible, wired where it was."""
    original = _rag_flow()
    flow = setup.configure_flow(_rag_flow(), "http://127.0.0.1:8000/v1", "Qwen/Qwen2.5-7B-Instruct", "bge-m3")
    nodes = _by_name(flow)
    assert "OpenAI" not in nodes
    node = nodes["Language Model"]
    assert (node["id"], node["data"]["type"]) == ("LanguageModelComponent-model", "LanguageModelComponent")
    assert node["position"] == _by_name(original)["OpenAI"]["position"]
    template = node["data"]["node"]["template"]
    ((model,),) = [template["model"]["value"]]
    assert {k: model[k] for k in ("name", "provider", "category")} == {
        "name": "Qwen/Qwen2.5-7B-Instruct",
        "provider": "OpenAI Compatible",
        "category": "OpenAI Compatible",
    }
    assert model["metadata"]["model_class"] == "ChatOpenAI"
    assert template["model"]["options"] == [model]
    # No key of its own: the provider's settings hold the server and its key.
    assert (template["api_key"]["value"], template["api_key"]["load_from_db"]) == ("", False)
    edges = [
        (e["source"], e["target"], e["data"]["targetHandle"]["fieldName"]) for e in flow["data"]["edges"]
    ]
    assert ("LanguageModelComponent-model", POST_PROCESSOR_ID, "model") in edges
    assert not [e for e in edges if "OpenAIModel" in e[0] or "OpenAIModel" in e[1]]
    assert len(flow["data"]["edges"]) == len(original["data"]["edges"])


def test_the_openai_node_keeps_openai_and_takes_the_model_name_without_a_server() -> None:
    flow = setup.configure_flow(_rag_flow(), None, "gpt-4.1-mini")
    template = _by_name(flow)["OpenAI"]["data"]["node"]["template"]
    assert template["model_name"]["value"] == "gpt-4.1-mini"
    assert "gpt-4.1-mini" in template["model_name"]["options"]
    assert template["api_key"]["load_from_db"] is True


POST_PROCESSOR_ID = "ext:citations:CitationPostProcessorComponent@official-cite"


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
    assert (template["api_key"]["value"], template["api_key"]["load_from_db"]) == ("", False)
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
    assert [name for name, _ in client.stream_events(io.BytesIO(body))] == [
        "add_message",
        "log",
        "token",
        "end",
    ]


def test_both_scripts_use_the_one_client_module() -> None:
    assert ask.Client is ingest.Client is client.Client
    assert issubclass(ask.AskError, client.LangflowError) and issubclass(
        ingest.IngestError, client.LangflowError
    )


def test_ask_names_the_fix_for_known_messages() -> None:
    assert "--model-base-url" in client.hint_for("SSRF Protection: Hostname 127.0.0.1 resolves to blocked IP")
    assert "--offline" in client.hint_for("Failed to download cl100k_base")
    assert client.hint_for("something else") == ""


# Langflow's words (lfx.utils.ssrf_protection) once, in a container, it sent a loopback model URL to the
# container's host, as the flow's error event carries them.
REWRITTEN = (
    "OpenAI Embeddings: Error building Component: SSRF Protection: Hostname {host} resolves to blocked IP "
    "address(es): {ip}. To allow this hostname, add it to LANGFLOW_SSRF_ALLOWED_HOSTS environment variable."
)


@pytest.mark.parametrize(
    ("host", "ip", "model_base_url"),
    [
        ("host.docker.internal", "192.168.65.254", None),  # Docker Desktop's name for the host
        ("host.containers.internal", "10.88.0.1", "http://localhost:11434/v1"),  # Podman's
        ("192.0.2.1", "192.0.2.1", "http://127.0.0.1:11434/v1"),  # the gateway, for a loopback URL run.sh got
    ],
)
def test_a_loopback_url_rewritten_in_a_container_gets_its_own_hint(
    host: str, ip: str, model_base_url: str | None
) -> None:
    hint = client.hint_for(REWRITTEN.format(host=host, ip=ip), model_base_url)
    assert hint.startswith(
        f"\nhint: Langflow runs in a container, so it sent {'the model URL ' + model_base_url if model_base_url else 'a model URL on 127.0.0.1 or localhost'} to the container's host, {host}"
    )
    assert "its address on the container's network" in hint and "the host's address" in hint
    assert "start the server with scripts/run.sh --model-base-url URL (it allows that host)" not in hint
    # Both scripts give it, for an HTTP error and for an error event of the stream.
    with pytest.raises(ingest.IngestError, match="Langflow runs in a container"):
        ingest.chunks_stored(iter([("error", {"error": REWRITTEN.format(host=host, ip=ip)})]), model_base_url)


@pytest.mark.parametrize(
    ("host", "model_base_url"),
    [
        ("127.0.0.1", "http://127.0.0.1:11434/v1"),  # not rewritten: the loopback host is simply not allowed
        ("192.168.1.20", None),  # a private address, and nothing says the URL was on loopback
        ("10.0.0.5", "http://10.0.0.5:8000/v1"),
    ],
)
def test_other_blocked_hosts_keep_the_allow_list_hint(host: str, model_base_url: str | None) -> None:
    hint = client.hint_for(REWRITTEN.format(host=host, ip=host), model_base_url)
    assert hint == "\nhint: " + client.HINTS["SSRF Protection"]


@pytest.mark.parametrize(
    "message",
    [
        # Ollama and LM Studio, as langchain-openai's client reports them.
        "Error code: 400 - {'error': {'message': 'invalid input type', 'type': 'api_error', 'param': None, "
        "'code': None}}",
        "Error code: 400 - {'error': \"'input' field must be a string or an array of strings\"}",
    ],
)
def test_token_ids_refused_by_the_model_server_point_at_model_base_url(message: str) -> None:
    assert "scripts/run.sh --model-base-url URL" in client.hint_for(message)


# --------------------------------------------------------------------------- ingest.py


def test_ingest_counts_what_the_astra_db_node_reports() -> None:
    events = [
        ("log", {"message": "Deleting documents where file_path"}),
        ("log", {"message": "Adding 12 documents to the Vector Store."}),
        ("log", {"message": "Search input: None"}),
        ("end", {"result": {"outputs": []}}),
    ]
    assert ingest.chunks_stored(iter(events)) == ingest.Outcome(12)


def test_ingest_counts_what_the_knowledge_component_reports() -> None:
    events = [
        ("log", {"message": "Read water.pdf: 3 pages, 4 chunks"}),
        ("log", {"message": "Removed 4 earlier chunks of water.pdf from 'citations'."}),
        ("log", {"message": "Started ingestion run job_id=1 kb_name=citations kb_id=2"}),
        ("log", {"message": "Added 4 documents to vector store 'citations'"}),
        ("end", {"result": {"outputs": []}}),
    ]
    assert ingest.chunks_stored(iter(events)) == ingest.Outcome(4)
    # Nothing new to add (every chunk already there): the component logs its run, but no count.
    assert ingest.chunks_stored(iter([events[2], events[4]])) == ingest.Outcome(0)


def test_ingest_reports_an_empty_file_as_zero_chunks() -> None:
    events = [("log", {"message": "No documents to add to the Vector Store."}), ("end", {})]
    assert ingest.chunks_stored(iter(events)) == ingest.Outcome(0)


def test_ingest_tells_a_skipped_file_with_the_readers_reason() -> None:
    events = [
        ("log", {"message": "Skipped scan.pdf: no text on any page (scanned or image-only): run OCR first"}),
        ("log", {"message": "Started ingestion run job_id=1 kb_name=citations kb_id=2"}),
        ("end", {}),
    ]
    assert ingest.chunks_stored(iter(events)) == ingest.Outcome(
        0, "no text on any page (scanned or image-only): run OCR first"
    )


@pytest.mark.parametrize(
    ("events", "error"),
    [
        ([("error", {"error": "boom"})], "the ingest flow failed: boom"),
        ([("log", {"message": "Adding 3 documents to the Vector Store."})], "without an `end` event"),
        ([("end", {})], "reported no documents added"),
        ([("log", {"message": "Search input: water"}), ("end", {})], "is this an ingest flow"),
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


def test_error_events_are_told_with_their_component_and_fix() -> None:
    text = client.error_text(ERROR_MESSAGE_EVENT)
    assert text == (
        "OpenAI Embeddings: Refusing to send a server-provisioned API credential to the non-default endpoint "
        "http://h:1/v1"
    )
    assert "--model-base-url" in client.hint_for(text)
    assert client.error_text({"error": "plain message"}) == "plain message"


def test_ingest_reports_a_failed_component_with_the_hint() -> None:
    with pytest.raises(ingest.IngestError, match=r"OpenAI Embeddings: Refusing.*\nhint: .*--model-base-url"):
        ingest.chunks_stored(iter([("error", ERROR_MESSAGE_EVENT)]))


# --------------------------------------------------------------------------- stores and sessions

COMPATIBLE = {
    "name": "nomic-embed-text",
    "provider": "OpenAI Compatible",
    "metadata": {"model_type": "embeddings"},
}
STATE = {
    "store": "knowledge-base",
    "flows": {
        "Knowledge Base RAG with Citations": "kb-rag",
        "Knowledge Base Ingest with Source Metadata": "kb-ingest",
        "Astra DB RAG with Citations": "astra-rag",
    },
    "default_flow": "kb-rag",
    "knowledge_base": {"name": "citations", "embedding_model": COMPATIBLE},
}


class FakeClient:
    """ingest.py's Client, answering the Knowledge Base API from a dict (``None``: not there)."""

    def __init__(self, existing: dict | None) -> None:
        self.existing = existing
        self.posted: list[tuple[str, dict]] = []

    def json_or_none(self, method: str, path: str) -> dict | None:
        assert (method, path) == ("GET", "/api/v1/knowledge_bases/citations")
        return self.existing

    def json(self, method: str, path: str, payload: dict) -> dict:
        self.posted.append((path, payload))
        return {}


def _args(*argv: str) -> object:
    import argparse

    parser = argparse.ArgumentParser()
    parser.add_argument("--knowledge-base")
    parser.add_argument("--astra", action="store_true")
    parser.add_argument("--flow")
    return parser.parse_args(list(argv))


def test_ingest_creates_the_knowledge_base_with_run_shs_embedding_model() -> None:
    client = FakeClient(None)
    store = ingest.choose_store(client, _args(), STATE)
    assert client.posted == [
        (
            "/api/v1/knowledge_bases",
            {
                "name": "citations",
                "embedding_provider": "OpenAI Compatible",
                "embedding_model": "nomic-embed-text",
                "model_selection": COMPATIBLE,
            },
        )
    ]
    assert store.flow == "kb-ingest"
    assert store.tweaks == {
        "Replace File Chunks": {"knowledge_base": "citations"},
        "Knowledge": {"knowledge_base": "citations"},
    }


def test_ingest_refuses_a_knowledge_base_built_with_another_embedding_model() -> None:
    client = FakeClient(
        {"embedding_provider": "OpenAI", "embedding_model": "text-embedding-3-small", "chunks": 9}
    )
    with pytest.raises(
        ingest.IngestError, match=r"built with the embedding model text-embedding-3-small \(OpenAI\)"
    ):
        ingest.choose_store(client, _args(), STATE)
    assert client.posted == []
    same = FakeClient({"embedding_provider": "OpenAI Compatible", "embedding_model": "nomic-embed-text"})
    assert ingest.choose_store(same, _args(), STATE).label == "Knowledge Base 'citations'"


def test_ingest_uses_astra_db_only_when_run_sh_had_its_credentials() -> None:
    with pytest.raises(ingest.IngestError, match="without Astra DB credentials"):
        ingest.choose_store(FakeClient(None), _args("--astra"), STATE)
    astra_state = {**STATE, "store": "astra"}
    store = ingest.choose_store(FakeClient(None), _args(), astra_state)
    assert (store.flow, store.tweaks) == (
        ingest.SHIPPED_IDS[ingest.ASTRA_INGEST_FLOW],
        {"Astra DB": {"deletion_field": "file_path"}},
    )


def test_ask_checks_the_knowledge_base_of_knowledge_base_flows_only() -> None:
    assert ask.knowledge_base_of("kb-rag", STATE, None) == "citations"
    assert ask.knowledge_base_of("kb-rag", STATE, {"Knowledge": {"knowledge_base": "manuals"}}) == "manuals"
    assert ask.knowledge_base_of("astra-rag", STATE, None) is None
    assert ask.knowledge_base_of("some-other-flow", STATE, None) is None


def test_the_local_flows_come_first_without_astra_db() -> None:
    flows = {
        "Astra DB RAG with Citations": "a",
        "Knowledge Base RAG with Citations": "k",
        "Cite Any Answer": "c",
    }
    assert list(setup.ordered_flows(flows, local_first=True)) == [
        "Knowledge Base RAG with Citations",
        "Astra DB RAG with Citations",
        "Cite Any Answer",
    ]
    assert list(setup.ordered_flows(flows, local_first=False))[-1] == "Knowledge Base RAG with Citations"
    assert setup.astra_configured({"ASTRA_DB_APPLICATION_TOKEN": "t", "ASTRA_DB_API_ENDPOINT": " "}) is False


def test_a_new_knowledge_base_is_built_with_the_embedding_model_run_sh_was_given() -> None:
    assert setup.knowledge_base_embedding(None, "text-embedding-3-small") == {
        "name": "text-embedding-3-small",
        "provider": "OpenAI",
    }
    local = setup.knowledge_base_embedding("http://127.0.0.1:11434/v1", "nomic-embed-text")
    assert (local["name"], local["provider"]) == ("nomic-embed-text", "OpenAI Compatible")
    assert local["metadata"]["embedding_class"] == "OpenAIEmbeddings"


# --------------------------------------------------------------------------- uploads


def _parsed_by_langflow(body: bytes, boundary: str) -> tuple[str, str, bytes]:
    """(file name, content type, content) of the part ``file``, as Langflow's form parser reads it."""
    from starlette.datastructures import Headers
    from starlette.formparsers import MultiPartParser

    async def stream() -> Any:
        yield body
        yield b""

    async def parse() -> tuple[str, str, bytes]:
        headers = Headers({"content-type": f"multipart/form-data; boundary={boundary}"})
        form = await MultiPartParser(headers, stream()).parse()
        part = form["file"]
        return part.filename, part.content_type, await part.read()

    return asyncio.run(parse())


@pytest.mark.parametrize(
    ("name", "stored"),
    [
        ("two words.md", "two words.md"),
        ('say "hi".md', 'say "hi".md'),
        ("caf\u00e9 \u6c34 \u00fc.pdf", "caf\u00e9 \u6c34 \u00fc.pdf"),  # non-ASCII, sent as UTF-8
        ("line\nbreak\r.md", "line%0Abreak%0D.md"),  # as browsers send them
        ("back\\slash.md", "back\\slash.md"),
        (
            'x.md"\r\nContent-Type: text/html\r\n\r\n<script>',
            'x.md"%0D%0AContent-Type: text/html%0D%0A%0D%0A<script>',
        ),
    ],
)
def test_a_file_name_reaches_langflows_parser_whole_and_cannot_break_the_request(
    name: str, stored: str
) -> None:
    boundary = "b0undary"
    body = ingest.multipart_file(name, b"Water is wet.\n", "text/markdown", boundary)
    assert _parsed_by_langflow(body, boundary) == (stored, "text/markdown", b"Water is wet.\n")
    assert ingest.stored_name(name) == stored


def test_multipart_file_name_escapes() -> None:
    assert ingest.multipart_filename('a "b" \\ c\r\nd.md') == 'a \\"b\\" \\\\ c%0D%0Ad.md'
    assert ingest.multipart_filename("caf\u00e9.md") == "caf\u00e9.md"


UPLOADS = [
    {"id": "1", "name": "x", "path": "user/x.pdf"},
    {"id": "2", "name": "x (1)", "path": "user/x (1).md"},
    {"id": "3", "name": "notes", "path": "user/notes.md"},
    {"id": "4", "name": 'say "hi"', "path": 'user/say "hi".md'},
    {"id": "5", "name": "line%0Abreak", "path": "user/line%0Abreak.md"},
]


@pytest.mark.parametrize(
    ("name", "recorded", "replaced"),
    [
        ("x.md", None, []),  # x.pdf only shares the stem: another file
        ("x.md", "2", ["2"]),  # stored as "x (1).md" by an earlier ingest of this path
        ("x.pdf", None, ["1"]),
        ("notes.md", None, ["3"]),
        ("notes.txt", "9", []),  # the recorded upload is gone already
        ('say "hi".md', None, ["4"]),
        ("line\nbreak.md", None, ["5"]),
    ],
)
def test_an_upload_replaces_only_earlier_uploads_of_the_same_file(
    name: str, recorded: str | None, replaced: list[str]
) -> None:
    assert ingest.earlier_uploads(UPLOADS, name, recorded) == replaced


def test_the_upload_record_is_kept_per_server_and_local_path(tmp_path: Path) -> None:
    file = tmp_path / "state" / "uploads.json"
    one, other = ingest.UploadRecord(file, "http://a:7860"), ingest.UploadRecord(file, "http://b:7860")
    doc = tmp_path / "x.md"
    assert one.get(doc) is None  # no file yet
    one.put(doc, "2")
    other.put(doc, "7")
    one.put(tmp_path / "x.pdf", "1")
    assert (one.get(doc), other.get(doc), one.get(tmp_path / "x.pdf")) == ("2", "7", "1")
    assert ingest.UploadRecord(file, "http://a:7860").get(tmp_path / "." / "x.md") == "2"  # the resolved path
    file.write_text("{not json", encoding="utf-8")
    assert one.get(doc) is None  # a damaged record is no record: only same-name uploads are replaced


class FilesClient:
    """The file calls of ingest.py's upload, against an in-memory list that names uploads as Langflow does."""

    def __init__(self, files: list[dict]) -> None:
        self.files = [dict(f) for f in files]
        self.deleted: list[str] = []

    def json(self, method: str, path: str, payload: Any = None) -> Any:
        if method == "GET":
            return self.files
        upload_id = path.rsplit("/", 1)[1]
        self.deleted.append(upload_id)
        self.files = [f for f in self.files if f["id"] != upload_id]
        return None

    def open(self, method: str, path: str, body: bytes, content_type: str) -> Any:
        boundary = content_type.split("boundary=")[1]
        name = _parsed_by_langflow(body, boundary)[0]
        stem, dot, extension = name.rpartition(".")
        taken = {f["name"] for f in self.files}
        stored = stem if stem not in taken else f"{stem} (1)"
        upload = {"id": str(len(self.files) + 100), "name": stored, "path": f"user/{stored}{dot}{extension}"}
        self.files.append(upload)
        return contextlib.nullcontext(io.BytesIO(json.dumps(upload).encode()))


def test_ingesting_x_md_after_x_pdf_keeps_both_and_again_replaces_its_own(tmp_path: Path) -> None:
    (tmp_path / "x.pdf").write_bytes(b"%PDF-1.4")
    (tmp_path / "x.md").write_text("Water.", encoding="utf-8")
    record = ingest.UploadRecord(tmp_path / "uploads.json", "http://a:7860")
    files = FilesClient([])
    assert ingest.upload(files, tmp_path / "x.pdf", record) == "user/x.pdf"
    assert ingest.upload(files, tmp_path / "x.md", record) == "user/x (1).md"
    assert files.deleted == []
    assert ingest.upload(files, tmp_path / "x.md", record) == "user/x (1).md"  # its own, and only that
    assert [f["path"] for f in files.files] == ["user/x.pdf", "user/x (1).md"]
    assert len(files.deleted) == 1
