"""The stand-ins speak the real protocols: proven with the real Langflow components and clients.

Later tests rely on three properties checked here: the OpenAI model component
streams exactly the scripted chunk split (and fails the scripted way), OpenAI
embeddings from the component land on the same vectors the Data API stand-in
seeds with, and the Astra DB component ingests and searches against the Data API
stand-in, returning Data objects with ``text`` plus metadata as sibling keys.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import httpx
import openai
import pytest
from astrapy import DataAPIClient
from astrapy.exceptions import CollectionInsertManyException, DataAPIResponseException
from langchain_core.embeddings import Embeddings
from langchain_core.language_models import BaseChatModel
from lfx.schema.data import Data
from lfx_datastax.components.datastax.astradb_vectorstore import AstraDBVectorStoreComponent
from lfx_openai.components.openai.openai import OpenAIEmbeddingsComponent
from lfx_openai.components.openai.openai_chat_model import OpenAIModelComponent

from tests.support.standins.data_api_server import DEFAULT_CORPUS, DataAPIStandin, DataAPIStandinClient
from tests.support.standins.fixtures import (
    STANDIN_ASTRA_TOKEN,
    STANDIN_OPENAI_API_KEY,
    SeededCorpus,
    StandinProcess,
    launch_standin,
)
from tests.support.standins.openai_server import (
    DEFAULT_REPLY,
    OpenAIStandin,
    OpenAIStandinClient,
    Reply,
    embed_text,
)

pytest_plugins = ["tests.support.standins.fixtures"]

SPLIT_MARKER = ["Water is wet [Sou", "rce 1", "]."]


def _model(standin: OpenAIStandin) -> BaseChatModel:
    component = OpenAIModelComponent(
        api_key=STANDIN_OPENAI_API_KEY,
        openai_api_base=standin.base_url,
        model_name="gpt-4o-mini",
        max_retries=0,  # every retry would consume the next scripted reply
    )
    return component.build_model()


def _embeddings(standin: OpenAIStandin, **kwargs: object) -> Embeddings:
    component = OpenAIEmbeddingsComponent(
        openai_api_key=STANDIN_OPENAI_API_KEY,
        openai_api_base=standin.base_url,
        model="text-embedding-3-small",
        max_retries=0,
        **kwargs,
    )
    return component.build_embeddings()


def _astra(
    openai_standin: OpenAIStandin, data_api: DataAPIStandin, collection: str, **kwargs: object
) -> AstraDBVectorStoreComponent:
    return AstraDBVectorStoreComponent(
        token=STANDIN_ASTRA_TOKEN,
        api_endpoint=data_api.api_endpoint,
        environment="prod",
        keyspace="default_keyspace",
        collection_name=collection,
        embedding_model=_embeddings(openai_standin),
        **kwargs,
    )


def _ingest_data() -> list[Data]:
    return [Data(text=doc.text, data=dict(doc.metadata)) for doc in DEFAULT_CORPUS]


# --------------------------------------------------------------------------- OpenAI model component


async def test_model_component_ainvoke_gets_scripted_answer(
    openai_standin: OpenAIStandin, standin_env: dict
) -> None:
    openai_standin.script(SPLIT_MARKER)
    message = await _model(openai_standin).ainvoke("Is water wet?")

    assert message.content == "Water is wet [Source 1]."
    request = openai_standin.chat_requests[-1]
    assert not request.get("stream")
    assert request["model"] == "gpt-4o-mini"
    assert "Is water wet?" in openai_standin.last_prompt()
    assert openai_standin.requests[-1]["headers"]["Authorization"] == f"Bearer {STANDIN_OPENAI_API_KEY}"


async def test_model_component_astream_keeps_the_scripted_split(
    openai_standin: OpenAIStandin, standin_env: dict
) -> None:
    openai_standin.script(SPLIT_MARKER)
    chunks = [chunk async for chunk in _model(openai_standin).astream("Is water wet?")]

    assert [c.content for c in chunks if c.content] == SPLIT_MARKER
    # The component sets stream_usage=True, so the usage chunk must be honoured.
    assert openai_standin.chat_requests[-1]["stream_options"] == {"include_usage": True}
    assert sum(c.usage_metadata["output_tokens"] for c in chunks if c.usage_metadata) == len(SPLIT_MARKER)


@pytest.mark.parametrize(
    ("reply", "error"),
    [
        (Reply.disconnect("Water is ", "wet [Sou"), httpx.RemoteProtocolError),
        (Reply.stream_error("Water is ", "wet [Sou", message="boom"), openai.APIError),
        (Reply.http_error(500, "down"), openai.InternalServerError),
    ],
    ids=["disconnect", "sse-error", "http-500"],
)
async def test_model_component_stream_failures(
    openai_standin: OpenAIStandin, standin_env: dict, reply: Reply, error: type[Exception]
) -> None:
    openai_standin.script(reply)
    received: list[str] = []
    with pytest.raises(error):
        async for chunk in _model(openai_standin).astream("Is water wet?"):
            received.append(chunk.text)

    assert "".join(received) == reply.text
    assert len(openai_standin.chat_requests) == 1


@pytest.mark.parametrize("chunks", [[], ["  ", "\n", " "]], ids=["empty", "whitespace"])
async def test_model_component_empty_and_whitespace_answers(
    openai_standin: OpenAIStandin, standin_env: dict, chunks: list[str]
) -> None:
    openai_standin.script(chunks, chunks)
    model = _model(openai_standin)

    assert (await model.ainvoke("Anything?")).content == "".join(chunks)
    streamed = [c.text async for c in model.astream("Anything?")]
    assert "".join(streamed) == "".join(chunks)


async def test_unscripted_requests_get_the_default_cited_answer(
    openai_standin: OpenAIStandin, standin_env: dict
) -> None:
    message = await _model(openai_standin).ainvoke("Anything?")

    assert message.content == DEFAULT_REPLY.text
    assert "[Source 1]" in message.content


# --------------------------------------------------------------------------- OpenAI embeddings component


def test_embeddings_component_sends_token_ids_and_matches_seed_vectors(
    openai_standin: OpenAIStandin, standin_env: dict
) -> None:
    texts = [doc.text for doc in DEFAULT_CORPUS[:2]]
    vectors = _embeddings(openai_standin).embed_documents(texts)

    body = openai_standin.embedding_requests[-1]
    assert all(isinstance(item, list) and all(isinstance(t, int) for t in item) for item in body["input"])
    assert body["encoding_format"] == "base64"
    for vector, text in zip(vectors, texts, strict=True):
        assert vector == pytest.approx(embed_text(text), abs=1e-6)


def test_embeddings_component_honours_dimensions(openai_standin: OpenAIStandin, standin_env: dict) -> None:
    vector = _embeddings(openai_standin, dimensions=64).embed_query("photosynthesis")

    assert len(vector) == 64
    assert openai_standin.embedding_requests[-1]["dimensions"] == 64


@pytest.mark.parametrize("as_subprocess", [False, True], ids=["in-process", "subprocess"])
def test_text_only_embeddings_take_text_and_refuse_token_ids_as_ollama_does(as_subprocess: bool) -> None:
    """Ollama's /v1/embeddings: HTTP 400 ``{"error": {"message": "invalid input type", "type": "api_error"}}``."""
    with contextlib.ExitStack() as stack:
        if as_subprocess:
            running = stack.enter_context(
                launch_standin("tests.support.standins.openai_server", "--text-only-embeddings")
            )
            base_url = f"{running.url}/v1"
        else:
            base_url = stack.enter_context(OpenAIStandin(text_only_embeddings=True)).base_url
        sdk = openai.OpenAI(base_url=base_url, api_key=STANDIN_OPENAI_API_KEY, max_retries=0)

        one = sdk.embeddings.create(model="nomic-embed-text", input="water boils")
        two = sdk.embeddings.create(model="nomic-embed-text", input=["water boils", "photosynthesis"])
        assert one.data[0].embedding == pytest.approx(embed_text("water boils"), abs=1e-6)
        assert [d.embedding for d in two.data] == [
            pytest.approx(embed_text("water boils"), abs=1e-6),
            pytest.approx(embed_text("photosynthesis"), abs=1e-6),
        ]
        for token_input in ([13284, 90055], [[13284, 90055]], ["water", [13284]]):
            with pytest.raises(openai.BadRequestError) as caught:
                sdk.embeddings.create(model="nomic-embed-text", input=token_input)  # type: ignore[arg-type]
            assert caught.value.status_code == 400
            assert caught.value.body == {
                "message": "invalid input type",
                "type": "api_error",
                "param": None,
                "code": None,
            }


