"""The README's path for a newcomer, run as written: start, ingest, ask (streamed and not), paste the API call.

The commands are read from README.md, not restated here: the first ``bash scripts/run.sh --model-base-url``,
``.venv/bin/python scripts/ingest.py`` and ``.venv/bin/python scripts/ask.py`` lines of its ``bash`` blocks.
Only what a reader substitutes is substituted: the model server's URL (the OpenAI-compatible stand-in, which
takes text only for embeddings and answers token ids with Ollama's HTTP 400),
the files to ingest, and, so that a developer's own ``.langflow/`` is never touched, a port and a state
directory. The Data API stand-in plays the Astra DB endpoint, given the way the README says: through
``ASTRA_DB_API_ENDPOINT`` and ``ASTRA_DB_APPLICATION_TOKEN`` in the environment. No ``OPENAI_API_KEY``,
no ``LANGFLOW_*`` and no ``TIKTOKEN_CACHE_DIR`` are passed: whatever the set-up needs, ``run.sh`` must set.

Oracles: what the Data API stand-in holds (chunks per file, each with its own text's vector), what the
model stand-in was shown (which document is Source 1, the embeddings' input as text), hand-written expected
answers.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import httpx
import pytest

from tests.support.flows import build
from tests.support.run_sh import ROOT, RunScript, first_command, readme_commands
from tests.support.standins.data_api_server import DataAPIStandin
from tests.support.standins.openai_server import OpenAIStandin, Reply, embed_text

pytestmark = pytest.mark.e2e

WATER = (
    "Water is a molecule made of two hydrogen atoms and one oxygen atom.\n"
    "Water boils at 100 degrees Celsius at sea level and freezes at 0 degrees.\n"
)
PHOTOSYNTHESIS = "\n".join(
    f"Photosynthesis step {n}: plants capture light with chlorophyll and turn carbon dioxide into sugar, "
    f"releasing oxygen; this paragraph is long enough that the splitter cuts the file into chunks. {'x' * 220}"
    for n in range(1, 6)
)
QUESTION_PLACEHOLDER = "What is water?"
ANSWER_CHUNKS = ("Water is a molecule of hydrogen and oxygen [Sou", "rce 1]. It is blue [Source 9].")
ANSWER = "Water is a molecule of hydrogen and oxygen [Source 1]. It is blue."


# --------------------------------------------------------------------------- the README's commands


def positional_replaced(words: list[str], script: str, values: list[str]) -> list[str]:
    """``words`` with the script's positional arguments (globs, paths) replaced by ``values``."""
    index = words.index(script) + 1
    options = [w for w in words[index:] if w.startswith("-")]
    return [*words[:index], *options, *values]


# --------------------------------------------------------------------------- run.sh
# run.sh's server is the session's (tests/support/langflow_fixtures.py: run_sh and its stand-ins),
# so that other tests can drive the same server; these names keep the tests below readable.


@pytest.fixture(scope="module")
def model_server(run_sh_model_server: OpenAIStandin) -> OpenAIStandin:
    return run_sh_model_server


@pytest.fixture(scope="module")
def astra(run_sh_astra: DataAPIStandin) -> DataAPIStandin:
    return run_sh_astra


@pytest.fixture(scope="module")
def run_script(run_sh: RunScript) -> RunScript:
    return run_sh


def run_readme_script(
    words: list[str], state_dir: Path, timeout: float = 600
) -> subprocess.CompletedProcess[str]:
    assert words[0] == ".venv/bin/python", words
    command = [sys.executable, *words[1:], "--state-dir", str(state_dir)]
    return subprocess.run(
        command,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        env={k: v for k, v in os.environ.items() if not k.startswith("LANGFLOW_")},
    )


def stored_chunks_per_file(astra: DataAPIStandin) -> Counter[str]:
    documents = astra.collection(build.COLLECTION).documents.values()
    return Counter(Path(str(doc["metadata"]["file_path"])).name for doc in documents)


# --------------------------------------------------------------------------- the path


@pytest.fixture(scope="module")
def ingested(run_script: RunScript, astra: DataAPIStandin, tmp_path_factory: pytest.TempPathFactory) -> str:
    docs = tmp_path_factory.mktemp("my-docs")
    (docs / "water.md").write_text(WATER, encoding="utf-8")
    (docs / "photosynthesis.md").write_text(PHOTOSYNTHESIS, encoding="utf-8")
    words = first_command([".venv/bin/python", "scripts/ingest.py"])
    files = [str(docs / "water.md"), str(docs / "photosynthesis.md")]
    result = run_readme_script(positional_replaced(words, "scripts/ingest.py", files), run_script.state_dir)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def test_run_sh_prints_the_server_the_flows_and_a_working_key(run_script: RunScript) -> None:
    text = run_script.text()
    url = re.search(r"Langflow is up: (http://127\.0\.0\.1:\d+)", text)
    assert url, text[-3000:]
    key = re.search(r"export LANGFLOW_API_KEY=(\S+)", text)
    assert key, text[-3000:]
    state = json.loads((run_script.state_dir / "server.json").read_text(encoding="utf-8"))
    assert state["api_key"] == key.group(1)
    with httpx.Client(base_url=url.group(1), headers={"x-api-key": key.group(1)}, timeout=60) as client:
        projects = client.get("/api/v1/projects/").raise_for_status().json()
        (citations,) = [p for p in projects if p["name"] == "Citations"]
        project = client.get(f"/api/v1/projects/{citations['id']}").raise_for_status().json()
        flows = project["flows"]["items"] if isinstance(project["flows"], dict) else project["flows"]
        assert sorted(f["name"] for f in flows) == sorted(state["flows"])
        assert len(flows) == 5  # every flow of flows/
        # The base URL is written into the stored flows (the Playground runs them as stored).
        rag = (
            client.get(f"/api/v1/flows/{state['flows']['Astra DB RAG with Citations']}")
            .raise_for_status()
            .json()
        )
    nodes = {node["data"]["node"]["display_name"]: node["data"] for node in rag["data"]["nodes"]}
    url = run_script.model_url()
    assert nodes["OpenAI"]["node"]["template"]["openai_api_base"]["value"] == url
    # Embeddings: Langflow's Embedding Model node for the OpenAI-compatible server, not OpenAI Embeddings.
    assert "OpenAI Embeddings" not in nodes
    embedding = nodes["Embedding Model"]
    assert embedding["type"] == "EmbeddingModel"
    assert embedding["node"]["template"]["api_base"]["value"] == url
    assert [m["provider"] for m in embedding["node"]["template"]["model"]["value"]] == ["OpenAI Compatible"]


