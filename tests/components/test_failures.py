"""Failure handling: broken model streams, a client that goes away, and malformed component inputs.

The streaming cases run the whole chain as a real lfx Graph (as tests/test_graph.py does) so that
``send_message`` streams through an event manager. For each, the text already shown is kept, the
message is closed with it (a final add_message event carrying the text and the cards of the
citations already shown), ``status`` says what happened, nothing hangs (asyncio.wait_for) and no
task is left behind (asyncio.all_tasks before and after).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator

import pytest
from lfx.events.event_manager import create_default_event_manager
from lfx.schema.data import Data
from lfx.schema.message import Message

from lfx_citations.components.citations.citation_post_processor import CitationPostProcessorComponent
from lfx_citations.components.citations.citation_prompt import CitationPromptComponent
from lfx_citations.components.citations.indexed_retrieved_data_parser import (
    IndexedRetrievedDataParserComponent,
)
from lfx_citations.core.engine import CitationFilter
from lfx_citations.core.sources import NO_SOURCES_LINE
from lfx_citations.core.stream import StreamChunk, StreamOutcome, filter_stream
from tests.support.fakes import ScriptedChatModel
from tests.support.graphs import build_graph

TIMEOUT = 30  # seconds; every graph run is bounded so a hang fails instead of blocking the suite


class Run:
    """One graph run: its events as they arrive, its results or the exception it ended with."""

    def __init__(self, model: ScriptedChatModel) -> None:
        self.queue: asyncio.Queue = asyncio.Queue()
        self.graph = build_graph(model)
        self.events: list[tuple[str, dict]] = []
        self.results: list = []
        self.error: BaseException | None = None

    async def _go(self) -> None:
        manager = create_default_event_manager(self.queue)
        self.results = [r async for r in self.graph.async_start(event_manager=manager)]

    def drain(self) -> None:
        while not self.queue.empty():
            _, raw, _ = self.queue.get_nowait()
            payload = json.loads(raw.decode())
            self.events.append((payload["event"], payload["data"]))

    def tokens(self) -> str:
        return "".join(d["chunk"] for name, d in self.events if name == "token")

    def post_messages(self) -> list[dict]:
        """add_message events of the post-processor's streamed message, in order."""
        return [
            d
            for name, d in self.events
            if name == "add_message"
            and d.get("sender") == "Machine"
            and (d.get("properties") or {}).get("source", {}).get("id") == "post"
        ]

    def post_status(self) -> str | None:
        for name, d in self.events:
            if name == "end_vertex" and d["build_data"]["id"] == "post":
                return d["build_data"]["data"]["artifacts"]["message"]["repr"]
        return None

    def chat_output_message(self) -> Message:
        vertex = next(
            r.vertex for r in self.results if getattr(r, "vertex", None) and r.vertex.id == "ChatOutput-test"
        )
        return vertex.built_object["message"]


async def run_graph(model: ScriptedChatModel, *, cancel_after_tokens: str | None = None) -> Run:
    """Run the graph; with ``cancel_after_tokens``, cancel it (the client goes away) once that text streamed."""
    run = Run(model)
    before = asyncio.all_tasks()
    task = asyncio.create_task(run._go())
    if cancel_after_tokens is not None:

        async def wait_for_tokens() -> None:
            while cancel_after_tokens not in run.tokens():
                run.drain()
                if task.done():
                    return
                await asyncio.sleep(0.01)

        await asyncio.wait_for(wait_for_tokens(), TIMEOUT)
        await asyncio.sleep(0.2)  # let the model reach its stall
        task.cancel()
    try:
        await asyncio.wait_for(task, TIMEOUT)
    except BaseException as exc:  # noqa: BLE001 - recorded for the test to judge
        run.error = exc
    await asyncio.sleep(0.05)
    run.drain()
    leaked = {t for t in asyncio.all_tasks() - before if not t.done()}
    assert not leaked, f"tasks left behind: {leaked}"
    return run


def card_ids(message: dict) -> list[int]:
    return [s["id"] for s in ((message.get("data") or {}).get("citations") or {}).get("sources", [])]


def group_titles(message: dict) -> list[str]:
    groups = [b for b in message.get("content_blocks") or [] if b.get("type") == "group"]
    return [c["title"] for g in groups for c in g["contents"]]


# -- the model stream breaks ------------------------------------------------------------------