def test_token_ids_are_decoded_unless_text_only(openai_standin: OpenAIStandin) -> None:
    sdk = openai.OpenAI(base_url=openai_standin.base_url, api_key=STANDIN_OPENAI_API_KEY, max_retries=0)
    ids = [13284, 90055]  # cl100k_base: "water", " boils"
    vector = sdk.embeddings.create(model="text-embedding-3-small", input=[ids]).data[0].embedding
    assert vector == pytest.approx(embed_text("water boils"), abs=1e-6)


# --------------------------------------------------------------------------- Astra DB component


def test_astra_component_ingests_into_new_collection_and_searches(
    openai_standin: OpenAIStandin, data_api_standin: DataAPIStandin, standin_env: dict
) -> None:
    component = _astra(
        openai_standin,
        data_api_standin,
        "ingested",
        ingest_data=_ingest_data(),
        search_query="How do plants use sunlight?",
    )
    results = component.search_documents()

    assert len(results) == 4
    assert results[0].data == {"text": DEFAULT_CORPUS[3].text, "file_name": "photosynthesis.md", "page": 1}
    assert all({"text", "file_name", "page"} <= r.data.keys() for r in results)
    assert len(data_api_standin.collection("ingested").documents) == len(DEFAULT_CORPUS)
    assert data_api_standin.command_names() == [
        "findCollections",
        "estimatedDocumentCount",
        "createCollection",
        "insertMany",
        "find",
    ]
    assert data_api_standin.unknown_commands == []