def test_ingest_reports_the_chunks_stored_per_file(ingested: str, astra: DataAPIStandin) -> None:
    stored = stored_chunks_per_file(astra)
    assert set(stored) == {"water.md", "photosynthesis.md"}
    assert stored["photosynthesis.md"] >= 2
    reported = dict(re.findall(r"^\S*/([\w.]+): (\d+) chunks? stored$", ingested, flags=re.MULTILINE))
    assert {name: int(n) for name, n in reported.items()} == dict(stored), ingested


def test_embeddings_reach_the_model_server_as_text(
    ingested: str, astra: DataAPIStandin, model_server: OpenAIStandin
) -> None:
    inputs = [body["input"] for body in model_server.embedding_requests]
    assert inputs, "no embeddings request reached the model server"
    texts = [text for value in inputs for text in ([value] if isinstance(value, str) else value)]
    assert all(isinstance(text, str) for text in texts), inputs
    documents = astra.collection(build.COLLECTION).documents.values()
    for document in documents:  # stored under the vector of its own text
        assert document["content"] in texts
        assert document["$vector"] == pytest.approx(embed_text(document["content"]), abs=1e-6)


def test_ingesting_a_file_again_replaces_its_chunks(
    ingested: str, run_script: RunScript, astra: DataAPIStandin, tmp_path: Path
) -> None:
    before = stored_chunks_per_file(astra)
    (tmp_path / "water.md").write_text(WATER, encoding="utf-8")
    words = first_command([".venv/bin/python", "scripts/ingest.py"])
    result = run_readme_script(
        positional_replaced(words, "scripts/ingest.py", [str(tmp_path / "water.md")]), run_script.state_dir
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert stored_chunks_per_file(astra) == before
    assert result.stdout.strip().endswith(
        f"water.md: {before['water.md']} chunk{'s' if before['water.md'] > 1 else ''} stored"
    )


def ask_command(stream: bool) -> list[str]:
    for words in readme_commands():
        if words[:2] == [".venv/bin/python", "scripts/ask.py"] and ("--no-stream" not in words) == stream:
            return words
    pytest.fail(f"README.md has no ask.py command {'streaming' if stream else 'with --no-stream'}")


def expected_output(model_server: OpenAIStandin) -> str:
    """The answer, then the one cited source as the prompt presented it."""
    document = re.search(r"^\[Source 1\] (\S+)", model_server.last_prompt(), flags=re.MULTILINE)
    assert document, model_server.last_prompt()
    assert document.group(1) == "water.md"  # retrieval found the file the question is about
    return f"{ANSWER}\n\nSources:\n  Source 1 · {document.group(1)}\n      {WATER.split(chr(10))[0]}"


def test_ask_without_streaming(ingested: str, run_script: RunScript, model_server: OpenAIStandin) -> None:
    model_server.script(Reply(chunks=ANSWER_CHUNKS))
    result = run_readme_script(ask_command(stream=False), run_script.state_dir)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith(expected_output(model_server)), result.stdout


def test_ask_streams_the_answer_as_it_arrives(
    ingested: str, run_script: RunScript, model_server: OpenAIStandin
) -> None:
    model_server.script(Reply(chunks=ANSWER_CHUNKS, chunk_delay=0.6))
    words = ask_command(stream=True)
    command = [sys.executable, *words[1:], "--state-dir", str(run_script.state_dir)]
    arrivals: list[tuple[float, str]] = []
    with subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None
        while chunk := os.read(process.stdout.fileno(), 4096):
            arrivals.append((time.monotonic(), chunk.decode()))
        stderr = process.stderr.read().decode() if process.stderr else ""
        assert process.wait(60) == 0, stderr
    output = "".join(text for _, text in arrivals)
    assert output.startswith(expected_output(model_server)), output
    first_text = next(t for t, text in arrivals if text.strip())
    sources_at = next(t for t, text in arrivals if "Sources:" in text)
    assert sources_at - first_text >= 0.5, arrivals  # the first words were shown before the model finished


def test_the_printed_api_call_works(
    ingested: str, run_script: RunScript, model_server: OpenAIStandin
) -> None:
    text = run_script.text()
    start = text.index("Or call the RAG flow directly:")
    lines = text[start:].splitlines()[1:3]
    curl = " ".join(line.strip().removesuffix("\\") for line in lines)
    assert curl.startswith("curl "), lines
    model_server.script(Reply(chunks=ANSWER_CHUNKS))
    result = subprocess.run(shlex.split(curl), capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr
    events = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    assert [e["event"] for e in events][-1] == "end"
    (output,) = events[-1]["data"]["result"]["outputs"][0]["outputs"]
    assert output["results"]["message"]["text"] == ANSWER