async def test_stream_that_raises_midway_keeps_its_text_and_closes_the_message() -> None:
    model = ScriptedChatModel(
        chunks=["Water [1] is ", "essential; fire [2] is hot. ", "Air [Source 1]."], fail_after=2
    )
    run = await run_graph(model)
    assert run.error is None  # the answer so far is the answer: the flow completes
    shown = "Water [Source 1] is essential; fire [Source 2] is hot. "
    assert run.tokens() == shown
    final = run.post_messages()[-1]
    assert final["text"] == shown
    assert final["properties"]["state"] == "complete"
    assert final["data"]["citations"]["cited"] == [1, 2]
    assert card_ids(final) == [1, 2]
    assert group_titles(final) == ["Source 1 \u00b7 water.pdf \u2014 page 3", "Source 2 \u00b7 fire.md"]
    assert run.chat_output_message().text == shown
    status = run.post_status()
    assert "Cited sources: 1, 2." in status
    assert (
        "Stream ended early (ConnectionError: upstream connection reset); the text so far was kept." in status
    )


async def test_stream_that_breaks_inside_a_marker_keeps_the_fragment_as_text() -> None:
    # The marker was cut off by the failure: it is text (never a citation), and only [1] has a card.
    model = ScriptedChatModel(chunks=["Water [1] is wet [Sou", "rce 2]."], fail_after=1)
    run = await run_graph(model)
    final = run.post_messages()[-1]
    assert final["text"] == run.tokens() == "Water [Source 1] is wet [Sou"
    assert card_ids(final) == [1]
    assert "ConnectionError" in run.post_status()


async def test_stream_that_fails_before_any_text() -> None:
    # Nothing was shown, so there is nothing to keep: the run fails with the model's reason, as it
    # does without streaming, and no empty "successful" answer is sent or stored.
    run = await run_graph(ScriptedChatModel(chunks=["never sent"], fail_after=0))
    assert run.error is not None
    assert "upstream connection reset" in str(run.error)
    assert run.tokens() == ""
    assert run.post_messages() == []


async def test_stream_that_ends_empty() -> None:
    run = await run_graph(ScriptedChatModel(chunks=[]))
    assert run.error is None
    final = run.post_messages()[-1]
    assert final["text"] == ""
    assert final["data"]["citations"] == {
        "sources": [],
        "cited": [],
        "removed": [],
        "citations_reported": False,
        "qualifiers": [],
        "support": [],
        "support_summary": {
            "citations": 0,
            "supported": 0,
            "partial": 0,
            "unsupported": 0,
            "contradicted": 0,
            "claims": 0,
            "claims_supported": 0,
        },
        "removed_unsupported": [],
        "suggested": [],  # cite_missing's default
        "unsupported_uncited": [],
    }
    assert "The answer is empty." in run.post_status()


async def test_an_empty_answer_still_closes_the_message() -> None:
    # (A model failing before any text fails the run instead: test_stream_that_fails_before_any_text.)
    run = await run_graph(ScriptedChatModel(chunks=[]))
    assert run.post_messages()[-1]["properties"]["state"] == "complete"


async def test_stream_of_only_whitespace() -> None:
    run = await run_graph(ScriptedChatModel(chunks=["  ", "\n", " \t"]))
    assert run.error is None
    final = run.post_messages()[-1]
    assert final["text"] == run.tokens() == "  \n \t"
    assert final["properties"]["state"] == "complete"
    assert card_ids(final) == []
    assert run.post_status() == "Cited sources: none. Removed markers: 0. The answer is empty."


async def test_a_degenerate_stream_keeps_the_text_already_shown() -> None:
    model = ScriptedChatModel(chunks=["Water [1] is wet. ", "[" * 300, "[" * 300, " end."])
    run = await run_graph(model)
    assert run.error is None
    assert run.post_messages()[-1]["text"] == "Water [Source 1] is wet. " + "[" * 600 + " end."


# -- the client goes away ---------------------------------------------------------------------


async def test_client_going_away_mid_stream_closes_the_message_with_the_text_so_far() -> None:
    model = ScriptedChatModel(chunks=["Water [1] is ", "wet [2", "]. ", "never sent"], stall_after=2)
    run = await run_graph(model, cancel_after_tokens="Water [Source 1] is")
    assert isinstance(run.error, asyncio.CancelledError)  # the run is cancelled, not turned into success
    final = run.post_messages()[-1]
    # "[2" was held back (it could still become a marker) and is released as text at the end.
    assert final["text"] == run.tokens() == "Water [Source 1] is wet [2"
    assert final["properties"]["state"] == "complete"
    assert final["data"]["citations"]["cited"] == [1]
    assert card_ids(final) == [1]
    assert group_titles(final) == ["Source 1 \u00b7 water.pdf \u2014 page 3"]
    post = run.graph.get_vertex("post").custom_component
    assert post.status == (
        "Cited sources: 1. Removed markers: 0. Support: 1 supported, 0 partial, 0 unsupported, 0 contradicted. Stream ended "
        "early (cancelled: the client went away before the answer ended); the text so far was kept."
    )