def test_astra_component_searches_seeded_corpus(
    openai_standin: OpenAIStandin, seeded_corpus: SeededCorpus, standin_env: dict
) -> None:
    standin = seeded_corpus.standin
    results = _astra(
        openai_standin, standin, seeded_corpus.collection, search_query="At what temperature does water boil?"
    ).search_documents()

    assert (results[0].data["file_name"], results[0].data["page"]) == ("water.pdf", 2)
    assert results[0].text == DEFAULT_CORPUS[1].text
    assert standin.command_names() == [
        "findCollections",
        "estimatedDocumentCount",
        "findCollections",
        "find",
        "find",
    ]
    search = standin.commands[-1]["payload"]
    assert search["options"] == {"limit": 4, "includeSimilarity": True, "includeSortVector": False}
    assert standin.unknown_commands == []

    web = _astra(
        openai_standin,
        standin,
        seeded_corpus.collection,
        search_query="Is an Astra DB collection vector dimension fixed?",
    ).search_documents()
    assert web[0].data["url"].startswith("https://docs.datastax.com/")


def test_astra_component_metadata_filter(
    openai_standin: OpenAIStandin, seeded_corpus: SeededCorpus, standin_env: dict
) -> None:
    component = _astra(
        openai_standin,
        seeded_corpus.standin,
        seeded_corpus.collection,
        search_query="water",
        advanced_search_filter={"file_name": "photosynthesis.md"},
    )
    results = component.search_documents()

    assert [r.data["file_name"] for r in results] == ["photosynthesis.md", "photosynthesis.md"]
    assert seeded_corpus.standin.commands[-1]["payload"]["filter"] == {
        "metadata.file_name": "photosynthesis.md"
    }


# --------------------------------------------------------------------------- Data API protocol details


def test_data_api_protocol_details(data_api_standin: DataAPIStandin) -> None:
    database = DataAPIClient(environment="prod").get_database(
        data_api_standin.api_endpoint, token=STANDIN_ASTRA_TOKEN, keyspace="default_keyspace"
    )
    collection = database.create_collection(
        "plain", definition={"vector": {"dimension": 2, "metric": "cosine"}}
    )
    collection.insert_one({"_id": "a", "tag": "x", "$vector": [1.0, 0.0]})  # astrapy sends $binary
    collection.insert_many([{"_id": "b", "tag": "y", "$vector": [0.0, 1.0]}])

    assert collection.count_documents({}, upper_bound=10) == 2
    hit = collection.find_one({}, sort={"$vector": [1.0, 0.1]}, include_similarity=True)
    assert hit is not None
    assert hit["_id"] == "a"
    assert 0.99 < hit["$similarity"] <= 1.0
    assert [d["_id"] for d in collection.find({"tag": {"$in": ["y"]}})] == ["b"]
    with pytest.raises(CollectionInsertManyException) as dup:
        collection.insert_many([{"_id": "a"}])
    (cause,) = dup.value.exceptions
    assert isinstance(cause, DataAPIResponseException)
    assert cause.error_descriptors[0].error_code == "DOCUMENT_ALREADY_EXISTS"
    assert collection.delete_one({"tag": "y"}).deleted_count == 1

    with pytest.raises(DataAPIResponseException) as unknown:
        database.command({"fooBar": {}})
    assert unknown.value.error_descriptors[0].error_code == "COMMAND_UNKNOWN"
    assert [c["name"] for c in data_api_standin.unknown_commands] == ["fooBar"]

    response = httpx.post(
        f"{data_api_standin.url}/api/json/v1/default_keyspace", json={"findCollections": {}}
    )
    assert response.status_code == 401


