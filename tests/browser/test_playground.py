"""Langflow 1.13's own Playground, in headless Chromium, answering with the citation RAG flow.

A real ``langflow run`` serves its bundled web UI: the session's shared server (``langflow_server``,
which serves the API tests too), a server without this bundle, as a hosted Langflow is, so the flows
uploaded are those of ``flows/standalone/``; the flow's OpenAI and Astra DB components talk to the
in-process stand-ins on 127.0.0.1, so every component runs unchanged. The browser may reach the server
only: everything else (fonts, GitHub, Discord, which the UI calls on load) is aborted.

The Playground runs the *stored* flow (it posts the flow it loaded to ``/api/v2/workflows``), so
the flow is uploaded the way a user would have set it up, endpoints and keys filled in:

* ``database_name`` is set as well as ``api_endpoint``. The shipped flow loads both from the
  global variable ``ASTRA_DB_API_ENDPOINT``; ``/api/v1/run`` falls back to the environment (and
  then ``None``) for a missing variable, but the Playground's run path does not and fails with
  "ASTRA_DB_API_ENDPOINT variable not found". ``api_endpoint`` wins when both are set.
* ``"stream": True`` (an all-nodes tweak): ``process_tweaks`` injects ``stream=False`` into every
  node unless told otherwise, and with it the Playground shows the answer in one piece.
* the flow's ``id`` is dropped, so the server gives the upload a fresh one (it refuses UUID5 ids,
  which the generated flows once had, and a shared server may already hold the shipped id).

The Astra DB Agent with Citations flow is asked once too: its model (the OpenAI stand-in) calls
the Citing Retriever twice, then cites a chunk from each call and a number it never saw.

One question is asked twice. Over the API first (a separate session), with a reply citing every
number, to learn how the sources are numbered and which one carries a URL; then in the Playground,
with a paced reply citing Source 1 and that linked source plus an invalid ``[Source 9]``.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.support.flows import AGENT, RAG, load, standalone, standin_tweaks, without_note
from tests.support.langflow_server import LangflowClient, LangflowServer
from tests.support.standins.data_api_server import DEFAULT_CORPUS, DataAPIStandin
from tests.support.standins.openai_server import OpenAIStandin, Reply

pytestmark = pytest.mark.e2e

# Retrieves water.pdf pages 3, 1, 2 and the Astra DB page (the one source with a URL), in that order.
QUESTION = "What is water, what is the water cycle, and what is a collection?"
CHUNK_DELAY = 0.5
CARD_TITLE = re.compile(r"^Source (\d+) \u00b7 ")
MARKER = re.compile(r"\[Source (\d+)\]")
PARTIAL_MARKER = re.compile(r"\[(?:S|So|Sou|Sour|Sourc|Source|Source )?$|\[Sou(?!rce \d+\])")
(LINKED_DOCUMENT,) = [doc for doc in DEFAULT_CORPUS if doc.metadata.get("url")]

# For each card snippet: whether its warning (the text before " — ") lies whole inside the two lines
# the card shows (null when there is none), the warning, and the snippet.
WARNING_SHOWN = """els => els.map(p => {
    const full = p.textContent;
    if (!full.startsWith("\u26a0")) return [null, null, full, null];
    const end = full.indexOf(" \u2014 ");
    const range = document.createRange();
    range.setStart(p.firstChild, 0);
    range.setEnd(p.firstChild, end);
    const box = p.getBoundingClientRect();
    const inside = [...range.getClientRects()].every(r => r.bottom <= box.bottom + 1 && r.right <= box.right + 1);
    // The same test on the snippet's last character: the card does cut what does not fit.
    const tail = document.createRange();
    tail.setStart(p.firstChild, full.length - 1);
    tail.setEnd(p.firstChild, full.length);
    const cut = [...tail.getClientRects()].some(r => r.bottom > box.bottom + 1);
    return [inside, full.slice(0, end), full, cut];
})"""

# Records the newest AI message's text on every DOM change, and whether the run had finished.
RECORD_STREAM = """() => {
    window.__samples = [];
    const record = () => {
        const answers = document.querySelectorAll("[data-testid^='chat-message-AI-']");
        const last = answers[answers.length - 1];
        window.__samples.push({
            t: performance.now() / 1000,
            text: last ? last.innerText : null,
            finished: document.body.innerText.includes("Finished in"),
        });
    };
    window.__recorder = new MutationObserver(record);
    window.__recorder.observe(document.body, {subtree: true, childList: true, characterData: true});
}"""


@pytest.fixture(scope="module")
def ui_server(browser: Any, langflow_server: LangflowServer) -> LangflowServer:
    """Langflow with its web UI (the shared server); asks for ``browser`` first, so a missing
    Chromium skips before a boot."""
    return langflow_server


@pytest.fixture(scope="module")
def client(ui_server: LangflowServer) -> Iterator[LangflowClient]:
    with ui_server.client() as logged_in:
        yield logged_in


def playground_flow(openai: OpenAIStandin, data_api: DataAPIStandin) -> dict[str, Any]:
    """The RAG flow with the stand-ins' endpoints saved in it and streaming on (see the module doc)."""
    flow = load(standalone(RAG), {**standin_tweaks(openai.base_url, data_api.url), "stream": True})
    flow.pop("id", None)
    return flow


