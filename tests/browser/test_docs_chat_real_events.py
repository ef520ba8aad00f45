"""The docs-chat page against the real Langflow server: ask, stream, cards, links.

The other page tests script a fake Langflow, which is right for the page's own logic but only as
true as the fake's idea of the event format. Here the chain is the real one: Chromium -> the
docs-chat proxy (examples/docs-chat/server.py) -> ``langflow run`` with the shipped RAG flow ->
the OpenAI and Data API stand-ins. Whatever Langflow 1.13 really streams (the partial and
repeated ``add_message`` events, ``token`` events, the v1-projected ``end`` result) is what the
page has to render.

    .venv/bin/python -m pytest tests/browser/test_docs_chat_real_events.py
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.flows import RAG, load, standalone, standin_tweaks
from tests.support.langflow_server import LangflowServer
from tests.support.standins.data_api_server import DataAPIStandin, SeedDocument
from tests.support.standins.openai_server import OpenAIStandin, Reply

from .conftest import PageWatch, _serve, load_docs_chat_server

pytestmark = pytest.mark.e2e

COLLECTION = "docs_chat_pages"
BOILING = SeedDocument(
    "Boiling point of water: pure water boils at 100 degrees Celsius at sea level; the boiling "
    "point of water drops with altitude.",
    {"file_name": "boiling-water.html", "page": 2, "url": "https://docs.example.com/boiling-water.html"},
    "boiling",
)
FREEZING = SeedDocument(
    "Water freezes into ice at 0 degrees Celsius; ice floats because it is less dense than water.",
    {"file_name": "ice.md", "url": "https://docs.example.com/ice"},
    "freezing",
)
UNRELATED = SeedDocument(
    "Granite is an igneous rock made of quartz and feldspar.", {"file_name": "rocks.txt"}, "rocks"
)
QUESTION = "At what temperature does pure water boil, what is the boiling point of water?"
# The model's raw answer: a marker split across chunks, a bare [2], one number never presented.
RAW_CHUNKS = (
    "Pure water boils at 100 °C at sea level [Sou",
    "rce 1]. ",
    "It freezes at 0 °C [2], ",
    "and granite is not involved [Source 9].",
)
ANSWER = "Pure water boils at 100 °C at sea level [Source 1]. It freezes at 0 °C [Source 2], and granite is not involved."


@pytest.fixture(scope="module")
def standins() -> Iterator[tuple[OpenAIStandin, DataAPIStandin]]:
    with OpenAIStandin() as openai, DataAPIStandin() as data_api:
        data_api.seed((BOILING, FREEZING, UNRELATED), collection=COLLECTION)
        yield openai, data_api


@pytest.fixture(scope="module")
def real_langflow(browser: Any, langflow_server: LangflowServer) -> LangflowServer:
    """The session's shared server (API and web UI), which the Playground test drives too.

    Asks for ``browser`` first, so a missing Chromium skips before a minute of boot.
    """
    return langflow_server


@pytest.fixture(scope="module")
def docs_chat_real_url(
    real_langflow: LangflowServer, standins: tuple[OpenAIStandin, DataAPIStandin]
) -> Iterator[str]:
    """The docs-chat proxy, deployed as its README says: Langflow URL, flow id, API key, tweaks."""
    openai, data_api = standins
    with real_langflow.client() as client:
        api_key = client.api_key
        shipped = load(standalone(RAG))
        shipped.pop("id")
        flow_id = client.upload_flow(shipped)  # the shipped flow as an operator imports it
    tweaks = standin_tweaks(openai.base_url, data_api.url)
    tweaks["Astra DB"]["collection_name"] = COLLECTION
    tweaks["OpenAI"]["max_retries"] = 0
    module = load_docs_chat_server()
    config = module.Config(real_langflow.base_url, flow_id, api_key, tweaks)
    server = module.DocsChatServer(("127.0.0.1", 0), config, quiet=True)
    _serve(server)
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def real_page(browser: Any, docs_chat_real_url: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 900, "height": 720}, color_scheme="light")
    tab = context.new_page()
    tab.set_default_timeout(60_000)  # the first run of a flow on a fresh server builds every node
    watch = PageWatch(docs_chat_real_url)
    tab.on("dialog", lambda dialog: (watch.dialogs.append(dialog.message), dialog.dismiss()))
    tab.on("pageerror", lambda error: watch.errors.append(str(error)))
    tab.on("console", lambda msg: msg.type == "error" and watch.errors.append(msg.text))
    tab.on(
        "request",
        lambda request: (
            request.url.startswith(docs_chat_real_url) or watch.foreign_requests.append(request.url)
        ),
    )
    tab.goto(docs_chat_real_url)
    yield tab
    context.close()
    watch.check()


def page_text(page: Any) -> str:
    return page.evaluate("() => document.querySelector('.turn:last-child .answer')?.innerText ?? ''")


def test_page_streams_a_real_answer_with_cards_and_links(
    real_page: Any, standins: tuple[OpenAIStandin, DataAPIStandin]
) -> None:
    openai, _ = standins
    openai.script(Reply(chunks=RAW_CHUNKS, chunk_delay=0.5))
    real_page.fill("#question", QUESTION)
    real_page.keyboard.press("Enter")

    # Streaming: the first sentence is on the page while the model is still writing the rest.
    deadline = time.monotonic() + 60
    while "boils at 100" not in page_text(real_page):
        assert time.monotonic() < deadline, "no streamed text within 60 s"
        time.sleep(0.05)
    assert real_page.get_attribute(".turn:last-child .answer", "aria-busy") == "true"
    assert "freezes" not in page_text(real_page)
    assert real_page.query_selector(".sources") is None, "cards arrive with the end of the run"

    real_page.wait_for_selector(".turn:last-child .answer[aria-busy='false']", state="attached")
    assert real_page.inner_text("#status") == "Answer ready, 2 sources."
    # The text: the filtered answer, markers drawn as numbered links, the invalid one gone.
    shown = real_page.inner_text(".turn:last-child .answer")
    assert shown.strip() == ANSWER.replace("[Source 1]", "1").replace("[Source 2]", "2")
    links = real_page.eval_on_selector_all(
        ".answer a.cite", "els => els.map(a => [a.getAttribute('href'), a.textContent, a.ariaLabel])"
    )
    assert links == [
        ["#t1-source-1", "1", "Source 1: boiling-water.html, page 2"],
        ["#t1-source-2", "2", "Source 2: ice.md"],
    ]
    # The cards: the two cited documents, in citation order, linking to their pages.
    chips = real_page.eval_on_selector_all(
        ".sources li",
        "els => els.map(li => { const c = li.querySelector('.chip');"
        " return [li.id, c.tagName, c.getAttribute('href'), c.ariaLabel]; })",
    )
    assert chips == [
        ["t1-source-1", "A", BOILING.metadata["url"], "Source 1: boiling-water.html, page 2"],
        ["t1-source-2", "A", FREEZING.metadata["url"], "Source 2: ice.md"],
    ]
    # What the model was shown: the question and the numbered sources (the proxy added the key).
    prompt = openai.last_prompt()
    assert QUESTION in prompt and "[Source 1] boiling-water.html" in prompt
    # A marker link moves focus to its card.
    real_page.click(".answer a.cite >> nth=1")
    assert real_page.evaluate("location.hash") == "#t1-source-2"
