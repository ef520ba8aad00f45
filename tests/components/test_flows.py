"""The example flows: generated from the sources, clean for ``lfx validate``, and runnable end to end.

The runs use the real components and clients against the local stand-ins (an OpenAI-compatible server and
an in-memory Astra Data API), pointed there as a caller would point a deployment elsewhere: the Astra DB
token and endpoint through the global variables the flows load (headless runs read them from the
environment), the OpenAI base URLs (and, in-process, the API key) through tweaks.

``lfx run`` prints only the answer text, so the payload assertions run the flows in-process with
``lfx.load.arun_flow_from_json``; the CLI runs check the text and what reached the stand-ins.
"""

# ruff: noqa: E402  (imports follow the sys.path and environment set-up)
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

_REPO_ROOT = Path(__file__).resolve().parents[2]
if str(_REPO_ROOT) not in sys.path:  # `tests` has no __init__.py; make `tests.*` importable
    sys.path.insert(0, str(_REPO_ROOT))
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # no cost-map download when lfx imports litellm

import pytest

from tests.support.flows import (
    AGENT,
    CITE_ANY,
    INGEST,
    QUIET_ENV,
    RAG,
    STREAMING_AGENT,
    build,
    clean_env,
    lfx_run,
    load,
    nodes,
    openai_tweaks,
    run_in_process,
    source_cards,
)
from tests.support.standins.data_api_server import (
    DEFAULT_CORPUS,
    DEFAULT_KEYSPACE,
    DataAPIStandin,
    SeedDocument,
)
from tests.support.standins.fixtures import STANDIN_ASTRA_TOKEN, STANDIN_OPENAI_API_KEY, standin_env_vars
from tests.support.standins.openai_server import OpenAIStandin, Reply

pytest_plugins = ["tests.support.standins.fixtures"]

QUESTION = "At what temperature does water boil?"
# A cited claim, its marker split across stream chunks, then a marker that points at no presented source.
ANSWER = Reply(chunks=("Water boils at 100 degrees Celsius [Sou", "rce 1] and freezes at 0 [Source 9]."))
CLEAN_ANSWER = "Water boils at 100 degrees Celsius [Source 1] and freezes at 0."


def _astra_variables(data_api: DataAPIStandin) -> dict[str, str]:
    return {
        build.ASTRA_ENDPOINT_VARIABLE: data_api.api_endpoint,
        build.ASTRA_TOKEN_VARIABLE: STANDIN_ASTRA_TOKEN,
    }


@pytest.fixture
def astra_env(monkeypatch: pytest.MonkeyPatch, data_api_standin: DataAPIStandin) -> DataAPIStandin:
    """The Astra global variables in this process's environment, pointing at the Data API stand-in."""
    for name, value in _astra_variables(data_api_standin).items():
        monkeypatch.setenv(name, value)
    return data_api_standin


@pytest.fixture
def corpus(astra_env: DataAPIStandin) -> DataAPIStandin:
    """The stand-in corpus (water.pdf pages 1-3, photosynthesis.md, …) in the flows' collection."""
    astra_env.seed(DEFAULT_CORPUS, collection=build.COLLECTION)
    return astra_env


# --------------------------------------------------------------------------- the files