def cards(message: dict[str, Any]) -> list[dict[str, Any]]:
    """The leaves of the message's "Sources" group, as the v1 API projects them."""
    (group,) = [b for b in message.get("content_blocks") or [] if b.get("title") == "Sources"]
    return group["contents"]


def card_number(title: str) -> int:
    match = CARD_TITLE.match(title)
    assert match, title
    return int(match.group(1))


@contextmanager
def server_log_on_failure(server: LangflowServer) -> Iterator[None]:
    try:
        yield
    except Exception as exc:
        msg = f"{type(exc).__name__}: {exc}\n\n{server.log_tail(80)}"
        raise AssertionError(msg) from exc


def test_playground_shows_cited_answer_and_source_cards(
    browser: Any,
    ui_server: LangflowServer,
    client: LangflowClient,
    openai: OpenAIStandin,
    data_api: DataAPIStandin,
    screenshot_dir: Path,
) -> None:
    base = ui_server.base_url
    flow_id = client.upload_flow(playground_flow(openai, data_api))

    # 1. Over the API: how does this question number the sources, and which one has a URL?
    openai.script(Reply(chunks=(" ".join(f"[Source {n}]" for n in range(1, len(DEFAULT_CORPUS) + 1)),)))
    probe_session = str(uuid.uuid4())
    probe = client.run(flow_id, QUESTION, session_id=probe_session)
    assert probe.error is None, probe.error
    (probe_message,) = probe.messages
    presented = {card_number(card["title"]): card for card in cards(probe_message)}
    linked = [number for number, card in presented.items() if card.get("url")]
    assert len(linked) == 1, presented
    (cited_link,) = linked
    assert cited_link != 1, presented
    assert presented[cited_link]["url"] == LINKED_DOCUMENT.metadata["url"]
    assert not presented[1].get("url")
    (boiling,) = [n for n, card in presented.items() if card["cited_text"].startswith("Water boils at 100")]
    # Keep the Playground's session list to its default session (the probe's would show up there).
    client.http.delete(f"/api/v1/monitor/messages/session/{probe_session}").raise_for_status()

    # 2. The same question in the Playground, with a paced answer: a claim that changes the number its
    # source gives, one its source does not hold (the water-cycle page), one its source says, one invalid.
    answer_chunks = (
        "Water boils at 90 degrees Celsius at sea level [Sou",
        f"rce {boiling}]. Water is essential for life [Source 1]. Collections store JSON documents "
        f"[Source {cited_link}",
        "]. Bad [Source 9].",
    )
    expected_text = (
        f"Water boils at 90 degrees Celsius at sea level [Source {boiling}]. Water is essential for life "
        f"[Source 1]. Collections store JSON documents [Source {cited_link}]. Bad."
    )
    openai.script(Reply(chunks=answer_chunks, chunk_delay=CHUNK_DELAY))

    context = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme="light")
    page_errors: list[str] = []

    def only_the_server(route: Any) -> None:
        if route.request.url.startswith(base + "/") or route.request.url == base:
            route.continue_()
        else:
            route.abort()

    context.route("**/*", only_the_server)
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    try:
        with server_log_on_failure(ui_server):
            page.goto(f"{base}/flow/{flow_id}")
            page.get_by_test_id("playground-btn-flow-io").click()
            box = page.get_by_test_id("input-chat-playground")
            box.wait_for()
            assert page.get_by_text("Finished in").count() == 0  # a fresh session: nothing answered yet
            page.evaluate(RECORD_STREAM)
            box.fill(QUESTION)
            with page.expect_response(
                lambda r: r.url.endswith("/api/v2/workflows") and r.request.method == "POST"
            ) as sent:
                box.press("Enter")
            assert sent.value.ok, sent.value.status
            page.get_by_text("Finished in").first.wait_for()
            samples = page.evaluate("() => { window.__recorder.disconnect(); return window.__samples; }")

            answers = page.locator("[data-testid^='chat-message-AI-']")
            assert answers.count() == 1
            text = answers.last.inner_text().strip()
            marker_links = answers.last.locator("a").count()  # "Link Markers" is off in the flow
            title_locator = page.locator("p", has_text=CARD_TITLE)
            titles = title_locator.all_inner_texts()
            links = page.locator("a[href]").filter(has=page.locator("p", has_text=CARD_TITLE))
            hrefs = {
                card_number(link.locator("p", has_text=CARD_TITLE).inner_text()): link.get_attribute("href")
                for link in links.all()
            }
            targets = links.evaluate_all("els => els.map(a => [a.target, a.rel])")
            # Each card's snippet (two lines at most), and whether its warning shows whole in them.
            snippets = page.locator("p.line-clamp-2.italic").evaluate_all(WARNING_SHOWN)
            # The group's title labels the row of cards ("Sources"; "Source" for a single card).
            sources_label = page.locator(
                "xpath=//div[normalize-space()='Sources']"
                "[following-sibling::div[.//p[starts-with(., 'Source ')]]]"
            ).count()

            # Opening the flow makes the canvas refresh the Astra DB node, whose real-time fields only
            # accept *.apps.astra.datastax.com endpoints: error toasts, nothing else. Dismiss them.
            toasts = page.locator("[role=alert]").all_inner_texts()
            page.wait_for_function(
                "() => { document.querySelectorAll('[role=alert] button').forEach(b => b.click());"
                " return !document.querySelector('[role=alert]'); }",
                polling=200,
                timeout=15_000,
            )
            title_locator.first.scroll_into_view_if_needed()
            page.screenshot(path=str(screenshot_dir / "playground.png"), full_page=True)
    finally:
        context.close()

    # The answer: the valid markers as typed, the invalid one gone, never a half marker.
    assert text == expected_text
    assert "Source 9" not in text
    assert marker_links == 0
    cited = [int(n) for n in dict.fromkeys(MARKER.findall(text))]
    assert cited == [boiling, 1, cited_link]

    # Streaming: before "Finished in" the bubble showed a partial answer that then grew. (Mid-stream
    # the Playground shows the first chunk twice, see tests/browser/README.md, so lengths are not
    # compared with the final text.)
    streamed = [s for s in samples if not s["finished"] and s["text"]]
    texts = list(dict.fromkeys(s["text"] for s in streamed))
    assert len(texts) >= 2, samples
    first = texts[0]
    assert first.startswith("Water boils at 90") and "[Source" not in first, texts
    assert any(f"[Source {cited_link}]" in t for t in texts[1:]), texts
    assert streamed[-1]["t"] - streamed[0]["t"] >= CHUNK_DELAY, streamed
    for sample in texts:
        assert "Source 9" not in sample, texts
        assert not PARTIAL_MARKER.search(sample), texts

    # The cards: one per cited source, in citation order, titled as the API numbered them.
    assert [card_number(t) for t in titles] == cited
    # The same sources as the API numbered them, titled by name only; the support check's warning opens
    # the snippet of a card whose source says otherwise (100, not 90 degrees) or does not say its claim
    # ("Water is essential for life" is not in the water-cycle page), and shows whole in the card.
    assert titles == [presented[n]["title"] for n in cited]
    assert [(shown, warning) for shown, warning, _, _ in snippets] == [
        (True, "\u26a0 the source says \u00ab100\u00bb, not \u00ab90\u00bb"),
        (True, "\u26a0 claim not found in this source"),
        (None, None),
    ]
    assert snippets[2][2].startswith("Astra DB collections store JSON documents")
    assert snippets[0][3], "the snippet runs past two lines: the check above can see a cut"
    assert sources_label == 1
    # Only the source with a URL is a link, to that URL, opening a new tab.
    assert hrefs == {cited_link: LINKED_DOCUMENT.metadata["url"]}
    assert targets == [["_blank", "noopener noreferrer"]]

    # What the Playground stored for its session is what it showed.
    stored = [m for m in client.messages(flow_id=flow_id, session_id=flow_id) if m["sender"] == "Machine"]
    assert [m["text"] for m in stored] == [text]
    assert [c["title"] for c in cards(stored[0])] == titles
    assert [c.get("url") for c in cards(stored[0])] == [presented[n].get("url") for n in cited]

    assert page_errors == []
    assert all("Cannot parse the supplied API endpoint" in toast for toast in toasts), toasts
    assert (screenshot_dir / "playground.png").stat().st_size > 20_000


