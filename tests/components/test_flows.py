"""The example flows: generated from the sources, clean for ``lfx validate``, and runnable end to end.

Two sets: ``flows/`` for a server with the bundle installed (what ``scripts/run.sh`` loads: the nodes
import ``lfx_citations.core``) and ``flows/standalone/`` for one without it (the core inlined).

The runs use the real components and clients against the local stand-ins (an OpenAI-compatible server and
an in-memory Astra Data API), pointed there as a caller would point a deployment elsewhere: the Astra DB
token and endpoint through the global variables the flows load (headless runs read them from the
environment), the OpenAI base URLs (and, in-process, the API key) through tweaks.

``lfx run`` prints only the answer text, so the payload assertions run the flows in-process with
``lfx.load.arun_flow_from_json``; the CLI runs check the text and what reached the stand-ins.
"""

# ruff: noqa: E402  (imports follow the sys.path and environment set-up)
from __future__ import annotations

import ast
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
    INSTALLED_FLOWS,
    KB_AGENT,
    KB_INGEST,
    KB_RAG,
    QUIET_ENV,
    RAG,
    STANDALONE_FLOWS,
    STREAMING_AGENT,
    build,
    clean_env,
    lfx_run,
    load,
    nodes,
    openai_tweaks,
    run_in_process,
    source_cards,
    standalone,
)
from tests.support.langflow_server import hidden_bundle_env
from tests.support.scripts import load_file
from tests.support.standins.data_api_server import (
    DEFAULT_CORPUS,
    DEFAULT_KEYSPACE,
    DataAPIStandin,
    SeedDocument,
)
from tests.support.standins.fixtures import STANDIN_ASTRA_TOKEN, STANDIN_OPENAI_API_KEY, standin_env_vars
from tests.support.standins.openai_server import OpenAIStandin, Reply

pytest_plugins = ["tests.support.standins.fixtures"]

components = load_file("scripts/build_components.py")  # reads the core a standalone node carries

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


def test_committed_flows_are_what_the_generator_writes(capsys: pytest.CaptureFixture[str]) -> None:
    # The check CI relies on (.ci/run runs it nowhere else): in this process, which has lfx loaded
    # already, rather than in another interpreter that would load it again.
    assert build.main(["--check"]) == 0, capsys.readouterr().err[-3000:]


CITING_FLOWS = [RAG, INGEST, CITE_ANY, AGENT, STREAMING_AGENT, KB_RAG, KB_AGENT, KB_INGEST]


@pytest.mark.parametrize(
    ("path", "sources"),
    [(p, build.OUR_SOURCES) for p in CITING_FLOWS]
    + [(standalone(p), build.STANDALONE_SOURCES) for p in CITING_FLOWS],
    ids=lambda v: f"{v.parent.name}/{v.stem}" if isinstance(v, Path) else "",
)
def test_flows_embed_the_component_sources_exactly(path: Path, sources: dict[str, str]) -> None:
    code = {n["data"]["type"]: n["data"]["node"]["template"]["code"]["value"] for n in nodes(load(path))}
    ours = [t for t in sources if t in code]
    assert build.POST_PROCESSOR in ours or build.CITING_AGENT in ours or build.READ_PAGES in ours
    for component_type in ours:
        assert code[component_type] == sources[component_type]


