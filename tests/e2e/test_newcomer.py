"""The README's path for a newcomer, run as written: start with a local model server, ingest, ask, paste the API call.

The commands are read from README.md, not restated here: the first ``bash scripts/run.sh --model-base-url``,
``.venv/bin/python scripts/ingest.py`` and ``.venv/bin/python scripts/ask.py`` lines of its ``bash`` blocks,
and its curl block for ingesting over plain HTTP. ``run.sh`` runs once for the session
(``tests/support/run_sh.py``): the model server is the OpenAI-compatible stand-in (text-only embeddings, as
Ollama: token ids get its HTTP 400), and there are no Astra DB credentials, so the Knowledge Base flows are
the default and Langflow itself stores the chunks.

Oracles: what Langflow's Knowledge Base API lists (chunks per file, their pages), what the model stand-in
was shown and asked (which document is Source 1, the embeddings' input as text, the model names), a
multi-page PDF made in the test whose pages are known, hand-written expected answers, and a recorder of
outgoing requests that must stay empty under ``--offline``.
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

from tests.support.pdfs import make_pdf
from tests.support.run_sh import (
    README,
    ROOT,
    RunScript,
    first_command,
    option_value,
    readme_commands,
    run_command,
    run_readme_script,
)
from tests.support.standins.openai_server import OpenAIStandin, Reply

pytestmark = pytest.mark.e2e

# water.pdf: three pages; the question is about page 2's water cycle.
WATER_PAGES = [
    ["Water is a molecule made of two hydrogen atoms", "and one oxygen atom."],
    ["The water cycle moves water through evaporation,", "condensation into clouds and precipitation."],
    ["Ice floats because it is less dense", "than liquid water."],
]
PHOTOSYNTHESIS = "\n".join(
    f"Photosynthesis step {n}: plants capture light with chlorophyll and turn carbon dioxide into sugar, "
    f"releasing oxygen; this paragraph is long enough that the splitter cuts the file into chunks. {'x' * 220}"
    for n in range(1, 6)
)
QUESTION = "How does the water cycle move water through evaporation and condensation?"
ANSWER_CHUNKS = ("Water moves through evaporation and condensation [Sou", "rce 1]. It is blue [Source 9].")
ANSWER = "Water moves through evaporation and condensation [Source 1]. It is blue."
KNOWLEDGE_BASE = "citations"


def positional_replaced(words: list[str], script: str, values: list[str]) -> list[str]:
    """``words`` with the script's positional arguments (globs, paths) replaced by ``values``."""
    index = words.index(script) + 1
    options = [w for w in words[index:] if w.startswith("-")]
    return [*words[:index], *options, *values]


def kb_chunks(run_script: RunScript, name: str = KNOWLEDGE_BASE) -> list[dict]:
    """Every chunk of a Knowledge Base, as Langflow's API lists them."""
    chunks: list[dict] = []
    with run_script.client() as client:
        page = 1
        while True:
            body = client.get(f"/api/v1/knowledge_bases/{name}/chunks", params={"page": page, "limit": 100})
            body = body.raise_for_status().json()
            chunks += body["chunks"]
            if page >= body["total_pages"]:
                return chunks
            page += 1


OURS = ("water.pdf", "photosynthesis.md")


def chunks_per_file(run_script: RunScript) -> Counter[str]:
    """Chunks per file of this module's files (other tests of the session may add files of their own)."""
    names = (chunk["metadata"]["file_name"] for chunk in kb_chunks(run_script))
    return Counter(name for name in names if name in OURS)


@pytest.fixture(scope="module")
def docs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("my-docs")
    (folder / "water.pdf").write_bytes(make_pdf(WATER_PAGES))
    (folder / "photosynthesis.md").write_text(PHOTOSYNTHESIS, encoding="utf-8")
    return folder


def ingest_words(paths: list[Path], *extra: str) -> list[str]:
    words = first_command([".venv/bin/python", "scripts/ingest.py"])
    return positional_replaced(words, "scripts/ingest.py", [*extra, *map(str, paths)])


@pytest.fixture(scope="module")
def ingested(run_script: RunScript, docs: Path) -> str:
    # Small chunks, so that the PDF's pages are chunks of their own and a chunk runs over a page break.
    words = ingest_words(
        [docs / "water.pdf", docs / "photosynthesis.md"], "--chunk-size", "120", "--chunk-overlap", "0"
    )
    result = run_readme_script(words, run_script.state_dir)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


