"""Langflow 1.13's Playground, in headless Chromium, answering with the Astra DB Agent with Citations flow.

The agent's model (the OpenAI stand-in) calls the Citing Retriever twice, then answers citing a chunk
from each call and a number it never saw; the Playground must show the checked answer and one source
card per cited chunk. See test_playground.py for why the flow is uploaded with its endpoints saved.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.flows import AGENT, load, standin_tweaks
from tests.support.langflow_server import LangflowClient, LangflowServer
from tests.support.standins.data_api_server import DataAPIStandin
from tests.support.standins.openai_server import OpenAIStandin, Reply, tiktoken_cache_dir

from .conftest import ROOT

pytestmark = pytest.mark.e2e

SCREENSHOT = ROOT / "docs" / "screenshots" / "playground-agent.png"
CARD_TITLE = re.compile(r"^Source (\d+) \u00b7 ")


@pytest.fixture(scope="module")
def ui_server(browser: Any) -> Iterator[LangflowServer]:
    env = {"LANGFLOW_SSRF_ALLOWED_HOSTS": "127.0.0.1"}
    if cache := tiktoken_cache_dir():
        env["TIKTOKEN_CACHE_DIR"] = cache
    with LangflowServer(extra_env=env, backend_only=False) as server:
        yield server


@pytest.fixture(scope="module")
def client(ui_server: LangflowServer) -> Iterator[LangflowClient]:
    with ui_server.client() as logged_in:
        yield logged_in


def search(query: str) -> Reply:
    return Reply(tool_calls=({"name": "search_sources", "arguments": {"query": query}},))


def test_playground_shows_agent_answer_with_source_cards(
    browser: Any,
    ui_server: LangflowServer,
    client: LangflowClient,
    openai: OpenAIStandin,
    data_api: DataAPIStandin,
) -> None:
    base = ui_server.base_url
    tweaks = standin_tweaks(openai.base_url, data_api.url)
    tweaks["Astra DB"]["number_of_results"] = 1
    flow = load(AGENT, tweaks)
    flow.pop("id", None)
    flow_id = client.upload_flow(flow)
    openai.script(
        search("photosynthesis plants"),
        search("water cycle evaporation"),
        Reply(
            chunks=(
                "Plants turn sunlight into sugar [Source 1], and water evaporates [Source 2]. [Source 7]",
            )
        ),
    )

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
        box.fill("How do plants and water behave?")
        box.press("Enter")
        page.get_by_text("Finished in").first.wait_for()
        answers = page.locator("[data-testid^='chat-message-AI-']")
        text = answers.last.inner_text()
        title_locator = page.locator("p", has_text=CARD_TITLE)
        title_locator.first.wait_for()
        titles = title_locator.all_inner_texts()
        page.wait_for_function(
            "() => { document.querySelectorAll('[role=alert] button').forEach(b => b.click());"
            " return !document.querySelector('[role=alert]'); }",
            polling=200,
            timeout=15_000,
        )
        title_locator.first.scroll_into_view_if_needed()
        SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOT), full_page=True)
    except Exception as exc:
        raise AssertionError(f"{type(exc).__name__}: {exc}\n\n{ui_server.log_tail(80)}") from exc
    finally:
        context.close()

    assert "Plants turn sunlight into sugar [Source 1], and water evaporates [Source 2]." in text
    assert "Source 7" not in text
    assert titles == [
        "Source 1 \u00b7 photosynthesis.md \u2014 page 1",
        "Source 2 \u00b7 water.pdf \u2014 page 3",
    ]