def _core_definitions() -> dict[str, str]:
    """Every top-level function and class of ``core/``, by name -> its module."""
    found: dict[str, str] = {}
    for path in sorted((_REPO_ROOT / "core").glob("[!_]*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                found[node.name] = f"core/{path.name}"
    return found


def _inlined_core(flow: dict) -> list[str]:
    """``node id: name (core/module.py)`` for each core definition that a node of ours carries, in its
    code or in the core text it carries (``CORE_SOURCE``)."""
    core = _core_definitions()
    found = []
    for node in nodes(flow):
        if not node["data"]["type"].startswith("ext:citations:"):
            continue
        code = node["data"]["node"]["template"]["code"]["value"]
        trees = [ast.parse(code), ast.parse(components.carried_text(code) or "")]
        defined = [
            n.name
            for tree in trees
            for n in tree.body
            if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        ]
        found += [f"{node['id']}: {name} ({core[name]})" for name in defined if name in core]
    return found


def test_the_flows_run_sh_loads_carry_no_inlined_core(tmp_path: Path) -> None:
    """run.sh's server has the bundle installed: its flows' nodes import the core, they do not carry it.

    A node that carries the core compiles it once per server process (core/carried.py) and keeps a copy
    per version of its text; the installed bundle's core is one module, imported once.
    """
    setup = load_file("scripts/langflow_setup.py")
    setup.write_flows(tmp_path, None, None, None)  # exactly what run.sh writes and Langflow then loads
    loaded = sorted(tmp_path.glob("*.json"))
    assert [p.name for p in loaded] == sorted(p.name for p in INSTALLED_FLOWS)
    for path in loaded:
        flow = json.loads(path.read_text(encoding="utf-8"))
        assert _inlined_core(flow) == [], path.name
    ours = [n for p in loaded for n in nodes(json.loads(p.read_text(encoding="utf-8")))]
    ours = [n for n in ours if n["data"]["type"].startswith("ext:citations:")]
    assert len(ours) >= 8
    for node in ours:
        source = build.OUR_SOURCES[node["data"]["type"]]
        if "from lfx_citations.core." in source:  # Replace File Chunks needs nothing of the core
            assert "from lfx_citations.core." in node["data"]["node"]["template"]["code"]["value"], node["id"]
    # The check can fail: the standalone flows carry the core, and it finds it there.
    setup.write_flows(tmp_path / "standalone", None, None, None, standalone=True)
    written = sorted((tmp_path / "standalone").glob("*.json"))
    assert [p.name for p in written] == [p.name for p in loaded]
    carried = _inlined_core(json.loads((tmp_path / "standalone" / RAG.name).read_text(encoding="utf-8")))
    assert any(entry.endswith(": CitationFilter (core/engine.py)") for entry in carried), carried


ASTRA_FLOWS = [RAG, INGEST, CITE_ANY, AGENT, STREAMING_AGENT]


@pytest.mark.parametrize(
    "path", [*ASTRA_FLOWS, *map(standalone, ASTRA_FLOWS)], ids=lambda p: f"{p.parent.name}/{p.stem}"
)
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


def test_lfx_validate_reports_no_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    # `lfx validate flows/ --format json`, the command line itself, run in this process (lfx is loaded
    # already); CI runs it nowhere else, on 1.13 and on 1.12.
    from lfx.__main__ import app
    from typer.testing import CliRunner

    for name, value in QUIET_ENV.items():
        monkeypatch.setenv(name, value)
    completed = CliRunner().invoke(app, ["validate", str(build.FLOWS_DIR), "--format", "json"])
    assert completed.exit_code == 0, completed.output[-3000:]
    results = json.loads(completed.stdout)
    expected = sorted(str(p) for p in (*INSTALLED_FLOWS, *STANDALONE_FLOWS))  # it reads folders recursively
    assert sorted(str(Path(r["path"]).resolve()) for r in results) == expected
    assert len(INSTALLED_FLOWS) == len(build.flows()) == 8
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


@pytest.mark.parametrize("flow", [RAG, standalone(RAG)], ids=["installed", "standalone"])
def test_lfx_run_with_the_bundle_hidden_runs_only_the_standalone_flow(
    flow: Path, tmp_path: Path, openai_standin: OpenAIStandin, data_api_standin: DataAPIStandin
) -> None:
    """Where the bundle is not installed, the standalone flow runs and the installed one cannot."""
    data_api_standin.seed(DEFAULT_CORPUS, collection=build.COLLECTION)
    openai_standin.script(ANSWER)
    env = clean_env() | standin_env_vars(openai_standin.base_url) | _astra_variables(data_api_standin)
    env = hidden_bundle_env(env | {build.OPENAI_KEY_VARIABLE: STANDIN_OPENAI_API_KEY, **QUIET_ENV})
    env["LANGFLOW_PROVIDER_CREDENTIAL_ALLOWED_HOSTS"] = openai_standin.url
    path = tmp_path / "flow.json"
    path.write_text(json.dumps(load(flow, openai_tweaks(openai_standin.base_url))), encoding="utf-8")
    completed = subprocess.run(
        [sys.executable, "-m", "lfx", "run", str(path), QUESTION, "--format", "json"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=600,
        check=False,
    )
    if flow.parent.name == "standalone":
        assert completed.returncode == 0, completed.stdout[-3000:] + completed.stderr[-3000:]
        assert json.loads(completed.stdout)["result"] == CLEAN_ANSWER
    else:
        # lfx's dependency preflight names the package the nodes import: "pip install lfx-citations".
        assert completed.returncode != 0
        assert "lfx-citations" in completed.stdout + completed.stderr


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


@pytest.mark.parametrize("flow", [RAG, CITE_ANY], ids=lambda p: p.stem)
async def test_a_run_builds_the_model_and_embeddings_clients_once_each(
    flow: Path,
    monkeypatch: pytest.MonkeyPatch,
    openai_standin: OpenAIStandin,
    standin_env: dict[str, str],
    corpus: DataAPIStandin,
) -> None:
    """Langflow builds a model node's HTTP clients (SSRF-checked, each with its SSL contexts) when the
    node is built: once per run for the model and once for the embeddings, as in the stock RAG flow."""
    import lfx.base.models.provider_ssrf as provider_ssrf

    builds: list[str] = []
    real = provider_ssrf.provider_httpx_clients

    def counted(*args: object, **kwargs: object) -> object:
        import inspect

        builds.append(next(f.function for f in inspect.stack()[1:] if f.function.startswith("build_")))
        return real(*args, **kwargs)

    monkeypatch.setattr(provider_ssrf, "provider_httpx_clients", counted)
    openai_standin.script(ANSWER)
    await run_in_process(flow, QUESTION, openai_tweaks(openai_standin.base_url, STANDIN_OPENAI_API_KEY))
    assert sorted(builds) == ["build_embeddings", "build_model"]


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
        "Read Files by Page": {
            "path": [str(tmp_path / name) for name in files],
            "chunk_size": 60,
            "chunk_overlap": 0,
        },
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