# --------------------------------------------------------------------------- run.sh


def test_run_sh_starts_quietly_with_the_local_flows_first_and_a_working_key(run_script: RunScript) -> None:
    text = run_script.text()
    lines = text.splitlines()
    assert len(lines) < 45, text  # Langflow's own ~1,000 start-up lines went to the log file
    (log_line,) = [line for line in lines if line.startswith("Langflow's log: ")]
    log = Path(log_line.removeprefix("Langflow's log: "))
    assert log == run_script.state_dir / "langflow.log" and log.stat().st_size > 10_000
    assert sum("No Astra DB credentials" in line for line in lines) == 1
    url = re.search(r"Langflow is up: (http://127\.0\.0\.1:\d+)", text)
    key = re.search(r"export LANGFLOW_API_KEY=(\S+)", text)
    assert url and key, text[-3000:]
    flows = re.findall(r"^  ([^:]+): http://127\.0\.0\.1:\d+/flow/(\S+)$", text, flags=re.MULTILINE)
    assert [name for name, _ in flows][:3] == [
        "Knowledge Base RAG with Citations",
        "Knowledge Base Agent with Citations",
        "Knowledge Base Ingest with Source Metadata",
    ]
    state = run_script.state
    assert state["api_key"] == key.group(1)
    assert state["default_flow"] == dict(flows)["Knowledge Base RAG with Citations"]
    assert "ingest.py path/to/your/files/*.pdf" in text  # a folder of one's own, not the repo's docs/
    with httpx.Client(base_url=url.group(1), headers={"x-api-key": key.group(1)}, timeout=60) as client:
        projects = client.get("/api/v1/projects/").raise_for_status().json()
        (citations,) = [p for p in projects if p["name"] == "Citations"]
        project = client.get(f"/api/v1/projects/{citations['id']}").raise_for_status().json()
        listed = project["flows"]["items"] if isinstance(project["flows"], dict) else project["flows"]
        assert sorted(f["name"] for f in listed) == sorted(state["flows"]) and len(listed) == 8


def test_the_palette_has_the_bundles_seven_components(run_script: RunScript) -> None:
    """The server run.sh starts has the bundle installed: its components are in the palette, under their keys."""
    with run_script.client() as client:
        palette = client.get("/api/v1/all").raise_for_status().json()
    assert {"ChatInput", "ChatOutput"} <= set(palette["input_output"])
    # This bundle's seven components under their exact keys, and no other key of it anywhere in the
    # palette (which also lists each key lower-cased). Other installed bundles may add "ext:" keys of
    # their own; they prove nothing about this one.
    expected = {
        "ext:citations:CitationPostProcessorComponent@official",
        "ext:citations:CitationPromptComponent@official",
        "ext:citations:CitingAgentComponent@official",
        "ext:citations:CitingRetrieverComponent@official",
        "ext:citations:IndexedRetrievedDataParserComponent@official",
        "ext:citations:ReadFilesByPageComponent@official",
        "ext:citations:ReplaceFileChunksComponent@official",
    }
    ours = {
        str(key)
        for category in palette.values()
        for key in category
        if str(key).lower().startswith("ext:citations:")
    }
    assert expected <= set(palette["citations"])
    assert {key.lower() for key in ours} == {key.lower() for key in expected}


def test_the_model_server_is_a_langflow_model_provider_with_its_models(
    run_script: RunScript, model_server: OpenAIStandin
) -> None:
    model, embedding = (
        option_value(run_command(), "--model-name"),
        option_value(run_command(), "--embedding-model"),
    )
    with run_script.client() as client:
        variables = {v["name"]: v for v in client.get("/api/v1/variables/").raise_for_status().json()}
        assert variables["OPENAI_COMPATIBLE_BASE_URL"]["value"] == model_server.base_url
        enabled = client.get("/api/v1/models/enabled_providers").raise_for_status().json()
        assert enabled["provider_status"]["OpenAI Compatible"] is True
        catalog = (
            client.get("/api/v1/models", params={"provider": "OpenAI Compatible"}).raise_for_status().json()
        )
        flow = client.get(f"/api/v1/flows/{run_script.state['default_flow']}").raise_for_status().json()
    (provider,) = catalog
    assert {m["model_name"] for m in provider["models"]} >= {model, embedding}  # discovered from /v1/models
    assert any(r["method"] == "GET" and r["path"] == "/v1/models" for r in model_server.requests)
    nodes = {n["data"]["node"]["display_name"]: n["data"]["node"] for n in flow["data"]["nodes"]}
    assert "OpenAI" not in nodes
    (selected,) = nodes["Language Model"]["template"]["model"]["value"]
    assert (selected["name"], selected["provider"]) == (model, "OpenAI Compatible")


