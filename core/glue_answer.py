"""The Langflow inputs and steps the components that cite an answer share (the Citation
Post-Processor and the Citing Agent), kept here so that the components stay thin: a standalone node
carries this module as text compiled once per process, while Langflow compiles a component's own
code on every run.

    >>> choice("bogus", ("off", "suggest", "insert"), "suggest")
    'suggest'
    >>> payload = {"sources": [{"id": 1, "document": "water.pdf", "text": "Water is wet."}]}
    >>> [block.title for block in sources_group(payload, {1: (0, 12)}, include_payload=False)]
    ['Sources']
    >>> [i.name for i in check_inputs()]
    ['support_check', 'cite_missing']
    >>> message_text(Message(text="Water is wet [1]."))
    'Water is wet [1].'
    >>> status_text({"cited": [1], "removed": []}, StreamOutcome(), empty=False, judge="Judge settled 1 citation(s).")
    'Cited sources: 1. Removed markers: 0. Judge settled 1 citation(s).'
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

# lfx.custom before lfx.io: lfx 1.13 imports part of lfx.custom from lfx.io, and a component module
# imported after that (lfx.custom.custom_component.component) would then find its own package half-made.
import lfx.custom  # noqa: F401
from lfx.io import DropdownInput
from lfx.schema.content_types import CitationContent, ContentBlock, JSONContent, TextContent
from lfx.schema.message import Message

from lfx_citations.core.engine import CitationFilter, FilterResult
from lfx_citations.core.judge import judge_prompt, parse_judge_reply
from lfx_citations.core.payload import (
    SUPPORT_MODES,
    SupportLedger,
    added_notes,
    build_payload,
    read_sources,
    source_cards,
    status_line,
)
from lfx_citations.core.presented import presented_in_run, tool_sources
from lfx_citations.core.stream import StreamOutcome, chunk_text, filter_stream, prepend
from lfx_citations.core.uncited import CITE_MISSING_MODES, uncited_claims


def choice(value: object, options: tuple[str, ...] | list[str], default: str) -> str:
    """``value`` if it is one of ``options``, else ``default``: a flow saved by hand may hold anything."""
    return value if isinstance(value, str) and value in options else default


def check_inputs(*, advanced: bool = False) -> list[DropdownInput]:
    """The support check and what to do with claims the answer left uncited."""
    return [
        DropdownInput(
            name="support_check",
            display_name="Support Check",
            options=list(SUPPORT_MODES),
            value="flag",
            advanced=advanced,
            info=(
                "Does the cited source say the claim? Checked per citation, offline, as each marker closes. "
                "flag: verdicts in the payload, and a warning on the card of a source that does not say its "
                "claim or says otherwise; text unchanged. drop: also remove citations judged unsupported or "
                "contradicted from the text. off: no check."
            ),
        ),
        DropdownInput(
            name="cite_missing",
            display_name="Cite Missing",
            options=list(CITE_MISSING_MODES),
            value="suggest",
            advanced=advanced,
            info=(
                "Claims the answer left uncited: when one presented source states a claim (supported, "
                "clearly ahead of every other source), suggest: list it in the payload, text unchanged; "
                "insert: also add its [Source N] before the sentence's closing punctuation (its card says "
                "the checker added it); off: leave uncited claims alone."
            ),
        ),
    ]


def sources_group(
    payload: dict[str, Any],
    spans: dict[int, tuple[int, int]],
    added: dict[int, str] | None = None,
    *,
    include_payload: bool,
) -> list[ContentBlock]:
    """One "Sources" group of source cards (and the payload as JSON), or none: Langflow 1.13 keeps only
    group blocks downstream, and renders a group of ``CitationContent`` as source cards."""
    cards: list[Any] = [CitationContent(**card) for card in source_cards(payload, spans, added)]
    if include_payload:
        cards.append(JSONContent(data=payload))  # strict JSON already: read_sources cleaned every row
    return [ContentBlock(title="Sources", contents=cards)] if cards else []


def build_content_blocks(
    text: str,
    payload: dict[str, Any],
    spans: dict[int, tuple[int, int]],
    *,
    include_payload: bool,
    added: dict[int, str] | None = None,
) -> list[Any]:
    """The answer text, then one "Sources" group: Langflow 1.13 keeps only group blocks downstream.

    ``added`` (``added_notes``) marks the cards of sources the checker cited where the answer did not.
    """
    return [TextContent(text=text), *sources_group(payload, spans, added, include_payload=include_payload)]


def message_text(value: object, field_name: str = "answer") -> str:
    """The text of a Message, a string, a Data or a dict with "text"; anything else is an error."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, Message):
        return value.text if isinstance(value.text, str) else ""
    data = getattr(value, "data", value)
    if isinstance(data, dict) and isinstance(data.get("text"), str):
        return data["text"]
    msg = f"The {field_name} input must be text or a Message, not {type(value).__name__}."
    raise ValueError(msg)