# --------------------------------------------------------------------------- a citation the checker added


def test_playground_shows_a_citation_the_checker_added(
    browser: Any,
    ui_server: LangflowServer,
    client: LangflowClient,
    openai: OpenAIStandin,
    data_api: DataAPIStandin,
    screenshot_dir: Path,
) -> None:
    base = ui_server.base_url
    flow = load(
        standalone(RAG),
        {
            **standin_tweaks(openai.base_url, data_api.url),
            "Citation Post-Processor": {"cite_missing": "insert"},
            "stream": True,
        },
    )
    flow.pop("id", None)
    flow_id = client.upload_flow(flow)

    # Over the API first: which number does each retrieved chunk get?
    openai.script(Reply(chunks=(" ".join(f"[Source {n}]" for n in range(1, len(DEFAULT_CORPUS) + 1)),)))
    probe_session = str(uuid.uuid4())
    probe = client.run(flow_id, QUESTION, session_id=probe_session)
    assert probe.error is None, probe.error
    (probe_message,) = probe.messages
    presented = {card_number(card["title"]): without_note(card["title"]) for card in cards(probe_message)}
    molecule = next(n for n, title in presented.items() if title.endswith("water.pdf \u2014 page 1"))
    (collections,) = [n for n, card in presented.items() if "astra-db-collections" in card]
    client.http.delete(f"/api/v1/monitor/messages/session/{probe_session}").raise_for_status()

    # The answer cites its first claim and forgets the second, which one chunk states word for word.
    cited = "Water is a molecule made of two hydrogen atoms and one oxygen atom"
    uncited = "Astra DB collections store JSON documents with an optional vector field"
    answer = f"{cited} [Source {molecule}]. {uncited}."
    openai.script(Reply(chunks=tuple(answer[i : i + 12] for i in range(0, len(answer), 12)), chunk_delay=0.1))

    context = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme="light")

    def only_the_server(route: Any) -> None:
        if route.request.url.startswith(base + "/") or route.request.url == base:
            route.continue_()
        else:
            route.abort()

    context.route("**/*", only_the_server)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        with server_log_on_failure(ui_server):
            page.goto(f"{base}/flow/{flow_id}")
            page.get_by_test_id("playground-btn-flow-io").click()
            box = page.get_by_test_id("input-chat-playground")
            box.wait_for()
            box.fill(QUESTION)
            box.press("Enter")
            page.get_by_text("Finished in").first.wait_for()
            text = page.locator("[data-testid^='chat-message-AI-']").last.inner_text().strip()
            title_locator = page.locator("p", has_text=CARD_TITLE)
            title_locator.first.wait_for()
            titles = title_locator.all_inner_texts()
            # The note opens the card's text: at 1280 px it is shown in full, not cut off with the
            # rest of the text (the box shows its first lines only).
            note = page.get_by_text(ADDED_NOTE_TEXT).first
            note.wait_for()
            shown = note.evaluate(
                """el => { const t = el.firstChild, r = document.createRange();
                    r.setStart(t, 0); r.setEnd(t, t.textContent.indexOf(' \u2014 '));
                    const box = el.getBoundingClientRect(), end = r.getBoundingClientRect();
                    return end.bottom <= box.bottom + 1 && end.right <= box.right + 1; }"""
            )
            page.wait_for_function(
                "() => { document.querySelectorAll('[role=alert] button').forEach(b => b.click());"
                " return !document.querySelector('[role=alert]'); }",
                polling=200,
                timeout=15_000,
            )
            title_locator.first.scroll_into_view_if_needed()
            page.screenshot(path=str(screenshot_dir / "playground-inserted.png"), full_page=True)
    finally:
        context.close()

    assert text == f"{cited} [Source {molecule}]. {uncited} [Source {collections}]."
    assert titles == [presented[molecule], presented[collections]]
    assert shown, "the note is cut off"
    stored = [m for m in client.messages(flow_id=flow_id, session_id=flow_id) if m["sender"] == "Machine"]
    assert [m["text"] for m in stored][-1] == text