# --------------------------------------------------------------------------- subprocess mode


def test_standins_as_subprocesses(
    openai_standin_process: StandinProcess, data_api_standin_process: StandinProcess, tmp_path: Path
) -> None:
    oai = OpenAIStandinClient(openai_standin_process.url)
    oai.script(SPLIT_MARKER)
    sdk = openai.OpenAI(base_url=oai.base_url, api_key=STANDIN_OPENAI_API_KEY, max_retries=0)
    stream = sdk.chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": "Is water wet?"}], stream=True
    )
    assert [
        c.choices[0].delta.content for c in stream if c.choices and c.choices[0].delta.content
    ] == SPLIT_MARKER
    assert oai.chat_requests[-1]["messages"][-1]["content"] == "Is water wet?"

    query = sdk.embeddings.create(
        model="text-embedding-3-small", input="At what temperature does water boil?"
    )
    database = DataAPIClient().get_database(data_api_standin_process.url, token=STANDIN_ASTRA_TOKEN)
    top = database.get_collection("corpus").find_one({}, sort={"$vector": query.data[0].embedding})
    assert top is not None
    assert top["metadata"] == {"file_name": "water.pdf", "page": 2}
    data_api = DataAPIStandinClient(data_api_standin_process.url)
    assert [c["name"] for c in data_api.commands] == ["findOne"]
    assert data_api.unknown_commands == []

    script = tmp_path / "script.json"
    script.write_text(json.dumps({"replies": [Reply.disconnect("cut").to_json()]}))
    with launch_standin("tests.support.standins.openai_server", "--script", str(script)) as scripted:
        sdk = openai.OpenAI(base_url=f"{scripted.url}/v1", api_key=STANDIN_OPENAI_API_KEY, max_retries=0)
        with pytest.raises(openai.APIConnectionError):
            sdk.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": "hi"}])


def test_scripted_tool_calls_reach_the_openai_sdk_streamed_and_not(openai_standin: OpenAIStandin) -> None:
    """A tool-calling reply on the wire as OpenAI sends it, read back by the official client both ways."""
    call = {"name": "search_sources", "arguments": {"query": "water cycle"}}
    openai_standin.script(Reply(tool_calls=(call,)), Reply(tool_calls=(call,)))
    sdk = openai.OpenAI(base_url=openai_standin.base_url, api_key=STANDIN_OPENAI_API_KEY, max_retries=0)
    messages = [{"role": "user", "content": "water?"}]

    whole = sdk.chat.completions.create(model="gpt-4o-mini", messages=messages)
    (choice,) = whole.choices
    assert choice.finish_reason == "tool_calls"
    assert choice.message.content is None
    (tool_call,) = choice.message.tool_calls or []
    assert (tool_call.type, tool_call.function.name) == ("function", "search_sources")
    assert json.loads(tool_call.function.arguments) == {"query": "water cycle"}

    deltas = list(sdk.chat.completions.create(model="gpt-4o-mini", messages=messages, stream=True))
    pieces = [tc for d in deltas if d.choices for tc in d.choices[0].delta.tool_calls or []]
    assert pieces[0].id and pieces[0].function.name == "search_sources"
    assert len(pieces) == 3  # the head, then the arguments in two pieces
    assert json.loads("".join(p.function.arguments or "" for p in pieces)) == {"query": "water cycle"}
    assert [d.choices[0].finish_reason for d in deltas if d.choices][-1] == "tool_calls"