def status_text(payload: dict[str, Any], outcome: StreamOutcome, *, empty: bool, judge: str = "") -> str:
    """A component's status after citing an answer: the payload's line, the judge's note, how the stream
    ended and whether the answer is empty."""
    parts = [status_line(payload)]
    if judge:
        parts.append(judge)
    if outcome.error:
        parts.append(f"Stream ended early ({outcome.error}); the text so far was kept.")
    if empty:
        parts.append("The answer is empty.")
    return " ".join(parts)


def presented_records(sources: object, graph: Any, answer: object) -> list[dict[str, Any]]:
    """The sources input (``sources``); without it, what a citing tool presented in this run of
    ``graph``, or in the ``answer``'s tool calls."""
    if sources not in (None, "", []):
        return read_sources(sources)
    if graph is not None:
        presented = presented_in_run(graph.context, str(getattr(graph, "_run_id", "") or ""))
        if presented is not None:
            return read_sources({"sources": presented})
    return read_sources({"sources": tool_sources(answer)})


async def consult_judge(judge_model: Any, ledger: SupportLedger, result: FilterResult) -> str:
    """Ask ``judge_model`` about the citations the offline check is unsure of or would flag (kept or
    dropped), in one call, and record its verdicts in ``ledger``; a note for the status."""
    if judge_model in (None, "") or ledger.checker is None:
        return ""
    keys = ledger.for_judge([*result.citations, *result.dropped])
    if not keys:
        return ""
    prompt = judge_prompt([(claim, ledger.texts.get(source_id, "")) for source_id, claim in keys])
    try:
        reply = chunk_text(await judge_model.ainvoke(prompt))
    except Exception as exc:  # noqa: BLE001 - a failing judge must not cost the answer
        return f"Judge failed ({type(exc).__name__}: {exc}); the offline verdicts stand."
    verdicts = parse_judge_reply(reply, len(keys))
    if verdicts is None:
        return "Judge answered out of format; the offline verdicts stand."
    for item, key in enumerate(keys, start=1):
        ledger.overrides[key] = verdicts[item]
    return f"Judge settled {len(keys)} citation(s)."


async def answer_from_model(
    component: Any,
    engine: CitationFilter,
    outcome: StreamOutcome,
    cite: Callable[[Message, str | None], Awaitable[None]],
) -> Message:
    """The answer of ``component``'s model to its prompt, filtered by ``engine`` and cited (``cite``
    attaches the cards), streamed to Chat Output when it can be.

    Streaming goes through Langflow's ``send_message``, which stores the streamed answer once more when
    its stream ends: the component's ``_update_stored_message`` calls the hook this sets, so that the
    cards go into that same write."""
    prompt = message_text(component.prompt, "prompt")
    if not prompt.strip():
        msg = "The Prompt input is empty: connect the Citation Prompt's output."
        raise ValueError(msg)
    model = component.model
    session_id = getattr(getattr(component, "graph", None), "session_id", None)
    if (
        component.stream
        and session_id
        and component._event_manager
        and component.is_connected_to_chat_output()
    ):
        # Read up to the first text before the message exists: a model that fails before saying
        # anything (429, 500, refused connection) fails the run as it would without streaming,
        # instead of leaving an empty "successful" answer in the store.
        upstream = model.astream(prompt)
        head: list[Any] = []
        async for chunk in upstream:
            head.append(chunk)
            if chunk_text(chunk):
                break
        streamed = Message(
            text=filter_stream(prepend(head, upstream), engine, outcome),
            sender="Machine",
            sender_name="AI",
            properties={"icon": component.icon, "state": "partial"},
            session_id=session_id,
        )
        # The node's name, as Chat Output records it when it stores the message. Given the component,
        # lfx reads the model input, a model object, and every event would carry its repr.
        streamed.properties.source = component._build_source(
            component._id, component.display_name, component.display_name
        )
        component.__dict__["_before_final_write"] = lambda message: cite(message, None)
        try:
            message = await component.send_message(streamed)
        finally:
            unused = component.__dict__.pop("_before_final_write", None)
        if unused is not None:
            # Langflow did not stream it (nothing stored to update): check what came back.
            await cite(message, None)
        return message
    raw = chunk_text(await model.ainvoke(prompt))
    message = Message(text=engine.feed_all(raw))
    await cite(message, raw)
    return message