ADDED_NOTE_TEXT = "+ added: the answer did not cite it \u2014 Astra DB collections store JSON documents"


def search(query: str) -> Reply:
    return Reply(tool_calls=({"name": "search_sources", "arguments": {"query": query}},))


# --------------------------------------------------------------------------- an agent answer


def test_playground_shows_agent_answer_with_source_cards(
    browser: Any,
    ui_server: LangflowServer,
    client: LangflowClient,
    openai: OpenAIStandin,
    data_api: DataAPIStandin,
    screenshot_dir: Path,
) -> None:
    base = ui_server.base_url
    tweaks = standin_tweaks(openai.base_url, data_api.url)
    tweaks["Astra DB"]["number_of_results"] = 1
    flow = load(standalone(AGENT), tweaks)
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
        page.screenshot(path=str(screenshot_dir / "playground-agent.png"), full_page=True)
    except Exception as exc:
        raise AssertionError(f"{type(exc).__name__}: {exc}\n\n{ui_server.log_tail(80)}") from exc
    finally:
        context.close()

    assert "Plants turn sunlight into sugar [Source 1], and water evaporates [Source 2]." in text
    assert "Source 7" not in text
    assert [without_note(t) for t in titles] == [
        "Source 1 \u00b7 photosynthesis.md \u2014 page 1",
        "Source 2 \u00b7 water.pdf \u2014 page 3",
    ]