def canvas_options(run_script: RunScript, node: dict) -> set[tuple[str, str]]:
    """The model dropdown's options as the canvas refreshes them (the call it makes when a flow opens)."""
    template = node["template"]
    body = {
        "code": template["code"]["value"],
        "frontend_node": {"metadata": node.get("metadata", {})},
        "template": {**template, "is_refresh": True},
        "field": "model",
        "field_value": template["model"]["value"],
        "tool_mode": False,
    }
    with run_script.client() as client:
        refreshed = client.post("/api/v1/custom_component/update", json=body).raise_for_status().json()
    return {(o["name"], o["provider"]) for o in refreshed["template"]["model"]["options"]}


def test_the_canvas_offers_the_servers_models(run_script: RunScript) -> None:
    """What the dropdowns list once Langflow knows the server: its models, those run.sh named among them."""
    model, embedding = (
        option_value(run_command(), "--model-name"),
        option_value(run_command(), "--embedding-model"),
    )
    flows = run_script.state["flows"]
    with run_script.client() as client:
        kb_rag = (
            client.get(f"/api/v1/flows/{flows['Knowledge Base RAG with Citations']}")
            .raise_for_status()
            .json()
        )
        astra_rag = (
            client.get(f"/api/v1/flows/{flows['Astra DB RAG with Citations']}").raise_for_status().json()
        )
    (language,) = [
        n["data"]["node"] for n in kb_rag["data"]["nodes"] if n["data"]["type"] == "LanguageModelComponent"
    ]
    (embeddings,) = [
        n["data"]["node"] for n in astra_rag["data"]["nodes"] if n["data"]["type"] == "EmbeddingModel"
    ]
    assert (model, "OpenAI Compatible") in canvas_options(run_script, language)
    assert (embedding, "OpenAI Compatible") in canvas_options(run_script, embeddings)


# --------------------------------------------------------------------------- ingest


def test_ingest_reports_the_chunks_stored_per_file(ingested: str, run_script: RunScript) -> None:
    stored = chunks_per_file(run_script)
    assert set(stored) == {"water.pdf", "photosynthesis.md"}
    assert stored["photosynthesis.md"] >= 2
    # Created on first use, unless an earlier test of the session made it.
    assert re.match(rf"Knowledge Base '{KNOWLEDGE_BASE}' (created|\(\d+ chunks so far\))", ingested), ingested
    reported = dict(re.findall(r"^\S*/([\w.]+): (\d+) chunks? stored$", ingested, flags=re.MULTILINE))
    assert {name: int(n) for name, n in reported.items()} == dict(stored), ingested


def test_pdf_chunks_carry_their_file_and_the_page_where_they_start(
    ingested: str, run_script: RunScript
) -> None:
    pdf = sorted(
        (c for c in kb_chunks(run_script) if c["metadata"]["file_name"] == "water.pdf"),
        key=lambda c: int(c["metadata"]["page"]),
    )
    pages = {" ".join(lines): number for number, lines in enumerate(WATER_PAGES, start=1)}
    for chunk in pdf:
        first_line = chunk["content"].split("\n\n")[0]
        (page,) = [number for text, number in pages.items() if first_line in text]  # where it starts
        assert int(chunk["metadata"]["page"]) == page, chunk
        assert chunk["metadata"]["file_path"].endswith("/water.pdf")
    assert {int(c["metadata"]["page"]) for c in pdf} == {1, 2, 3}
    assert "two hydrogen atoms and one oxygen atom." in pdf[0]["content"]  # a line break became a space


def test_embeddings_reach_the_model_server_as_text(
    ingested: str, run_script: RunScript, model_server: OpenAIStandin
) -> None:
    embedding = option_value(run_command(), "--embedding-model")
    bodies = model_server.embedding_requests
    assert bodies and {b["model"] for b in bodies} == {embedding}
    texts = [
        t for body in bodies for t in ([body["input"]] if isinstance(body["input"], str) else body["input"])
    ]
    assert all(isinstance(text, str) for text in texts), bodies
    assert {c["content"] for c in kb_chunks(run_script) if c["metadata"]["file_name"] in OURS} <= set(texts)