def test_committed_flows_are_what_the_generator_writes() -> None:
    completed = subprocess.run(
        [sys.executable, "scripts/build_flows.py", "--check"],
        cwd=_REPO_ROOT,
        capture_output=True,
        text=True,
        env=os.environ | QUIET_ENV,
        timeout=600,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr[-3000:]


@pytest.mark.parametrize("path", [RAG, CITE_ANY, AGENT, STREAMING_AGENT], ids=lambda p: p.stem)
def test_flows_embed_the_component_sources_exactly(path: Path) -> None:
    code = {n["data"]["type"]: n["data"]["node"]["template"]["code"]["value"] for n in nodes(load(path))}
    ours = [t for t in build.OUR_SOURCES if t in code]
    assert build.POST_PROCESSOR in ours or build.CITING_AGENT in ours
    for component_type in ours:
        assert code[component_type] == build.OUR_SOURCES[component_type].read_text(encoding="utf-8")


@pytest.mark.parametrize("path", [RAG, INGEST, CITE_ANY, AGENT, STREAMING_AGENT], ids=lambda p: p.stem)
def test_flows_load_credentials_and_endpoint_from_global_variables(path: Path) -> None:
    flow = load(path)
    variables = {build.ASTRA_TOKEN_VARIABLE, build.OPENAI_KEY_VARIABLE}
    for node in nodes(flow):
        for name, spec in node["data"]["node"]["template"].items():
            if isinstance(spec, dict) and spec.get("password") and spec.get("value"):
                assert (spec["value"], spec["load_from_db"]) in {(v, True) for v in variables}, (
                    f"{node['id']}.{name}"
                )
    (astra,) = [n["data"]["node"]["template"] for n in nodes(flow) if n["data"]["type"] == build.ASTRA_DB]
    for name in ("api_endpoint", "database_name"):
        assert (astra[name]["value"], astra[name]["load_from_db"]) == (build.ASTRA_ENDPOINT_VARIABLE, True)
    assert astra["collection_name"]["value"] == build.COLLECTION


def test_lfx_validate_reports_no_errors() -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "lfx", "validate", str(build.FLOWS_DIR), "--format", "json"],
        capture_output=True,
        text=True,
        env=os.environ | QUIET_ENV,
        timeout=600,
        check=False,
    )
    assert completed.returncode == 0, completed.stdout[-3000:] + completed.stderr[-3000:]
    results = json.loads(completed.stdout)
    expected = sorted(p.name for p in (RAG, INGEST, CITE_ANY, AGENT, STREAMING_AGENT))
    assert sorted(Path(r["path"]).name for r in results) == expected
    assert [(r["path"], i["message"]) for r in results for i in r["issues"] if i["severity"] == "error"] == []


# --------------------------------------------------------------------------- runs


def test_lfx_run_rag_flow_from_global_variables(
    tmp_path: Path, openai_standin: OpenAIStandin, data_api_standin: DataAPIStandin
) -> None:
    """The CLI: every credential from a global variable (here the environment), the base URLs by tweak."""
    data_api_standin.seed(DEFAULT_CORPUS, collection=build.COLLECTION)
    openai_standin.script(ANSWER)
    env = clean_env() | standin_env_vars(openai_standin.base_url) | _astra_variables(data_api_standin)
    env |= {
        build.OPENAI_KEY_VARIABLE: STANDIN_OPENAI_API_KEY,
        # An operator's key goes only to the default or an allowlisted endpoint (http:// = cleartext ok).
        "LANGFLOW_PROVIDER_CREDENTIAL_ALLOWED_HOSTS": openai_standin.url,
    }

    result = lfx_run(load(RAG, openai_tweaks(openai_standin.base_url)), tmp_path, env, QUESTION)

    assert result["success"] is True, result
    assert result["result"] == CLEAN_ANSWER
    prompt = openai_standin.last_prompt()
    assert "[Source 1] water.pdf \u2014 page 2\nWater boils at 100 degrees Celsius" in prompt
    assert prompt.rstrip().endswith(f"Question: {QUESTION}")


async def test_rag_flow_attaches_the_cited_sources(
    openai_standin: OpenAIStandin, standin_env: dict[str, str], corpus: DataAPIStandin
) -> None:
    openai_standin.script(ANSWER)

    message = await run_in_process(
        RAG, QUESTION, openai_tweaks(openai_standin.base_url, STANDIN_OPENAI_API_KEY)
    )

    assert message.text == CLEAN_ANSWER
    payload = message.data["citations"]
    assert (payload["cited"], payload["removed"]) == ([1], ["[Source 9]"])
    assert [(s["id"], s["document"], s["page"]) for s in payload["sources"]] == [(1, "water.pdf", 2)]
    (card,) = source_cards(message)
    assert card.title == "Source 1 \u00b7 water.pdf \u2014 page 2"
    # The support check shows where the chunk says the claim: its first sentence, not all of it.
    assert (
        card.cited_text == "Water boils at 100 degrees Celsius at sea level and freezes at 0 degrees Celsius."
    )
    assert DEFAULT_CORPUS[1].text.startswith(card.cited_text)
    assert card.start_index == CLEAN_ANSWER.index("[Source 1]")