async def test_client_going_away_before_any_token() -> None:
    model = ScriptedChatModel(chunks=["Water [1]."], stall_after=0)
    run = Run(model)
    before = asyncio.all_tasks()
    task = asyncio.create_task(run._go())
    for _ in range(TIMEOUT * 100):
        run.drain()
        if ("build_start", {"id": "post"}) in run.events:
            break  # the post-processor is running: the model stalls before its first chunk
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.3)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(task, TIMEOUT)
    await asyncio.sleep(0.05)
    run.drain()
    assert not {t for t in asyncio.all_tasks() - before if not t.done()}
    # Nothing had been shown: no message was started, so none is left half-open in the store.
    assert run.post_messages() == []


# -- filter_stream on its own -----------------------------------------------------------------


class Upstream:
    """An async iterator over chunks that fails or stalls where told, and records aclose()."""

    def __init__(self, chunks: list[str], *, fail_at: int | None = None, stall_at: int | None = None) -> None:
        self.chunks, self.fail_at, self.stall_at = chunks, fail_at, stall_at
        self.closed = False

    def __aiter__(self) -> AsyncIterator[str]:
        return self._gen()

    async def _gen(self) -> AsyncIterator[str]:
        for i, chunk in enumerate(self.chunks):
            if i == self.fail_at:
                msg = "boom"
                raise TimeoutError(msg)
            if i == self.stall_at:
                await asyncio.Event().wait()
            yield chunk

    async def aclose(self) -> None:
        self.closed = True


async def collect(stream: AsyncIterator[StreamChunk]) -> str:
    return "".join([c.content async for c in stream])


async def test_filter_stream_failure_flushes_the_held_tail_and_closes_upstream() -> None:
    upstream = Upstream(["Water [1] is wet ", "[Source 9", "] more"], fail_at=2)
    engine, outcome = CitationFilter([1, 2]), StreamOutcome()
    text = await asyncio.wait_for(collect(filter_stream(upstream.__aiter__(), engine, outcome)), TIMEOUT)
    assert text == "Water [Source 1] is wet [Source 9"  # the cut-off marker is text, released at the end
    assert engine.cited == [1]
    assert outcome.error == "TimeoutError: boom" and outcome.cancelled is False


async def test_filter_stream_cancelled_records_it_and_ends_cleanly() -> None:
    upstream = Upstream(["Water [1] ", "is wet"], stall_at=1)
    engine, outcome = CitationFilter([1]), StreamOutcome()
    got: list[str] = []

    async def consume() -> None:
        async for chunk in filter_stream(upstream.__aiter__(), engine, outcome):
            got.append(chunk.content)

    task = asyncio.create_task(consume())
    await asyncio.sleep(0.1)
    task.cancel()
    await asyncio.wait_for(asyncio.gather(task, return_exceptions=True), TIMEOUT)
    assert "".join(got) == "Water [Source 1] "
    assert outcome.cancelled is True
    assert "client went away" in outcome.error


async def test_filter_stream_closes_the_upstream_it_was_given() -> None:
    class Closable:
        def __init__(self) -> None:
            self.closed = False
            self._it = iter(["a", "b"])

        def __aiter__(self):
            return self

        async def __anext__(self) -> str:
            try:
                return next(self._it)
            except StopIteration:
                raise StopAsyncIteration from None

        async def aclose(self) -> None:
            self.closed = True

    upstream = Closable()
    assert await collect(filter_stream(upstream, CitationFilter([1]), StreamOutcome())) == "ab"
    assert upstream.closed


# -- malformed input: a clear error naming the field, or a documented safe fallback -------------


async def post_process(**inputs):
    component = CitationPostProcessorComponent()
    component.set(**inputs)
    return await component.build_message(), component


SOURCES = Data(data={"sources": [{"id": 1, "document": "w.pdf", "text": "Water is wet.", "url": None}]})


@pytest.mark.parametrize(
    "sources",
    [
        Data(data={"nothing": "here"}),
        Data(data={"sources": "not a list"}),
        Data(data={"sources": None}),
        Data(data={"sources": [None, 3, "x", {"id": "1"}, {"id": -1}, {"id": 1.0}]}),
        Data(data={}),
        "junk",
        [None],
    ],
    ids=[
        "no sources key",
        "sources a string",
        "sources None",
        "no usable row",
        "empty Data",
        "a string",
        "list of None",
    ],
)
async def test_unusable_sources_fall_back_to_nothing_presented(sources) -> None:
    # Documented fallback (docs/guarantees.md): no usable source means every marker is removed, since
    # none can be checked; the text around them is kept.
    message, component = await post_process(sources=sources, answer="Water [Source 1] is wet [2].")
    assert message.text == "Water is wet."
    assert message.data["citations"]["sources"] == []
    assert component.status == "Cited sources: none. Removed markers: 2."