def assert_one_upload_then_restore(run_script: RunScript, docs: Path, before: Counter[str]) -> None:
    """One upload named water (never "water (1)"); then the module's water.pdf again, for the tests after."""
    with run_script.client() as client:
        uploads = [f["name"] for f in client.get("/api/v2/files").raise_for_status().json()]
    assert uploads.count("water") == 1 and not [u for u in uploads if u.startswith("water (")]
    restored = run_readme_script(
        ingest_words([docs / "water.pdf"], "--chunk-size", "120", "--chunk-overlap", "0"),
        run_script.state_dir,
    )
    assert restored.returncode == 0 and chunks_per_file(run_script) == before


def test_ingesting_a_file_again_replaces_its_chunks(
    ingested: str, run_script: RunScript, docs: Path, tmp_path: Path
) -> None:
    before = chunks_per_file(run_script)
    # The same file with its last page rewritten: the old page's chunk must go, not stay beside the new one.
    (tmp_path / "water.pdf").write_bytes(
        make_pdf([*WATER_PAGES[:2], ["Rain falls from the clouds", "and fills the rivers."]])
    )
    result = run_readme_script(
        ingest_words([tmp_path / "water.pdf"], "--chunk-size", "120", "--chunk-overlap", "0"),
        run_script.state_dir,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    after = chunks_per_file(run_script)
    assert after["photosynthesis.md"] == before["photosynthesis.md"]
    texts = [c["content"] for c in kb_chunks(run_script) if c["metadata"]["file_name"] == "water.pdf"]
    assert any("Rain falls from the clouds and fills the rivers." in text for text in texts)
    assert not [text for text in texts if "Ice floats" in text]  # the old page 3 is gone
    assert len(set(texts)) == len(texts)
    assert result.stdout.strip().endswith(f"water.pdf: {after['water.pdf']} chunks stored")
    assert_one_upload_then_restore(run_script, docs, before)


def test_the_readmes_curl_ingest_is_the_same_over_plain_http(
    ingested: str, run_script: RunScript, docs: Path
) -> None:
    """The README's curl block, run twice on the same file: one upload of that name, its chunks replaced."""
    block = re.search(r"```bash\n(LANGFLOW=.*?)```", README.read_text(encoding="utf-8"), flags=re.DOTALL)
    assert block, "README.md lost its curl ingest block"
    script = block.group(1)
    before = chunks_per_file(run_script)
    env = {**os.environ, "LANGFLOW_API_KEY": run_script.state["api_key"]}
    for _ in range(2):
        done = subprocess.run(
            [
                "bash",
                "-c",
                f"set -euo pipefail\nLANGFLOW={run_script.url} FILE={shlex.quote(str(docs / 'water.pdf'))}\n"
                + script.split("\n", 1)[1],
            ],
            capture_output=True,
            text=True,
            env=env,
            timeout=300,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        events = [json.loads(line) for line in done.stdout.splitlines() if line.strip().startswith("{")]
        assert events[-1]["event"] == "end", done.stdout[-2000:]
    # The default chunk size this time: water.pdf is one chunk now, still alone, still page 1.
    after = chunks_per_file(run_script)
    assert after["photosynthesis.md"] == before["photosynthesis.md"] and after["water.pdf"] == 1
    assert_one_upload_then_restore(run_script, docs, before)


def test_ingesting_x_md_after_x_pdf_keeps_both_and_odd_names_arrive_whole(
    ingested: str, run_script: RunScript, tmp_path: Path
) -> None:
    """Another file that shares the stem stays; a file's own earlier upload goes; names as they are."""
    # Words no question of this module shares, so that these chunks never outrank the water ones.
    (tmp_path / "x.pdf").write_bytes(make_pdf([["Basalt forms when lava cools quickly."]]))
    (tmp_path / "x.md").write_text("Granite cools slowly, deep below volcanoes.", encoding="utf-8")
    odd = tmp_path / 'say "hi" to caf\u00e9 \u6c34.md'
    odd.write_text("Obsidian is volcanic glass.", encoding="utf-8")

    def ours() -> list[str]:
        with run_script.client() as client:
            files = client.get("/api/v2/files").raise_for_status().json()
        return sorted(Path(f["path"]).name for f in files if f["name"].startswith(("x", "say ")))

    def chunk_files() -> Counter[str]:
        names = (chunk["metadata"]["file_name"] for chunk in kb_chunks(run_script))
        return Counter(name for name in names if name.startswith(("x", "say ")))

    for files in ([tmp_path / "x.pdf"], [tmp_path / "x.md", odd]):
        result = run_readme_script(ingest_words(files), run_script.state_dir)
        assert result.returncode == 0, result.stdout + result.stderr
    # Langflow numbers the second upload of the stem "x": the pdf's upload is still there.
    both = ['say "hi" to caf\u00e9 \u6c34.md', "x (1).md", "x.pdf"]
    assert ours() == both
    chunks = chunk_files()
    assert set(chunks) == set(both) and all(chunks.values()), chunks

    # x.md again: its own upload (recorded as "x (1).md") is replaced, nothing else, no "x (2)".
    result = run_readme_script(ingest_words([tmp_path / "x.md"]), run_script.state_dir)
    assert result.returncode == 0, result.stdout + result.stderr
    assert ours() == both
    assert chunk_files() == chunks, "its chunks were replaced, not added again"
    with run_script.client() as client:  # leave the uploads as the other tests expect them
        for upload in client.get("/api/v2/files").raise_for_status().json():
            if upload["name"].startswith(("x", "say ")):
                client.delete(f"/api/v2/files/{upload['id']}").raise_for_status()


def test_unreadable_files_are_named_and_skipped_and_the_others_go_in(
    ingested: str, run_script: RunScript, docs: Path, tmp_path: Path
) -> None:
    (tmp_path / "report.docx").write_bytes(b"PK\x03\x04 not for this reader")
    result = run_readme_script(
        ingest_words([tmp_path / "report.docx", docs / "photosynthesis.md"]), run_script.state_dir
    )
    assert result.returncode == 1
    assert f"{tmp_path / 'report.docx'}: skipped: not a PDF or a text file (.docx)" in result.stdout
    assert re.search(r"photosynthesis\.md: \d+ chunks stored", result.stdout)
    assert "report.docx" not in {chunk["metadata"]["file_name"] for chunk in kb_chunks(run_script)}


def test_a_knowledge_base_built_with_another_embedding_model_is_refused(
    ingested: str, run_script: RunScript, docs: Path
) -> None:
    with run_script.client() as client:
        client.post(
            "/api/v1/knowledge_bases",
            json={
                "name": "other_model",
                "embedding_provider": "OpenAI Compatible",
                "embedding_model": "gpt-4o",
            },
        ).raise_for_status()
    result = run_readme_script(
        ingest_words([docs / "photosynthesis.md"], "--knowledge-base", "other_model"), run_script.state_dir
    )
    assert result.returncode == 1
    assert (
        "Knowledge Base 'other_model' was built with the embedding model gpt-4o (OpenAI Compatible)"
        in result.stderr
    )


# --------------------------------------------------------------------------- ask


def ask_command(stream: bool) -> list[str]:
    for words in readme_commands():
        if words[:2] == [".venv/bin/python", "scripts/ask.py"] and ("--no-stream" not in words) == stream:
            return words
    pytest.fail(f"README.md has no ask.py command {'streaming' if stream else 'with --no-stream'}")


def with_question(words: list[str], question: str) -> list[str]:
    return [*words[:-1], question]


def expected_output(model_server: OpenAIStandin) -> str:
    """The answer, then the one cited source as the prompt presented it: the PDF's page 2."""
    header = re.search(r"^\[Source 1\] (.+)$", model_server.last_prompt(), flags=re.MULTILINE)
    assert header, model_server.last_prompt()
    assert header.group(1) == "water.pdf \u2014 page 2"  # retrieval found the page the question is about
    return f"{ANSWER}\n\nSources:\n  Source 1 \u00b7 water.pdf \u2014 page 2"


def test_ask_without_streaming_names_the_pdf_page(
    ingested: str, run_script: RunScript, model_server: OpenAIStandin
) -> None:
    model_server.script(Reply(chunks=ANSWER_CHUNKS))
    result = run_readme_script(with_question(ask_command(stream=False), QUESTION), run_script.state_dir)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith(expected_output(model_server)), result.stdout
    assert model_server.chat_requests[-1]["model"] == option_value(run_command(), "--model-name")


def test_ask_streams_the_answer_as_it_arrives(
    ingested: str, run_script: RunScript, model_server: OpenAIStandin
) -> None:
    model_server.script(Reply(chunks=ANSWER_CHUNKS, chunk_delay=0.6))
    words = with_question(ask_command(stream=True), QUESTION)
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


def test_two_asks_in_a_row_each_number_from_1(
    ingested: str, run_script: RunScript, model_server: OpenAIStandin
) -> None:
    """One conversation per question: the second answer is not numbered after the first, nor sees it."""
    words = ask_command(stream=False)
    prompts: list[str] = []
    for question in (QUESTION, "Why does ice float on liquid water?"):
        model_server.script(Reply(chunks=("An answer [Source 1].",)))
        result = run_readme_script(with_question(words, question), run_script.state_dir)
        assert result.returncode == 0, result.stderr
        assert result.stdout.startswith("An answer [Source 1].\n\nSources:\n  Source 1 \u00b7 water.pdf"), (
            result.stdout
        )
        prompts.append(model_server.last_prompt())
    for prompt in prompts:
        assert re.findall(r"^\[Source (\d+)\]", prompt, flags=re.MULTILINE)[0] == "1"
    assert QUESTION not in prompts[1]  # no history from the first question
    # Asked to continue, the same conversation carries over.
    model_server.script(Reply(chunks=("More [Source 1].",)))
    first = run_readme_script(
        [*with_question(words, QUESTION)[:-1], "--session", "kitchen", QUESTION], run_script.state_dir
    )
    model_server.script(Reply(chunks=("Still [Source 1].",)))
    second = run_readme_script([*words[:-1], "--session", "kitchen", "And ice?"], run_script.state_dir)
    assert first.returncode == second.returncode == 0, first.stderr + second.stderr
    assert QUESTION in model_server.last_prompt()  # the earlier turn is in the history


def test_the_printed_api_call_works(
    ingested: str, run_script: RunScript, model_server: OpenAIStandin
) -> None:
    text = run_script.text()
    start = text.index("Or call the RAG flow directly")
    lines = text[start:].splitlines()[1:3]
    curl = " ".join(line.strip().removesuffix("\\") for line in lines)
    assert curl.startswith("curl ") and '"session_id"' in curl, lines
    model_server.script(Reply(chunks=ANSWER_CHUNKS))
    result = subprocess.run(shlex.split(curl), capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr
    events = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    assert events[-1]["event"] == "end"
    (output,) = events[-1]["data"]["result"]["outputs"][0]["outputs"]
    assert output["results"]["message"]["text"] == ANSWER
    # The events as the README lists them: the question, the answer starting, its tokens, the same
    # message twice as it completes (text and cards in one write, then stored by Chat Output), end.
    names = [e["event"] for e in events]
    assert names[:2] == ["add_message", "add_message"] and names[-1] == "end"
    question, started, *rest = [e["data"] for e in events if e["event"] == "add_message"]
    assert question["sender"] == "User" and started["properties"]["state"] == "partial"
    assert len(rest) == 2 and {m["id"] for m in rest} == {started["id"]}
    assert [bool(m["content_blocks"]) for m in rest] == [True, True]
    assert {e["data"]["id"] for e in events if e["event"] == "token"} == {started["id"]}


def test_a_missing_or_empty_knowledge_base_says_run_ingest(run_script: RunScript) -> None:
    with run_script.client() as client:
        client.post(
            "/api/v1/knowledge_bases",
            json={
                "name": "empty_kb",
                "embedding_provider": "OpenAI Compatible",
                "embedding_model": "nomic-embed-text",
            },
        ).raise_for_status()
    for name, state in (("not_made_yet", "does not exist yet"), ("empty_kb", "is empty")):
        tweaks = json.dumps({"Knowledge": {"knowledge_base": name}})
        result = run_readme_script(
            [*ask_command(stream=False)[:-1], "--tweaks", tweaks, "Hi?"], run_script.state_dir
        )
        assert result.returncode == 1
        assert f"Knowledge Base '{name}' {state}: no chunks yet: run ingest.py" in result.stderr


def test_offline_means_no_outgoing_request(ingested: str, run_script: RunScript) -> None:
    """Nothing leaves: not Langflow's PyPI version check at start, not the local path's runs.

    Only the Astra DB component asks Astra's DevOps API when an Astra DB flow is opened in the canvas
    (the Playground tests open one); a user of Astra DB is online anyway.
    """
    assert "--offline" in run_command()
    requests = run_script.outgoing.requests
    assert [r for r in requests if " api.astra.datastax.com:" not in r] == [], requests
