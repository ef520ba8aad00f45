"""The Knowledge Base agent flow through the session's ``run.sh`` server: one numbering across the agent's searches.

``run.sh`` loaded **Knowledge Base Agent with Citations** (the Citing Agent with the Citing Retriever over
Langflow's Knowledge component). Its files go into a Knowledge Base of this module's own with the
README's ``ingest.py`` command, and each search returns one chunk (``top_k`` by tweak), so the two
searches the scripted model makes see two different chunks. Oracles: the tool results the model stand-in
received (what the agent was shown, with its numbers), hand-written expected text and cards.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.run_sh import RunScript, first_command, run_readme_script
from tests.support.standins.openai_server import OpenAIStandin, Reply

pytestmark = pytest.mark.e2e

KNOWLEDGE_BASE = "agent_kb"
# No stem another module's upload starts with, nor one that starts with theirs ("water" is
# test_newcomer.py's): Langflow would number the second upload of a stem ("water (1).pdf").
FILES = {
    "cycle.md": "The water cycle moves water through evaporation and condensation into clouds.",
    "plants.md": "Photosynthesis lets plants turn sunlight and carbon dioxide into sugar.",
}


@pytest.fixture(scope="module")
def agent_kb(run_script: RunScript, tmp_path_factory: pytest.TempPathFactory) -> None:
    folder = tmp_path_factory.mktemp("agent-docs")
    for name, text in FILES.items():
        (folder / name).write_text(text, encoding="utf-8")
    words = first_command([".venv/bin/python", "scripts/ingest.py"])
    command = [*words[:2], "--knowledge-base", KNOWLEDGE_BASE, *(str(folder / n) for n in FILES)]
    result = run_readme_script(command, run_script.state_dir)
    assert result.returncode == 0, result.stdout + result.stderr


def search(query: str) -> Reply:
    return Reply(tool_calls=({"name": "search_sources", "arguments": {"query": query}},))


def tool_results(model_server: OpenAIStandin) -> list[str]:
    """What the tool returned to the agent, call by call, as the last model request carried it."""
    messages = model_server.chat_requests[-1]["messages"]
    return [str(m.get("content")) for m in messages if m.get("role") == "tool"]


def test_the_knowledge_base_agent_keeps_one_numbering_across_two_searches(
    agent_kb: None, run_script: RunScript, model_server: OpenAIStandin
) -> None:
    flow_id = run_script.state["flows"]["Knowledge Base Agent with Citations"]
    model_server.script(
        search("water cycle evaporation"),
        search("photosynthesis plants sugar"),
        Reply(chunks=("Water evaporates into clouds [Source 1]; plants make sugar [Source 2]. [Source 3]",)),
    )
    tweaks = {"Knowledge": {"knowledge_base": KNOWLEDGE_BASE, "top_k": 1}}
    with run_script.client() as client:
        response = client.post(
            f"/api/v1/run/{flow_id}?stream=false",
            json={
                "input_value": "How do water and plants behave?",
                "session_id": "agent-kb",
                "tweaks": tweaks,
            },
        )
    body = response.raise_for_status().json()
    message = body["outputs"][0]["outputs"][0]["results"]["message"]

    first, second = tool_results(model_server)
    assert re.findall(r"^\[Source (\d+)\] (\S+)", first, flags=re.MULTILINE) == [("1", "cycle.md")], first
    assert re.findall(r"^\[Source (\d+)\] (\S+)", second, flags=re.MULTILINE) == [("2", "plants.md")], second
    assert message["text"].endswith("Water evaporates into clouds [Source 1]; plants make sugar [Source 2].")
    (group,) = [b for b in message["content_blocks"] if b.get("title") == "Sources"]
    titles = [c["title"].split(" \u00b7 \u26a0", 1)[0] for c in group["contents"] if "title" in c]
    assert titles == ["Source 1 \u00b7 cycle.md", "Source 2 \u00b7 plants.md"]


def test_a_file_it_cannot_read_is_named_and_the_others_go_in(
    agent_kb: None, run_script: RunScript, tmp_path: Path
) -> None:
    (tmp_path / "notes.txt").write_text("Clouds are made of droplets.", encoding="utf-8")
    (tmp_path / "scan.pdf").write_bytes(b"%PDF-1.4\n% a scan cut off")
    words = first_command([".venv/bin/python", "scripts/ingest.py"])
    command = [
        *words[:2],
        "--knowledge-base",
        KNOWLEDGE_BASE,
        str(tmp_path / "scan.pdf"),
        str(tmp_path / "notes.txt"),
    ]
    result = run_readme_script(command, run_script.state_dir)
    assert result.returncode == 1
    assert re.search(r"scan\.pdf: skipped: not a readable PDF", result.stdout), result.stdout
    assert re.search(r"notes\.txt: 1 chunk stored", result.stdout), result.stdout


def test_files_that_differ_only_in_extension_are_both_kept(
    agent_kb: None, run_script: RunScript, tmp_path: Path
) -> None:
    """Ingesting tides.txt leaves the upload of tides.md alone; Langflow numbers the second stem "tides"."""
    (tmp_path / "tides.md").write_text("Tides follow the moon.", encoding="utf-8")
    (tmp_path / "tides.txt").write_text("Tides rise twice a day.", encoding="utf-8")
    words = first_command([".venv/bin/python", "scripts/ingest.py"])
    command = [
        *words[:2],
        "--knowledge-base",
        KNOWLEDGE_BASE,
        str(tmp_path / "tides.md"),
        str(tmp_path / "tides.txt"),
    ]
    result = run_readme_script(command, run_script.state_dir)
    assert result.returncode == 0, result.stdout + result.stderr
    with run_script.client() as client:
        body = client.get(f"/api/v1/knowledge_bases/{KNOWLEDGE_BASE}/chunks", params={"limit": 100}).json()
        uploads = [Path(f["path"]).name for f in client.get("/api/v2/files").raise_for_status().json()]
    names = {chunk["metadata"]["file_name"] for chunk in body["chunks"]}
    assert {"tides.md", "tides (1).txt"} <= names, names
    assert sorted(u for u in uploads if u.startswith("tides")) == ["tides (1).txt", "tides.md"]


def test_knowledge_bases_are_kept_in_the_state_directory(agent_kb: None, run_script: RunScript) -> None:
    """Beside the database that lists them, not in Langflow's default ~/.langflow/knowledge_bases."""
    stored = list((run_script.state_dir / "knowledge_bases").rglob("*"))
    assert [p for p in stored if p.is_file()], stored
