"""The Playground of a server started by ``run.sh --model-base-url``, in headless Chromium: local models kept.

The server is the session's ``run.sh`` (``tests/support/run_sh.py``): the README's command for a local
OpenAI-compatible server, whose stand-in answers token-id embedding input with Ollama's HTTP 400 and lists
its models on ``/v1/models``, with no Astra DB credentials. The browser posts its own copy of the flow
to ``/api/v2/workflows`` after re-resolving every model dropdown from the providers Langflow has
configured; the copy must keep the server's models, and the run must use them.

* **Knowledge Base RAG with Citations**, the flow ``run.sh`` made the default, as it stored it: a question
  over a multi-page PDF ingested with the README's ``ingest.py`` command gets a cited answer whose card
  names the page (the README's screenshot, with ``--update-screenshots``).
* **Astra DB RAG with Citations**, as stored, once the Astra DB global variables point at the Data API
  stand-in (what a user sets under Settings -> Global Variables): its Embedding Model node keeps the
  server's embedding model and sends text, where before it fell back to OpenAI's model and token ids.

The browser may reach the server only; everything else (fonts, GitHub, which the UI calls on load) is
aborted.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.flows import build
from tests.support.pdfs import make_pdf
from tests.support.run_sh import RunScript, first_command, option_value, run_command, run_readme_script
from tests.support.standins.data_api_server import DEFAULT_CORPUS, DataAPIStandin
from tests.support.standins.fixtures import STANDIN_ASTRA_TOKEN
from tests.support.standins.openai_server import OpenAIStandin, Reply

pytestmark = pytest.mark.e2e

CARD_TITLE = re.compile(r"^Source (\d+) \u00b7 ")
RIVERS = [
    ["Rivers carry water from the mountains", "down to the sea."],
    ["A delta forms where a river drops its sediment", "as it slows near the sea."],
    ["Floods spread fertile silt over the plains."],
]
QUESTION = "How does a delta form where a river drops its sediment?"


def posted_nodes(request: Any) -> dict[str, dict[str, Any]]:
    """The nodes of the flow copy the browser posted to ``/api/v2/workflows``, by display name."""
    body = json.loads(request.post_data or "{}")
    nodes = (body.get("data") or {}).get("nodes") or []
    return {n["data"]["node"]["display_name"]: n["data"]["node"] for n in nodes}


def model_choice(node: dict[str, Any]) -> tuple[str, str]:
    (value,) = node["template"]["model"]["value"]
    return value["name"], value["provider"]


@pytest.fixture(scope="module")
def rivers(run_script: RunScript, tmp_path_factory: pytest.TempPathFactory) -> None:
    """rivers.pdf in the Knowledge Base, with the README's ingest command (chunks small enough for pages)."""
    folder = tmp_path_factory.mktemp("rivers")
    (folder / "rivers.pdf").write_bytes(make_pdf(RIVERS))
    words = first_command([".venv/bin/python", "scripts/ingest.py"])
    command = [*words[:2], "--chunk-size", "100", "--chunk-overlap", "0", str(folder / "rivers.pdf")]
    result = run_readme_script(command, run_script.state_dir)
    assert result.returncode == 0, result.stdout + result.stderr


def ask_in_playground(
    browser: Any, run_script: RunScript, flow_id: str, question: str, screenshot: Path | None = None
) -> tuple[str, list[str], dict[str, dict[str, Any]]]:
    """The answer's text, its card titles and the flow copy the browser posted, for one question."""
    base = run_script.url
    context = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme="light")

    def only_the_server(route: Any) -> None:
        if route.request.url.startswith(base + "/") or route.request.url == base:
            route.continue_()
        else:
            route.abort()

    context.route("**/*", only_the_server)
    page = context.new_page()
    page.set_default_timeout(90_000)
    try:
        page.goto(f"{base}/flow/{flow_id}")
        page.get_by_test_id("playground-btn-flow-io").click()
        box = page.get_by_test_id("input-chat-playground")
        box.wait_for()
        box.fill(question)
        with page.expect_request(
            lambda r: r.url.endswith("/api/v2/workflows") and r.method == "POST"
        ) as sent:
            box.press("Enter")
        page.get_by_text("Finished in").first.wait_for()
        answer = page.locator("[data-testid^='chat-message-AI-']").last.inner_text().strip()
        titles_locator = page.locator("p", has_text=CARD_TITLE)
        titles_locator.first.wait_for()
        titles = titles_locator.all_inner_texts()
        if screenshot is not None:
            page.wait_for_function(
                "() => { document.querySelectorAll('[role=alert] button').forEach(b => b.click());"
                " return !document.querySelector('[role=alert]'); }",
                polling=200,
                timeout=15_000,
            )
            titles_locator.first.scroll_into_view_if_needed()
            page.screenshot(path=str(screenshot), full_page=True)
        return answer, titles, posted_nodes(sent.value)
    except Exception as exc:
        msg = f"{type(exc).__name__}: {exc}\n\n{run_script.log_tail(80)}"
        raise AssertionError(msg) from exc
    finally:
        context.close()