class FilteredTokens:
    """The agent's event manager, with each token run through the citation filter first."""

    def __init__(self, manager: Any, citing: CitingRun) -> None:
        self.inner = manager
        self._citing = citing

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def on_token(self, data: dict[str, Any] | None = None, **kwargs: Any) -> None:
        chunk = (data or {}).get("chunk")
        text = self._citing.feed(chunk if isinstance(chunk, str) else "")
        if text:
            self.inner.on_token(data={**(data or {}), "chunk": text}, **kwargs)


class CitingRun:
    """One run's filter: the numbers it accepts grow as the Citing Retriever presents chunks, and so
    do the sources the support check reads."""

    def __init__(self, component: Any) -> None:
        self.component = component
        self.mode = component.support_check or "flag"
        self.cite_missing = choice(getattr(component, "cite_missing", None), CITE_MISSING_MODES, "suggest")
        self._ledger: tuple[tuple[int, ...], SupportLedger] | None = None
        # The sources grow while the agent runs: each marker is judged against those shown so far, and
        # an uncited claim looks for its source among them.
        keep = (
            (lambda source_id, claim: self.ledger().keep(source_id, claim)) if self.mode == "drop" else None
        )
        uncited = uncited_claims(
            self.cite_missing,
            lambda claim: self.ledger().ranked(claim),
            lambda source_id, claim: self.ledger().judgement(source_id, claim),
        )
        self.engine = CitationFilter([], track_claims=self.mode != "off", keep=keep, uncited=uncited)
        self.shown = ""  # what the reader has been shown so far
        self.streamed = False
        self.cited: tuple[str, dict[str, Any], list[Any]] | None = None  # text, payload, Sources group

    def ledger(self, records: list[dict[str, Any]] | None = None) -> SupportLedger:
        """The support verdicts over the sources presented so far (rebuilt when they grow)."""
        records = self.records() if records is None else records
        key = tuple(r["id"] for r in records)
        if self._ledger is None or self._ledger[0] != key:
            self._ledger = (key, SupportLedger(records, self.mode, self.cite_missing))
        return self._ledger[1]

    def records(self) -> list[dict[str, Any]]:
        graph = getattr(getattr(self.component, "_vertex", None), "graph", None)
        if graph is None:
            return []
        return read_sources({"sources": presented_in_run(graph.context, str(graph._run_id or "")) or []})

    def feed(self, text: str) -> str:
        self.streamed = True
        # Chunks are numbered while the agent runs: accept every number presented up to now.
        self.engine.presented = sorted(r["id"] for r in self.records())
        out = self.engine.feed(text)
        self.shown += out
        return out


def cite_agent_answer(
    result: Message, citing: CitingRun, event_manager: Any, *, scope: str, include_payload: bool
) -> None:
    """Filter an agent's answer (the rest of the stream, or all of it) and attach the cited sources:
    ``result`` is its message, ``event_manager`` the agent's (a token of the stream's tail goes to it),
    ``scope`` and ``include_payload`` the component's inputs of those names."""
    if citing.cited is not None:  # cited already: Langflow may send the final message twice
        text, payload, group = citing.cited
        if result.text != text:  # the setter moves the text block last: only when it differs
            result.text = text
        if not any(getattr(b, "title", None) == "Sources" for b in result.content_blocks or []):
            result.content_blocks = [*(result.content_blocks or []), *group]
        result.data["citations"] = payload
        return
    records = citing.records()
    engine = citing.engine
    engine.presented = sorted(r["id"] for r in records)
    if citing.streamed:
        tail = engine.close()
        manager = event_manager
        if isinstance(manager, FilteredTokens):  # cited inside the run: the tail is filtered already
            manager = manager.inner
        if tail and manager is not None and result.get_id():
            manager.on_token(data={"chunk": tail, "id": str(result.get_id())})
        text = citing.shown + tail
    else:
        text = engine.feed_all(result.text or "")
    filtered = FilterResult.of(text, engine)
    ledger = citing.ledger(records)
    payload = build_payload(filtered, records, scope=scope, ledger=ledger)
    result.text = text
    added = added_notes(filtered)
    group = sources_group(payload, filtered.first_spans, added, include_payload=include_payload)
    result.content_blocks = [*(result.content_blocks or []), *group]
    result.data["citations"] = payload
    citing.cited = (text, payload, group)
