"""The docs-chat example page in headless Chromium, against a scripted fake Langflow.

The page talks to the real proxy (examples/docs-chat/server.py), which talks to the fake
(fake_langflow.py) exactly as it would to ``/api/v1/run/{flow}?stream=true``. Answers are
made the way the post-processor makes them: raw model text goes through the real
``CitationFilter``, so the page only ever sees what a real flow would stream.
Every test also fails if the page opens a dialog, throws, or requests another origin.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from lfx.schema.legacy_render import legacy_content_blocks

from lfx_citations.components.citations.citation_post_processor import (
    CitationPostProcessorComponent,
    build_content_blocks,
)
from lfx_citations.core.engine import CitationFilter, FilterResult
from lfx_citations.core.payload import build_payload
from tests.support.docs_chat import DocsChat, ManualClock, load_docs_chat_server, serve
from tests.support.fake_langflow import API_KEY, FLOW_ID, FakeLangflow, answer_script, message, sources_group

WATER = {
    "id": 1,
    "label": "Source 1",
    "document": "water.pdf",
    "title": "Water basics",
    "page": 3,
    "url": "https://docs.example.com/water.pdf#page=3",
    "chunk_id": "w-3",
    "score": 0.91,
    "metadata": {},
    "text": "Pure water boils at 100 °C at sea level.",
}
ICE = {
    "id": 2,
    "label": "Source 2",
    "document": "ice.md",
    "title": "",
    "page": None,
    "url": "https://docs.example.com/ice",
    "chunk_id": "i-1",
    "score": 0.84,
    "metadata": {},
    "text": "Water freezes at 0 °C.",
}
STEAM = {
    "id": 3,
    "label": "Source 3",
    "document": "steam.txt",
    "title": "Steam tables",
    "page": 12,
    "url": None,
    "chunk_id": "s-12",
    "score": 0.7,
    "metadata": {},
    "text": "Steam tables list enthalpy by pressure.",
}
RECORDS = {r["id"]: r for r in (WATER, ICE, STEAM)}


def post_processed(raw_chunks: list[str], records: dict[int, dict[str, Any]]) -> tuple[list[str], list[dict]]:
    """The chunks the post-processor streams for ``raw_chunks``, and the records it cites, in order."""
    engine = CitationFilter(records)
    chunks = [text for text in (engine.feed(c) for c in raw_chunks) if text]
    if tail := engine.close():
        chunks.append(tail)
    return chunks, [records[i] for i in engine.cited if i in records]


def wait_until(page: Any, predicate: str, arg: Any = None, timeout: float = 10.0) -> None:
    """Poll a JS function until it returns truthy (wait_for_function would eval under the page's CSP)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(predicate, arg):
        assert time.monotonic() < deadline, f"timed out waiting for {predicate}"
        time.sleep(0.02)


def ask(page: Any, question: str) -> None:
    page.fill("#question", question)
    page.keyboard.press("Enter")


def wait_until_answered(page: Any) -> None:
    page.wait_for_selector(".turn:last-child .answer[aria-busy='false']", state="attached")


def answer_text(page: Any) -> str:
    return page.inner_text(".turn:last-child .answer")


def test_answer_streams_before_the_end(page: Any, langflow: FakeLangflow) -> None:
    chunks, cited = post_processed(
        ["Water boils ", "at 100 °C ", "[Source 1]. ", "It freezes ", "at 0 °C [Source 2]."], RECORDS
    )
    hold = threading.Event()
    script = answer_script(chunks, cited, delay=0.15, hold=hold)
    langflow.script = script
    ask(page, "When does water boil?")

    wait_until(page, "() => document.querySelector('.answer')?.innerText.includes('freezes')")
    page.wait_for_selector(".answer a.cite >> nth=1")
    assert "end" not in langflow.sent, "text must show while the stream is still open"
    assert page.get_attribute(".answer", "aria-live") == "polite"
    assert page.get_attribute(".answer", "aria-busy") == "true"
    assert page.query_selector(".sources") is None, "sources arrive with the end event"
    assert page.is_disabled("button[type=submit]")

    hold.set()
    wait_until_answered(page)
    assert langflow.sent[-1] == "end"
    assert (
        answer_text(page) == "Water boils at 100 °C 1. It freezes at 0 °C 2."
    )  # each marker shows its number
    assert page.inner_text("#status") == "Answer ready, 2 sources."
    assert page.is_enabled("button[type=submit]")
    # The question went through the proxy, with the key added there and only there.
    (request,) = langflow.requests
    assert request["headers"]["x-api-key"] == API_KEY
    assert request["body"]["input_value"] == "When does water boil?"
    assert request["body"]["session_id"]


@pytest.mark.parametrize("include_payload", [True, False], ids=["payload", "cards"])
def test_markers_link_to_their_chips(
    page: Any, langflow: FakeLangflow, include_payload: bool, screenshot_dir: Path
) -> None:
    raw = [
        "Water boils at **100 °C** at sea level [Source 1] and freezes at *0 °C* [2].\n\n",
        "Useful facts:\n\n- boiling point [Source 1]\n- steam data [Source 3]\n\n",
        "Look it up with `steam_table(p)`: [Source 1, 2]",
    ]
    chunks, cited = post_processed(raw, RECORDS)
    langflow.script = answer_script(chunks, cited, include_payload=include_payload, delay=0.02)
    ask(page, "What are the phase changes of water?")
    wait_until_answered(page)

    links = page.eval_on_selector_all(
        ".answer a.cite", "els => els.map(a => [a.getAttribute('href'), a.textContent, a.ariaLabel])"
    )
    assert links == [
        ["#t1-source-1", "1", "Source 1: Water basics, page 3"],
        ["#t1-source-2", "2", "Source 2: ice.md"],
        ["#t1-source-1", "1", "Source 1: Water basics, page 3"],
        ["#t1-source-3", "3", "Source 3: Steam tables, page 12"],
        ["#t1-source-1", "1", "Source 1: Water basics, page 3"],
        ["#t1-source-2", "2", "Source 2: ice.md"],
    ]
    assert "[Source" not in answer_text(page)
    assert page.inner_text(".answer strong") == "100 °C"
    assert page.inner_text(".answer code") == "steam_table(p)"
    assert page.eval_on_selector_all(".answer li", "els => els.length") == 2

    chips = page.eval_on_selector_all(
        ".sources li",
        """els => els.map(li => {
            const chip = li.querySelector('.chip');
            const text = [...chip.children].map(c => c.textContent).join(' ');
            return [li.id, chip.tagName, chip.getAttribute('href'), chip.ariaLabel, text];
        })""",
    )
    assert chips == [
        ["t1-source-1", "A", WATER["url"], "Source 1: Water basics, page 3", "1 Water basics p. 3"],
        ["t1-source-2", "A", ICE["url"], "Source 2: ice.md", "2 ice.md"],
        ["t1-source-3", "SPAN", None, "Source 3: Steam tables, page 12 (no link)", "3 Steam tables p. 12"],
    ]
    assert page.get_attribute(".sources", "aria-labelledby") == "t1-sources"
    if include_payload:
        shot = screenshot_dir / "docs-chat.png"
        page.screenshot(path=str(shot), full_page=True)
        assert shot.stat().st_size > 10_000

    # Keyboard: a marker is a real link; Enter on it moves focus to the chip it names.
    page.focus(".answer a.cite >> nth=3")
    page.keyboard.press("Enter")
    wait_until(page, "() => document.activeElement?.closest('li')?.id === 't1-source-3'")
    page.click(".answer a.cite >> nth=1")
    wait_until(page, "url => document.activeElement?.getAttribute('href') === url", ICE["url"])
    assert page.evaluate("location.hash") == "#t1-source-2"


def real_answer_blocks(
    answer: str, *, include_payload: bool, cite_missing: str = "suggest"
) -> tuple[str, list[dict[str, Any]]]:
    """The real post-processor's text and v1-projected Sources group for ``answer`` (support check on)."""
    component = CitationPostProcessorComponent()
    component.set(
        answer=answer,
        sources={"sources": list(RECORDS.values())},
        include_payload=include_payload,
        cite_missing=cite_missing,
    )
    # Playwright's sync API owns this thread's event loop: run the component on a thread of its own.
    with ThreadPoolExecutor(1) as pool:
        message = pool.submit(asyncio.run, component.build_message()).result()
    return message.text, legacy_content_blocks([b.model_dump(mode="json") for b in message.content_blocks])


@pytest.mark.parametrize("include_payload", [True, False], ids=["payload", "cards"])
def test_markers_and_sources_show_whether_the_source_says_it(
    page: Any, langflow: FakeLangflow, include_payload: bool
) -> None:
    # Source 1 says the first claim; source 2 (water freezes at 0 °C) does not say the second.
    answer = "Pure water boils at 100 °C at sea level [Source 1]. Steam tables list enthalpy [Source 2]."
    text, blocks = real_answer_blocks(answer, include_payload=include_payload)
    langflow.script = answer_script([text], content_blocks=blocks, delay=0.02)
    ask(page, "When does water boil?")
    wait_until_answered(page)

    markers = page.eval_on_selector_all(
        ".answer a.cite", "els => els.map(a => [a.textContent, a.dataset.verdict ?? null, a.ariaLabel])"
    )
    assert markers == [
        # A card says only when a source falls short: without the payload, "supported" is not stated.
        ["1", "supported" if include_payload else None, "Source 1: Water basics, page 3"],
        ["2", "unsupported", "Source 2: ice.md (claim not found in this source)"],
    ]
    quotes = page.eval_on_selector_all(
        ".sources li",
        "els => els.map(li => [li.querySelector('.chip').dataset.verdict ?? null, "
        "li.querySelector('.evidence mark')?.textContent ?? null, "
        "li.querySelector('.evidence .note')?.textContent ?? null])",
    )
    assert quotes == [
        ["supported" if include_payload else None, "Pure water boils at 100 °C at sea level.", None],
        ["unsupported", "Water freezes at 0 °C.", "claim not found in this source; closest passage: "],
    ]


@pytest.mark.parametrize("include_payload", [True, False], ids=["payload", "cards"])
def test_a_contradicted_citation_says_what_the_source_says_and_partial_shows_with_the_payload(
    page: Any, langflow: FakeLangflow, include_payload: bool
) -> None:
    # Source 1 says 100 °C, not 90 °C; source 3 says the tables list enthalpy, not that they are printed
    # in colour every year: part of the claim.
    answer = (
        "Pure water boils at 90 °C at sea level [Source 1]. "
        "Steam tables list enthalpy by pressure and are printed in colour every year [Source 3]."
    )
    text, blocks = real_answer_blocks(answer, include_payload=include_payload)
    langflow.script = answer_script([text], content_blocks=blocks, delay=0.02)
    ask(page, "When does water boil?")
    wait_until_answered(page)

    says = "the source says \u00ab100\u00bb"
    markers = page.eval_on_selector_all(
        ".answer a.cite", "els => els.map(a => [a.dataset.verdict ?? null, a.ariaLabel])"
    )
    quotes = page.eval_on_selector_all(
        ".sources li",
        "els => els.map(li => [li.querySelector('.chip').dataset.verdict ?? null, "
        "li.querySelector('.evidence mark')?.textContent ?? null, "
        "li.querySelector('.evidence .note')?.textContent ?? null])",
    )
    if include_payload:
        # The payload's note in full; partial is shown, as the Playground's cards no longer do.
        note = "the source says \u00ab100\u00bb where the answer says \u00ab90\u00bb"
        assert markers == [
            ["contradicted", f"Source 1: Water basics, page 3 ({note})"],
            ["partial", "Source 3: Steam tables, page 12 (claim only partly in this source)"],
        ]
        assert quotes == [
            ["contradicted", "Pure water boils at 100 °C at sea level.", f"{note}; the passage: "],
            [
                "partial",
                "Steam tables list enthalpy by pressure.",
                "claim only partly in this source; closest passage: ",
            ],
        ]
    else:
        # The card's short warning; a card does not say partial.
        note = f"{says}, not \u00ab90\u00bb"
        assert markers == [
            ["contradicted", f"Source 1: Water basics, page 3 ({note})"],
            [None, "Source 3: Steam tables, page 12"],
        ]
        assert quotes == [
            ["contradicted", "Pure water boils at 100 °C at sea level.", f"{note}; the passage: "],
            [None, "Steam tables list enthalpy by pressure.", None],
        ]


@pytest.mark.parametrize("include_payload", [True, False], ids=["payload", "cards"])
def test_markers_the_checker_added_look_different_from_the_answers_own(
    page: Any, langflow: FakeLangflow, include_payload: bool
) -> None:
    # The answer cites source 1 for its first claim; it leaves the second (source 2's) uncited, and
    # cites source 1 for the third only by a number never presented: the checker adds 2 and 1.
    answer = "Pure water boils at 100 °C at sea level [Source 1]. Water freezes at 0 °C. Pure water boils at 100 °C [7]."
    text, blocks = real_answer_blocks(answer, include_payload=include_payload, cite_missing="insert")
    assert text == (
        "Pure water boils at 100 °C at sea level [Source 1]. Water freezes at 0 °C [Source 2]. "
        "Pure water boils at 100 °C [Source 1]."
    )
    langflow.script = answer_script([text], content_blocks=blocks, delay=0.02)
    ask(page, "When does water boil and freeze?")
    wait_until_answered(page)

    markers = page.eval_on_selector_all(
        ".answer a.cite", "els => els.map(a => [a.textContent, a.dataset.added ?? null, a.ariaLabel])"
    )
    added = "(added by the checker: the answer did not cite it)"
    assert markers == [
        ["1", None, "Source 1: Water basics, page 3"],
        ["2", "true", f"Source 2: ice.md {added}"],
        # Source 1 is also the answer's own: without the payload, which of its markers is added is
        # not known, so none is marked (its chip says the checker added some).
        [
            "1",
            "true" if include_payload else None,
            f"Source 1: Water basics, page 3 {added}"
            if include_payload
            else "Source 1: Water basics, page 3",
        ],
    ]
    assert answer_text(page).replace("\u2063", "") == answer_text(page)  # the sentinel never shows
    chips = page.eval_on_selector_all(
        ".sources li",
        "els => els.map(li => [li.querySelector('.chip').dataset.added ?? null, "
        "li.querySelector('.evidence .added')?.textContent ?? null, "
        "li.querySelector('.evidence mark')?.textContent ?? null])",
    )
    assert chips == [
        [
            "some",
            "also cited by the checker where the answer did not; where the source says it: ",
            "Pure water boils at 100 °C at sea level.",
        ],
        [
            "all",
            "added by the checker: the answer did not cite it; where the source says it: ",
            "Water freezes at 0 °C.",
        ],
    ]


def test_an_inserted_marker_is_found_by_code_points(page: Any) -> None:
    # Python counts code points, JavaScript UTF-16 units: an emoji before the claim shifts them apart.
    text = "\U0001f30a Water freezes at 0 °C [Source 2]. Done [Source 2]."
    inserted = [{"id": 2, "claim_end": len("\U0001f30a Water freezes at 0 °C")}]
    marked = page.evaluate("([t, i]) => DocsChat.markInserted(t, i)", [text, inserted])
    assert marked == text.replace("[Source 2].", "[Source 2\u2063].", 1)
    # A forged entry pointing anywhere else marks nothing.
    assert (
        page.evaluate("([t, i]) => DocsChat.markInserted(t, i)", [text, [{"id": 2, "claim_end": 3}]]) == text
    )


def test_invalid_markers_never_appear(page: Any, langflow: FakeLangflow) -> None:
    raw = ["Rain is fresh water [Source 9] ", "[Source 1]. Snow [0][Source 2] melts ", "【4:0†source】[7]."]
    chunks, cited = post_processed(raw, {1: WATER, 2: ICE})
    assert [r["id"] for r in cited] == [1, 2]
    langflow.script = answer_script(chunks, cited, delay=0.02)
    ask(page, "Is rain fresh water?")
    wait_until_answered(page)

    text = answer_text(page)
    for bogus in ("9", "[0]", "[7]", "†", "Source"):
        assert bogus not in text
    assert page.eval_on_selector_all(".answer a.cite", "els => els.map(a => a.textContent)") == ["1", "2"]
    assert page.eval_on_selector_all(".sources li", "els => els.map(li => li.id)") == [
        "t1-source-1",
        "t1-source-2",
    ]


@pytest.mark.parametrize("include_payload", [True, False], ids=["payload", "cards"])
def test_hostile_sources_and_answer_render_as_text(
    page: Any, langflow: FakeLangflow, include_payload: bool
) -> None:
    evil_title = "<img src=x onerror=alert(1)>"
    records = [
        {**WATER, "title": evil_title, "url": "javascript:alert(1)//https://docs.example.com"},
        {
            **ICE,
            "id": 2,
            "document": "<script>alert(2)</script>",
            "url": "https://evil.example\u202e/gpj.exe",
        },
        {**STEAM, "title": '" onmouseover="alert(3)', "url": "data:text/html,<script>alert(4)</script>"},
    ]
    chunks = [
        "<b>bold?</b> <img src=x onerror=alert(5)> [Source 1] ",
        "[click me](javascript:alert(6)) [mail](mailto:a@b.c) [ok](https://docs.example.com/ok) ",
        "![pic](https://docs.example.com/pic.png) [Source 2][Source 3]",
    ]
    langflow.script = answer_script(chunks, records, include_payload=include_payload, delay=0.02)
    ask(page, "<i>hi</i>")
    wait_until_answered(page)

    thread = "#thread"
    assert (
        page.eval_on_selector_all(f"{thread} img, {thread} script, {thread} b, {thread} i", "e => e.length")
        == 0
    )
    hrefs = page.eval_on_selector_all(f"{thread} a[href]", "els => els.map(a => a.getAttribute('href'))")
    assert hrefs == [
        "#t1-source-1",
        "https://docs.example.com/ok",
        "https://docs.example.com/pic.png",
        "#t1-source-2",
        "#t1-source-3",
    ]
    text = answer_text(page)
    assert "<b>bold?</b> <img src=x onerror=alert(5)>" in text
    assert "click me mail ok" in text
    assert page.text_content(".question") == "Question: <i>hi</i>"

    chips = page.eval_on_selector_all(
        ".sources .chip", "els => els.map(c => [c.tagName, c.querySelector('.title').textContent])"
    )
    assert chips == [
        ["SPAN", evil_title],
        ["SPAN", "<script>alert(2)</script>"],
        ["SPAN", '" onmouseover="alert(3)'],
    ]
    assert page.get_attribute(".answer a.cite >> nth=0", "aria-label") == f"Source 1: {evil_title}, page 3"
    page.hover(".sources li:nth-child(3) .chip")  # an attribute break-out would fire here


def test_answer_without_evidence_has_no_sources_row(page: Any, langflow: FakeLangflow) -> None:
    chunks, cited = post_processed(["I could not find this ", "in the documentation [Source 4]."], {1: WATER})
    assert cited == []
    langflow.script = answer_script(chunks, cited, delay=0.02)
    ask(page, "Who wrote the docs?")
    wait_until_answered(page)

    assert answer_text(page) == "I could not find this in the documentation."
    assert page.query_selector(".sources") is None
    assert page.query_selector(".answer a.cite") is None
    assert page.inner_text("#status") == "Answer ready, 0 sources."


def test_an_error_event_shows_a_request_id_and_none_of_langflows_text(
    page: Any, langflow: FakeLangflow
) -> None:
    langflow.script = [
        0.05,
        {"event": "error", "data": {"error": "Flow failed: <img src=x onerror=alert(1)> at /srv/flows"}},
    ]
    ask(page, "Anything?")
    wait_until_answered(page)
    alert = page.inner_text("[role=alert]")
    assert re.fullmatch(
        r"Error: The answer service failed \(request [0-9a-f]{16}\)\. Please try again later\.", alert
    ), alert
    assert "Flow failed" not in page.content() and "/srv/flows" not in page.content()
    assert page.inner_text("#status") == "The answer failed."


def test_a_cut_off_stream_keeps_the_text_and_says_so(page: Any, langflow: FakeLangflow) -> None:
    script = answer_script(["Water boils ", "at 100 °C [Source 1]."], [WATER], delay=0.02)
    langflow.script = script[:-2]  # the connection closes before the final message and `end`
    ask(page, "Boiling point?")
    wait_until_answered(page)
    assert answer_text(page) == "Water boils at 100 °C [Source 1]."  # no chip to link to: plain text
    assert page.query_selector(".answer a.cite") is None
    assert page.inner_text("[role=alert]") == "Error: the answer stream ended early"


def test_follow_up_questions_keep_separate_anchors(page: Any, langflow: FakeLangflow) -> None:
    for question in ("First?", "Second?"):
        langflow.script = answer_script(["Boils at 100 °C [Source 1]."], [WATER], delay=0.01)
        ask(page, question)
        page.wait_for_selector(
            f".turn:nth-child({1 if question == 'First?' else 2}) .answer[aria-busy='false']"
        )
    hrefs = page.eval_on_selector_all(".answer a.cite", "els => els.map(a => a.getAttribute('href'))")
    assert hrefs == ["#t1-source-1", "#t2-source-1"]
    sessions = {request["body"]["session_id"] for request in langflow.requests}
    assert len(sessions) == 1, "one page keeps one Langflow session"


def test_new_conversation_gets_a_fresh_session_from_the_server(page: Any, langflow: FakeLangflow) -> None:
    langflow.script = answer_script(["Boils at 100 °C [Source 1]."], [WATER], delay=0.01)
    ask(page, "First?")
    wait_until_answered(page)
    (cookie,) = [c for c in page.context.cookies() if c["name"] == "docs_chat_session"]
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict" and cookie["path"] == "/api/"
    assert page.evaluate("document.cookie") == "", "the page's script cannot read the session"

    with page.expect_response(lambda r: r.url.endswith("/api/session")) as started:
        page.click("#new-conversation")
    assert started.value.status == 204
    page.wait_for_function(
        "() => document.getElementById('status').textContent === 'New conversation started.'"
    )
    assert page.query_selector(".turn") is None
    (fresh,) = [c for c in page.context.cookies() if c["name"] == "docs_chat_session"]
    assert fresh["value"] != cookie["value"]

    langflow.script = answer_script(["Boils at 100 °C [Source 1]."], [WATER], delay=0.01)
    ask(page, "Second?")
    wait_until_answered(page)
    first, second = (request["body"]["session_id"] for request in langflow.requests)
    assert first == cookie["value"].partition(".")[0]
    assert second == fresh["value"].partition(".")[0]
    assert all(
        "session_id" not in json.dumps(request["body"]["input_value"]) for request in langflow.requests
    )


def test_markdown_renderer(page: Any) -> None:
    html = page.evaluate(
        """src => {
            const box = document.createElement('div');
            box.append(DocsChat.renderMarkdown(src, {prefix: 'x', chips: new Map(), final: false}));
            return box.innerHTML;
        }""",
        "# Title\n\nA *b* __c__ `[Source 1]` snake_case_name.\nsame paragraph [Source 2](https://x.example/y)\n\n"
        "```py\nprint('<hi>') # [Source 1]\n```\n1. one\n2. two **2**\n\n- a [l](HTTPS://Example.com/a?b=1&c=2)\n"
        "- [bad](javascript:x) [ftp](ftp://x)\n\n```\nunclosed <fence>",
    )
    assert html == (
        "<h3>Title</h3>"
        "<p>A <em>b</em> <strong>c</strong> <code>[Source 1]</code> snake_case_name.\nsame paragraph "
        '<sup><a href="#x-source-2" class="cite" aria-label="Source 2">2</a></sup></p>'
        "<pre><code data-lang=\"py\">print('&lt;hi&gt;') # [Source 1]</code></pre>"
        "<ol><li>one</li><li>two <strong>2</strong></li></ol>"
        '<ul><li>a <a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow" target="_blank" '
        'aria-describedby="new-tab-hint">l</a></li><li>bad ftp</li></ul>'
        "<pre><code>unclosed &lt;fence&gt;</code></pre>"
    )


def test_sources_prefer_the_payload_and_fall_back_to_cards(page: Any) -> None:
    (group,) = sources_group("[Source 1]", [WATER], include_payload=True)
    card, payload = group["contents"]
    bare_card = {k: v for k, v in card.items() if k != "type"}  # v1 leaves may arrive without `type`
    cases = {
        "payload": [{**group, "contents": [{**card, "title": "Source 1 · Card title"}, payload]}],
        "cards": [{**group, "contents": [card]}],
        "untyped": [{**group, "contents": [bare_card]}],
        "other group": [{**group, "title": "Agent Steps"}],
    }
    chips = page.evaluate(
        "cases => Object.fromEntries(Object.entries(cases).map(([k, blocks]) => "
        "[k, DocsChat.sourcesOf({content_blocks: blocks}).map(c => [c.n, c.title, c.page, c.url])]))",
        cases,
    )
    expected = [[1, "Water basics", 3, WATER["url"]]]
    assert chips == {"payload": expected, "cards": expected, "untyped": expected, "other group": []}
    data_only = page.evaluate(
        "p => DocsChat.sourcesOf({content_blocks: [], data: {citations: p}})", payload["data"]
    )
    assert [c["n"] for c in data_only] == [1]


def test_fake_cards_match_the_post_processor() -> None:
    """The fake's v1 content blocks are what the real post-processor + v1 projection produce."""
    engine = CitationFilter(RECORDS)
    text = engine.feed("Boils [Source 3] and freezes [Source 9] [1].") + engine.close()
    result = FilterResult(text, engine.cited, engine.removed, engine.reported, engine.first_spans)
    payload = build_payload(result, list(RECORDS.values()), scope="cited")
    for include_payload in (True, False):
        blocks = build_content_blocks(text, payload, engine.first_spans, include_payload=include_payload)
        real = legacy_content_blocks([block.model_dump(mode="json") for block in blocks])
        fake = sources_group(
            text, payload["sources"], include_payload=include_payload, removed=payload["removed"]
        )
        assert fake == real


def test_proxy_validates_and_keeps_the_key(docs_chat_url: str, langflow: FakeLangflow) -> None:
    visitor = DocsChat(int(docs_chat_url.rsplit(":", 1)[1]))
    assert visitor.post("/api/ask", b'{"question": "  "}').status == 400
    assert visitor.post("/api/ask", b'{"question": "\\u0000\\u0007\\n"}').status == 400  # nothing left
    assert visitor.post("/api/ask", b"not json").status == 400
    assert visitor.post("/api/ask", json.dumps({"question": "x" * 5000}).encode()).status == 400
    assert visitor.post("/api/ask", b'{"question": "Boils?"}', "text/plain").status == 415
    assert langflow.requests == []
    assert visitor.cookie is None, "no session is handed out for a refused question"

    langflow.script = answer_script(["Boils [Source 1]."], [WATER], delay=0.0, session_id="upstream-id")
    reply = visitor.ask("Boils?", session_id="abc")
    assert reply.status == 200
    assert reply.headers["Content-Type"].startswith("application/x-ndjson")
    assert [e["event"] for e in reply.events] == ["add_message", "add_message", "token", "add_message", "end"]
    assert API_KEY.encode() not in reply.body
    # The session is the server's: a random id in a signed HttpOnly cookie, never the body's "abc".
    set_cookie = reply.headers["Set-Cookie"]
    assert set_cookie.startswith("docs_chat_session=")
    attributes = {p.strip() for p in set_cookie.split(";")}
    assert {"HttpOnly", "SameSite=Strict", "Path=/api/", "Max-Age=604800"} <= attributes  # 7 days
    assert visitor.session_id is not None and len(visitor.session_id) == 32
    assert langflow.requests[0]["body"] == {
        "input_value": "Boils?",
        "input_type": "chat",
        "output_type": "chat",
        "session_id": visitor.session_id,
    }
    # Session ids stay out of what the page receives (the cookie is the only copy it holds).
    assert b"session_id" not in reply.body and b"upstream-id" not in reply.body

    langflow.requests.clear()
    page_html = urllib.request.urlopen(docs_chat_url, timeout=10)
    assert "script-src 'self'" in page_html.headers["Content-Security-Policy"]
    assert page_html.headers["Set-Cookie"] is None
    assert API_KEY.encode() not in page_html.read()


def test_proxy_keeps_a_session_and_refuses_forged_cookies(docs_chat_url: str, langflow: FakeLangflow) -> None:
    port = int(docs_chat_url.rsplit(":", 1)[1])
    visitor = DocsChat(port)
    for question in ("One?", "Two?"):
        langflow.script = answer_script(["Boils [Source 1]."], [WATER], delay=0.0)
        assert visitor.ask(question).status == 200
    first = visitor.session_id
    assert [r["body"]["session_id"] for r in langflow.requests] == [first, first]

    # Tampered signature, another id or a later issue time with this signature, no signature: each
    # gets a fresh session.
    _, issued, signature = visitor.cookie.split(".")
    tampered = signature[:-1] + ("B" if signature.endswith("A") else "A")  # always a different signature
    forgeries = [
        f"{first}.{issued}.{tampered}",
        f"{'A' * 32}.{issued}.{signature}",
        f"{first}.{int(issued) + 3600}.{signature}",
        first,
        f"{first}.",
        "x" * 300,
    ]
    for forged in forgeries:
        intruder = DocsChat(port, cookie=forged)
        langflow.script = answer_script(["Boils [Source 1]."], [WATER], delay=0.0)
        assert intruder.ask("Whose conversation?").status == 200
        assert intruder.session_id not in (first, "A" * 32)
    sessions = [r["body"]["session_id"] for r in langflow.requests[2:]]
    assert len(set(sessions)) == len(forgeries) and first not in sessions

    # "New conversation": a new id from the server, used from then on.
    assert visitor.new_conversation().status == 204
    assert visitor.session_id != first
    langflow.script = answer_script(["Boils [Source 1]."], [WATER], delay=0.0)
    assert visitor.ask("Three?").status == 200
    assert langflow.requests[-1]["body"]["session_id"] == visitor.session_id


def test_proxy_strips_control_characters_but_keeps_newlines(
    docs_chat_url: str, langflow: FakeLangflow
) -> None:
    visitor = DocsChat(int(docs_chat_url.rsplit(":", 1)[1]))
    langflow.script = answer_script(["Boils [Source 1]."], [WATER], delay=0.0)
    question = (
        "\x00Why\tdoes\x1b[31m water\u202e boil?\r\nAnd\rfreeze?\x7f\x85\ud800 \u00e9t\u00e9 \U0001f4a7\n"
    )
    assert visitor.ask(question).status == 200
    assert (
        langflow.requests[0]["body"]["input_value"]
        == "Why does[31m water boil?\nAnd\nfreeze? \u00e9t\u00e9 \U0001f4a7"
    )


@pytest.mark.parametrize(
    ("script", "error"),
    [
        ([], "Langflow sent no answer"),
        ([{"event": "add_message", "data": message("Hi?", sender="User")}], "Langflow sent no answer"),
        (answer_script([""], [], delay=0.0), "Langflow returned an empty answer"),
        (answer_script(["Boils [Source 1]."], [WATER], delay=0.0)[:-2], "the answer stream ended early"),
    ],
    ids=["nothing", "only-the-question", "empty-answer", "no-end"],
)
def test_proxy_reports_a_stream_without_an_answer(
    docs_chat_url: str, langflow: FakeLangflow, script: list[Any], error: str
) -> None:
    langflow.script = script
    reply = DocsChat(int(docs_chat_url.rsplit(":", 1)[1])).ask("Anything?")
    assert reply.status == 200
    assert reply.events[-1] == {"event": "error", "data": {"error": error}}
    assert [e for e in reply.events if e["event"] == "error"] == [reply.events[-1]]


def test_proxy_keeps_log_events_and_junk_to_itself(docs_chat_url: str, langflow: FakeLangflow) -> None:
    log = {"event": "log", "data": {"message": "Astra DB at https://internal.example:8443, token AstraCS:x"}}
    langflow.script = [log, *answer_script(["Boils [Source 1]."], [WATER], delay=0.0), log]
    reply = DocsChat(int(docs_chat_url.rsplit(":", 1)[1])).ask("Boils?")
    assert [e["event"] for e in reply.events] == ["add_message", "add_message", "token", "add_message", "end"]
    assert b"internal.example" not in reply.body


def test_proxy_adds_nothing_after_an_answer_or_a_reported_error(
    docs_chat_url: str, langflow: FakeLangflow
) -> None:
    visitor = DocsChat(int(docs_chat_url.rsplit(":", 1)[1]))
    langflow.script = [{"event": "error", "data": {"error": "Flow failed"}}]
    reply = visitor.ask("Anything?")
    request_id = reply.headers["X-Request-Id"]
    assert reply.events == [
        {
            "event": "error",
            "data": {
                "error": f"The answer service failed (request {request_id}). Please try again later.",
                "request_id": request_id,
            },
        }
    ]
    langflow.script = answer_script(["Boils [Source 1]."], [WATER], delay=0.0)
    assert [e["event"] for e in visitor.ask("Boils?").events][-1] == "end"


def test_proxy_limits_by_address_and_believes_forwarded_for_only_from_trusted_proxies(
    langflow: FakeLangflow,
) -> None:
    module = load_docs_chat_server()
    langflow.script = answer_script(["Boils [Source 1]."], [WATER], delay=0.0)
    limits = module.Limits(rate_per_minute=6, burst=1, sessions_per_minute=1)

    def statuses(server: Any, *addresses: str) -> list[int]:
        """One cookie-less question per X-Forwarded-For value, each from a new visitor."""
        port = server.server_address[1]
        replies = [DocsChat(port, extra_headers={"X-Forwarded-For": a}).ask("Boils?") for a in addresses]
        assert all("Set-Cookie" not in r.headers for r in replies if r.status == 429)
        return [r.status for r in replies]

    for trusted, expected in [
        ((), [200, 429, 429]),  # the header is ignored: all three are 127.0.0.1
        (module.parse_networks("127.0.0.1"), [200, 200, 429]),  # the first address comes back
    ]:
        config = module.Config(langflow.url, FLOW_ID, API_KEY, limits=limits, trusted_proxies=trusted)
        clock = ManualClock()
        with serve(module.DocsChatServer(("127.0.0.1", 0), config, quiet=True, clock=clock)) as server:
            assert statuses(server, "198.51.100.1", "198.51.100.2", "6.6.6.6, 198.51.100.1") == expected

            # New sessions per address: one a minute here.
            visitor = DocsChat(server.server_address[1], extra_headers={"X-Forwarded-For": "203.0.113.7"})
            first = visitor.new_conversation()
            refused = visitor.new_conversation()
            if trusted:
                assert (first.status, refused.status) == (204, 429)
                assert refused.headers["Retry-After"] == "60"
                assert refused.json() == {"error": "Too many new conversations; try again in 60 s."}
            else:  # 127.0.0.1 already spent its one new session on the first question above
                assert (first.status, refused.status) == (429, 429)
            clock.advance(60)
            assert visitor.new_conversation().status == 204


def test_proxy_reports_langflow_refusals(
    docs_chat_url: str, langflow: FakeLangflow, caplog: pytest.LogCaptureFixture
) -> None:
    module = load_docs_chat_server()
    bad = module.DocsChatServer(
        ("127.0.0.1", 0), module.Config(langflow.url, "wrong-flow", API_KEY), quiet=True
    )
    thread = threading.Thread(target=bad.serve_forever, daemon=True)
    thread.start()
    try:
        request = urllib.request.Request(
            f"http://127.0.0.1:{bad.server_address[1]}/api/ask",
            b'{"question": "x"}',
            {"Content-Type": "application/json"},
        )
        with caplog.at_level("ERROR", logger="docs_chat"), pytest.raises(urllib.error.HTTPError) as info:
            urllib.request.urlopen(request, timeout=10)
        assert info.value.code == 502
        body = json.loads(info.value.read())
        request_id = body["request_id"]
        assert body == module.failure_for_visitor(request_id)
        assert info.value.headers["X-Request-Id"] == request_id
        assert (
            f'request {request_id}: Langflow answered 404: {{"detail":"Flow not found"}}' in caplog.messages
        )
    finally:
        bad.shutdown()
        bad.server_close()


# What a failing Langflow may send: a traceback, paths, a flow's name and a credential.
SECRET_BODY = (
    b'{"detail": "Traceback (most recent call last):\\n  File \\"/srv/langflow/flows/internal-hr.py\\", '
    b'line 7\\nValueError: AstraCS:s3cr3t-t0ken-VALUE for https://db.internal.example:8443"}'
)
SECRET_WORDS = ("Traceback", "/srv/langflow", "internal-hr", "AstraCS", "s3cr3t", "db.internal.example")


def test_a_langflow_500_reaches_the_log_and_never_the_visitor(
    docs_chat_url: str, langflow: FakeLangflow, caplog: pytest.LogCaptureFixture
) -> None:
    langflow.failure = (500, SECRET_BODY)
    visitor = DocsChat(int(docs_chat_url.rsplit(":", 1)[1]))
    with caplog.at_level("ERROR", logger="docs_chat"):
        reply = visitor.ask("Anything?")
    assert reply.status == 502
    request_id = reply.json()["request_id"]
    assert reply.json() == {
        "error": f"The answer service failed (request {request_id}). Please try again later.",
        "request_id": request_id,
    }
    assert reply.headers["X-Request-Id"] == request_id
    visible = json.dumps(reply.headers).encode() + reply.body
    assert [word for word in SECRET_WORDS if word.encode() in visible] == []
    runs = {SECRET_BODY[i : i + 8] for i in range(len(SECRET_BODY) - 7)}
    assert [run for run in runs if run in reply.body] == [], "no 8 characters of Langflow's body in a row"
    # The whole body, and the status, are in the server's log under the id the visitor was given.
    assert caplog.messages == [f"request {request_id}: Langflow answered 500: {SECRET_BODY.decode()}"]
    assert visitor.cookie is not None, "the visitor still got a session to retry with"


def test_a_dropped_connection_is_not_reported_but_a_fault_is(capsys: pytest.CaptureFixture[str]) -> None:
    module = load_docs_chat_server()
    server = module.DocsChatServer(("127.0.0.1", 0), module.Config("http://127.0.0.1:9", "flow"), quiet=True)
    try:
        for exc in (
            BrokenPipeError(32, "Broken pipe"),
            ConnectionResetError(104, "reset"),
            ValueError("boom"),
        ):
            try:
                raise exc
            except Exception:  # noqa: BLE001 - handle_error reads the exception being handled
                server.handle_error(None, ("127.0.0.1", 1))
    finally:
        server.server_close()
    err = capsys.readouterr().err
    assert "BrokenPipeError" not in err
    assert "ConnectionResetError" not in err
    assert "ValueError: boom" in err