async def test_rag_flow_reads_docling_page_numbers(
    openai_standin: OpenAIStandin, standin_env: dict[str, str], astra_env: DataAPIStandin
) -> None:
    """Chunks from the File component's Advanced Parser (Docling) carry ``page_no`` besides ``file_path``."""
    chunk = SeedDocument(
        "Water boils at 100 degrees Celsius at sea level.", {"file_path": "f1/manual.pdf", "page_no": 7}
    )
    astra_env.seed([chunk], collection=build.COLLECTION)
    openai_standin.script(Reply(chunks=("At 100 degrees Celsius [Source 1].",)))

    message = await run_in_process(
        RAG, QUESTION, openai_tweaks(openai_standin.base_url, STANDIN_OPENAI_API_KEY)
    )

    assert [card.title for card in source_cards(message)] == ["Source 1 \u00b7 manual.pdf \u2014 page 7"]


async def test_cite_any_answer_flow_checks_the_model_answer(
    openai_standin: OpenAIStandin, standin_env: dict[str, str], corpus: DataAPIStandin
) -> None:
    openai_standin.script(
        Reply(chunks=("Clouds form by condensation [Source 2][Source 9]; see [Source 1].",))
    )
    tweaks = openai_tweaks(openai_standin.base_url, STANDIN_OPENAI_API_KEY)

    message = await run_in_process(CITE_ANY, "How do clouds form?", tweaks)

    assert message.text == "Clouds form by condensation [Source 2]; see [Source 1]."
    assert not openai_standin.chat_requests[-1].get("stream")  # an ordinary model step, finished answer
    payload = message.data["citations"]
    assert (payload["cited"], payload["removed"]) == ([2, 1], ["[Source 9]"])
    # The flow runs the support check (flag): a source that does not say its claim, or says otherwise,
    # opens its card's snippet with a warning; a partial one does not warn.
    notes = {
        "unsupported": "\u26a0 claim not found in this source \u2014 ",
        "contradicted": "\u26a0 the source says",
    }
    verdicts = {e["id"]: e["verdict"] for e in payload["support"]}
    assert set(verdicts) == {1, 2}
    expected = [
        f"Source {s['id']} \u00b7 {s['document']} \u2014 page {s['page']}" for s in payload["sources"]
    ]
    cards = source_cards(message)
    assert [card.title for card in cards] == expected
    for card, s in zip(cards, payload["sources"], strict=True):
        note = notes.get(verdicts[s["id"]])
        assert card.cited_text.startswith(note) if note else "\u26a0" not in card.cited_text
    assert [s["document"] for s in payload["sources"]] == ["water.pdf", "water.pdf"]


async def test_ingested_chunks_keep_their_file_and_are_cited_by_it(
    tmp_path: Path, openai_standin: OpenAIStandin, standin_env: dict[str, str], astra_env: DataAPIStandin
) -> None:
    files = {
        "water.txt": "Water boils at 100 degrees Celsius at sea level.\nIt freezes at 0 degrees Celsius.\n",
        "plants.md": "# Plants\nPhotosynthesis turns sunlight, water and carbon dioxide into glucose.\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    tweaks = openai_tweaks(openai_standin.base_url, STANDIN_OPENAI_API_KEY) | {
        "Read File": {"path": [str(tmp_path / name) for name in files]},
        "Split Text": {"chunk_size": 60, "chunk_overlap": 0},
    }
    # Headless runs may read local paths only with the storage restriction off (uploads need no such thing).
    env = (
        clean_env()
        | standin_env
        | _astra_variables(astra_env)
        | {"LANGFLOW_RESTRICT_LOCAL_FILE_ACCESS": "false"}
    )

    lfx_run(load(INGEST, tweaks), tmp_path, env)

    stored = list(astra_env.collection(build.COLLECTION, DEFAULT_KEYSPACE).documents.values())
    assert len(stored) > len(files)  # several chunks per file, each with its own file's path
    for document in stored:
        assert document["content"].splitlines()[0] in files[Path(document["metadata"]["file_path"]).name]

    openai_standin.script(Reply(chunks=("It boils at 100 degrees Celsius [Source 1].",)))
    message = await run_in_process(
        RAG, QUESTION, openai_tweaks(openai_standin.base_url, STANDIN_OPENAI_API_KEY)
    )

    (card,) = source_cards(message)
    assert card.title == "Source 1 \u00b7 water.txt"