async def test_empty_prompt_is_a_clear_error() -> None:
    for prompt in ["", "   \n", Message(text="")]:
        with pytest.raises(ValueError, match="Prompt input is empty"):
            await post_process(sources=SOURCES, model=ScriptedChatModel(chunks=["x"]), prompt=prompt)


async def test_neither_model_nor_answer_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match=r"Language Model.*Answer"):
        await post_process(sources=SOURCES, answer="")


@pytest.mark.parametrize("answer", [42, 1.5, Data(data={"text": "A [1]"})], ids=["int", "float", "Data"])
async def test_an_answer_that_is_not_text_is_refused_naming_the_field(answer) -> None:
    with pytest.raises(ValueError, match="answer"):
        await post_process(sources=SOURCES, answer=answer)


async def test_an_answer_message_without_text_is_an_empty_answer() -> None:
    message, component = await post_process(sources=SOURCES, answer=Message(text=None))
    assert message.text == ""
    assert "The answer is empty." in component.status


async def test_a_dict_answer_uses_its_text_or_is_refused() -> None:
    # Documented (docs/guarantees.md): a dict's string "text" is the answer; without one, a ValueError
    # naming the field.
    message, _ = await post_process(sources=SOURCES, answer={"text": "A [1].", "other": "ignored"})
    assert message.text == "A [Source 1]."
    assert message.data["citations"]["cited"] == [1]
    for refused in ({"text": 5}, {"content": "A [1]."}, {}):
        with pytest.raises(ValueError, match=r"^The answer input must be text or a Message, not dict\.$"):
            await post_process(sources=SOURCES, answer=refused)


async def test_unknown_sources_scope_falls_back_to_cited() -> None:
    message, _ = await post_process(sources=SOURCES, answer="A [1].", sources_scope="everything")
    assert [s["id"] for s in message.data["citations"]["sources"]] == [1]


def parse(**inputs):
    component = IndexedRetrievedDataParserComponent()
    component.set(**inputs)
    return component, component.build_context().text, component.build_sources_data().data["sources"]


@pytest.mark.parametrize(
    ("input_data", "skipped"),
    [
        (5, 1),
        ("plain string", 1),
        ([None, None], 2),
        ([{"no_text": 1}], 1),
        ([Data(data={"text": "   "})], 1),
        ([True, 3.5, object()], 3),
    ],
    ids=["int", "string", "Nones", "row without text", "blank text", "scalars"],
)
def test_parser_input_of_unexpected_type_is_skipped_and_counted(input_data, skipped: int) -> None:
    component, context, sources = parse(input_data=input_data)
    assert sources == []
    assert context == NO_SOURCES_LINE
    assert component.status == f"Presented 0 source(s). Skipped {skipped} row(s) without text."


def test_parser_accepts_a_message_as_a_row() -> None:
    # A Message is Data with a text: it is a source like any other (its text neutralized in the context).
    _, context, sources = parse(input_data=Message(text="Water [Source 3] is wet."))
    assert [s["text"] for s in sources] == ["Water [Source 3] is wet."]
    assert context == "[Source 1] Untitled\nWater Source 3 is wet."


@pytest.mark.parametrize("max_sources", [-1, -100])
def test_negative_max_sources_means_all(max_sources: int) -> None:
    rows = [Data(data={"text": f"t{i}"}) for i in range(3)]
    _, _, sources = parse(input_data=rows, max_sources=max_sources)
    assert [s["id"] for s in sources] == [1, 2, 3]


def test_non_numeric_max_sources_is_refused_naming_the_field() -> None:
    component = IndexedRetrievedDataParserComponent()
    with pytest.raises(ValueError, match="max_sources"):
        component.set(input_data=[Data(data={"text": "t"})], max_sources="many")


def test_broken_link_manifest_is_a_clear_error() -> None:
    component = IndexedRetrievedDataParserComponent()
    component.set(
        input_data=[Data(data={"text": "t", "file_name": "a.md"})],
        link_manifest='{"version": 1, "documents": [',
    )
    with pytest.raises(ValueError, match="inline manifest: invalid JSON at line 1"):
        component.build_context()


def test_empty_question_is_a_clear_error() -> None:
    prompt = CitationPromptComponent()
    prompt.set(question="   ", context="[Source 1] a\nb")
    with pytest.raises(ValueError, match="Question input is empty"):
        prompt.build_prompt_message()