def test_the_knowledge_base_rag_flow_answers_in_the_playground_with_the_local_model(
    browser: Any,
    run_script: RunScript,
    model_server: OpenAIStandin,
    rivers: None,
    screenshot_dir: Path,
) -> None:
    model = option_value(run_command(), "--model-name")
    flow_id = run_script.state["flows"]["Knowledge Base RAG with Citations"]
    model_server.script(
        Reply(
            chunks=(
                "A delta forms where the river drops its sediment [Sou",
                "rce 1]. Rivers carry water from the mountains down to the sea [Source 2]. [Source 7]",
            )
        )
    )
    screenshot = screenshot_dir / "playground-knowledge-base.png"

    answer, titles, posted = ask_in_playground(browser, run_script, flow_id, QUESTION, screenshot)

    # The browser's copy kept the server's chat model, and the run used it.
    assert model_choice(posted["Language Model"]) == (model, "OpenAI Compatible")
    assert model_server.chat_requests[-1]["model"] == model
    assert answer.startswith("A delta forms where the river drops its sediment [Source 1].")
    assert "Source 7" not in answer
    assert titles[0].startswith("Source 1 \u00b7 rivers.pdf \u2014 page 2"), titles
    assert len(titles) == 2 and CARD_TITLE.match(titles[1])[1] == "2", titles
    assert screenshot.stat().st_size > 20_000


@pytest.fixture(scope="module")
def astra_variables(run_script: RunScript, model_server: OpenAIStandin) -> Iterator[DataAPIStandin]:
    """The Astra DB global variables set as a user sets them, pointing at a seeded Data API stand-in.

    It listens where the model stand-in does, so the SSRF allow-list run.sh made covers it.
    """
    with DataAPIStandin(host=model_server.host) as data_api:
        data_api.seed(DEFAULT_CORPUS, collection=build.COLLECTION)
        with run_script.client() as client:
            for name, value, kind in (
                (build.ASTRA_ENDPOINT_VARIABLE, data_api.api_endpoint, "Generic"),
                (build.ASTRA_TOKEN_VARIABLE, STANDIN_ASTRA_TOKEN, "Credential"),
            ):
                body = {"name": name, "value": value, "type": kind, "default_fields": []}
                client.post("/api/v1/variables/", json=body).raise_for_status()
        yield data_api


def test_the_embedding_model_node_keeps_the_servers_model_in_the_playground(
    browser: Any, run_script: RunScript, model_server: OpenAIStandin, astra_variables: DataAPIStandin
) -> None:
    embedding = option_value(run_command(), "--embedding-model")
    flow_id = run_script.state["flows"]["Astra DB RAG with Citations"]
    model_server.clear_requests()
    model_server.script(Reply(chunks=("Water boils at 100 degrees [Source 1].",)))

    answer, titles, posted = ask_in_playground(
        browser, run_script, flow_id, "At what temperature does water boil?"
    )

    assert model_choice(posted["Embedding Model"]) == (embedding, "OpenAI Compatible")
    (request,) = model_server.embedding_requests
    assert request["model"] == embedding
    assert request["input"] == ["At what temperature does water boil?"]  # text, not token ids
    assert answer.startswith("Water boils at 100 degrees [Source 1].")
    assert CARD_TITLE.match(titles[0])
