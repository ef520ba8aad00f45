"""Citation Post-Processor: keep valid ``[Source N]`` markers, drop the rest, attach source cards.

In a flow: Citation Prompt -> Prompt, a model's Language Model output -> Language Model (or any
answer -> Answer), the parser's Sources -> Sources; Message -> Chat Output. In code::

    component = CitationPostProcessorComponent()
    sources = {"sources": [{"id": 1, "document": "water.pdf", "text": "Water is wet."}]}
    component.set(answer="Water is wet [1].", sources=sources)
    message = await component.build_message()  # "Water is wet [Source 1]." with one source card

The Langflow glue only: the logic lives in ``lfx_citations.core``, which the standalone node of
``flows/standalone/`` carries as text (``scripts/build_components.py``).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from lfx.custom.custom_component.component import Component
from lfx.io import BoolInput, DropdownInput, HandleInput, MessageInput, Output
from lfx.schema.content_types import TextContent
from lfx.schema.message import Message

from lfx_citations.core.engine import CitationFilter, FilterResult
from lfx_citations.core.glue_answer import check_inputs, choice, sources_group
from lfx_citations.core.judge import judge_prompt, parse_judge_reply
from lfx_citations.core.payload import (
    SupportLedger,
    added_notes,
    build_payload,
    read_sources,
    status_line,
)
from lfx_citations.core.presented import presented_in_run, tool_sources
from lfx_citations.core.prompt import no_evidence_answer_in
from lfx_citations.core.stream import StreamOutcome, chunk_text, filter_stream
from lfx_citations.core.uncited import CITE_MISSING_MODES, uncited_claims


def _message_text(value: object, field_name: str = "answer") -> str:
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


async def _prepend(head: list[Any], rest: AsyncIterator[Any]) -> AsyncIterator[Any]:
    """``head``, then the rest of the stream; closing this closes the stream it wraps."""
    try:
        for chunk in head:
            yield chunk
        async for chunk in rest:
            yield chunk
    finally:
        close = getattr(rest, "aclose", None)
        if close is not None:
            await close()


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


class CitationPostProcessorComponent(Component):
    display_name = "Citation Post-Processor"
    description = (
        "Keeps only valid [Source N] citations in a model's answer (streaming or not), normalizes common "
        "variants, removes markers that point to no presented source, and attaches the cited sources as "
        "source cards."
    )
    icon = "BadgeCheck"
    name = "CitationPostProcessor"

    inputs = [
        HandleInput(
            name="model",
            display_name="Language Model",
            input_types=["LanguageModel"],
            required=False,
            info=(
                "Connect a model component's Language Model output. The post-processor then calls the model "
                "with the prompt itself, so it can stream the filtered answer token by token to Chat Output."
            ),
        ),
        MessageInput(
            name="prompt",
            display_name="Prompt",
            required=False,
            info="The Citation Prompt's output. Used with the Language Model input.",
        ),
        MessageInput(
            name="answer",
            display_name="Answer",
            required=False,
            info=(
                "An answer already produced by any model or agent. Used when no Language Model is connected; "
                "it is post-processed at once (no streaming)."
            ),
        ),
        HandleInput(
            name="sources",
            display_name="Sources",
            input_types=["Data", "JSON"],
            required=False,
            info=(
                "The Indexed Retrieved-Data Parser's Sources output: the numbered sources the model saw. "
                "After an Agent with the Citing Retriever tool, leave it empty: the sources the agent was "
                "shown come from the run (or from the answer's tool calls)."
            ),
        ),
        DropdownInput(
            name="sources_scope",
            display_name="Sources Scope",
            options=["cited", "presented"],
            value="cited",
            info=(
                "cited: attach only the sources the answer cites (same numbers, in order of first citation). "
                "presented: attach every presented source, cited ones first."
            ),
        ),
        *check_inputs(),
        HandleInput(
            name="judge_model",
            display_name="Judge Model",
            input_types=["LanguageModel"],
            required=False,
            advanced=True,
            info=(
                "Optional. A model that settles the citations the offline check is unsure of or would flag, "
                "in one batched call per answer: every warning a reader then sees is one the judge confirmed "
                "(the payload marks its verdicts with judge: true). If it fails or answers out of format, the "
                "offline verdicts stand."
            ),
        ),
        BoolInput(
            name="stream",
            display_name="Stream",
            value=True,
            advanced=True,
            info=(
                "Stream the filtered answer token by token when wired to Chat Output, as the Playground "
                "shows it. The API's stream=true/false sets this per request, as for model components."
            ),
        ),
        BoolInput(
            name="link_markers",
            display_name="Link Markers",
            value=False,
            advanced=True,
            info="Write each kept marker as a markdown link to its source, e.g. [Source 3](https://.../a.pdf#page=3).",
        ),
        BoolInput(
            name="include_payload",
            display_name="Include JSON Payload",
            value=False,
            advanced=True,
            info=(
                "Also put the full citation payload in the message's Sources group as JSON content (the "
                "Playground draws it as a code panel). It is always in message.data['citations']."
            ),
        ),
    ]

    outputs = [
        Output(display_name="Message", name="message", method="build_message"),
    ]

    async def build_message(self) -> Message:
        records = self._presented_records()
        links = {r["id"]: r["url"] for r in records if r.get("url")}
        cite_missing = choice(self.cite_missing, CITE_MISSING_MODES, "suggest")
        ledger = SupportLedger(records, self.support_check or "flag", cite_missing)
        prompt = _message_text(self.prompt, "prompt") if self.prompt not in (None, "") else ""
        no_evidence = no_evidence_answer_in(prompt)

        def new_engine() -> CitationFilter:
            link_for = links.get if self.link_markers else None
            uncited = uncited_claims(cite_missing, ledger.ranked, ledger.judgement, no_evidence)
            ids = [r["id"] for r in records]
            return CitationFilter(ids, link_for=link_for, uncited=uncited, **ledger.engine_options())

        engine = new_engine()
        outcome = StreamOutcome()
        done: dict[str, Any] = {}

        async def cite(message: Message, raw: str | None) -> None:
            """Check the answer in ``message`` and attach the cards; ``raw`` is the model's text, if known."""
            nonlocal engine
            result = FilterResult.of(message.text or "", engine)
            judge_note = await self._consult_judge(ledger, result)
            if judge_note.startswith("Judge settled") and ledger.mode == "drop" and raw is not None:
                engine = new_engine()  # the judge's verdicts decide which citations the text keeps
                result = FilterResult.of(engine.feed_all(raw), engine)
                message.text = result.text
            payload = build_payload(result, records, scope=self.sources_scope or "cited", ledger=ledger)
            message.content_blocks = build_content_blocks(
                result.text,
                payload,
                result.first_spans,
                include_payload=bool(self.include_payload),
                added=added_notes(result),
            )
            message.data["citations"] = payload
            message.properties.state = "complete"
            done.update(payload=payload, judge=judge_note, empty=not result.text.strip())

        if self.model not in (None, ""):
            message = await self._answer_from_model(engine, outcome, cite)
        elif self.answer not in (None, ""):
            raw = _message_text(self.answer)
            message = Message(text=engine.feed_all(raw))
            await cite(message, raw)
        else:
            msg = "Connect a Language Model (with a Prompt) or an Answer to cite."
            raise ValueError(msg)

        # The stored message keeps the cards; the payload lives on in this run (Message.data does not
        # survive the store).
        message.data["citations"] = done["payload"]
        self.status = self._status_line(done["payload"], outcome, empty=done["empty"], judge=done["judge"])
        if outcome.cancelled:
            raise asyncio.CancelledError(outcome.error)
        return message

    async def _update_stored_message(self, message: Message) -> Message:
        # Langflow's send_message stores a streamed answer once more when its stream ends (the complete
        # text): the cards go into that same write, so the answer is never written a further time.
        before = self.__dict__.pop("_before_final_write", None)
        if before is not None:
            await before(message)
        return await super()._update_stored_message(message)

    async def _consult_judge(self, ledger: SupportLedger, result: FilterResult) -> str:
        """Ask the judge model about the citations the offline check is unsure of or would flag (kept
        or dropped), in one call; a note for the status."""
        if self.judge_model in (None, "") or ledger.checker is None:
            return ""
        keys = ledger.for_judge([*result.citations, *result.dropped])
        if not keys:
            return ""
        prompt = judge_prompt([(claim, ledger.texts.get(source_id, "")) for source_id, claim in keys])
        try:
            reply = chunk_text(await self.judge_model.ainvoke(prompt))
        except Exception as exc:  # noqa: BLE001 - a failing judge must not cost the answer
            return f"Judge failed ({type(exc).__name__}: {exc}); the offline verdicts stand."
        verdicts = parse_judge_reply(reply, len(keys))
        if verdicts is None:
            return "Judge answered out of format; the offline verdicts stand."
        for item, key in enumerate(keys, start=1):
            ledger.overrides[key] = verdicts[item]
        return f"Judge settled {len(keys)} citation(s)."

    def _presented_records(self) -> list[dict[str, Any]]:
        """The sources input; without it, what a citing tool presented in this run or in the answer."""
        if self.sources not in (None, "", []):
            return read_sources(self.sources)
        graph = getattr(getattr(self, "_vertex", None), "graph", None)
        if graph is not None:
            presented = presented_in_run(graph.context, str(getattr(graph, "_run_id", "") or ""))
            if presented is not None:
                return read_sources({"sources": presented})
        return read_sources({"sources": tool_sources(self.answer)})

    async def _answer_from_model(
        self,
        engine: CitationFilter,
        outcome: StreamOutcome,
        cite: Callable[[Message, str | None], Awaitable[None]],
    ) -> Message:
        """The model's answer, filtered and cited (``cite`` attaches the cards), streamed when it can be."""
        prompt = _message_text(self.prompt, "prompt")
        if not prompt.strip():
            msg = "The Prompt input is empty: connect the Citation Prompt's output."
            raise ValueError(msg)
        session_id = getattr(getattr(self, "graph", None), "session_id", None)
        if self.stream and session_id and self._event_manager and self.is_connected_to_chat_output():
            # Read up to the first text before the message exists: a model that fails before saying
            # anything (429, 500, refused connection) fails the run as it would without streaming,
            # instead of leaving an empty "successful" answer in the store.
            upstream = self.model.astream(prompt)
            head: list[Any] = []
            async for chunk in upstream:
                head.append(chunk)
                if chunk_text(chunk):
                    break
            streamed = Message(
                text=filter_stream(_prepend(head, upstream), engine, outcome),
                sender="Machine",
                sender_name="AI",
                properties={"icon": self.icon, "state": "partial"},
                session_id=session_id,
            )
            # The node's name, as Chat Output records it when it stores the message. Given `self`, lfx reads
            # the model input, a model object, and every event would carry its repr.
            streamed.properties.source = self._build_source(self._id, self.display_name, self.display_name)
            self.__dict__["_before_final_write"] = lambda message: cite(message, None)
            try:
                message = await self.send_message(streamed)
            finally:
                unused = self.__dict__.pop("_before_final_write", None)
            if unused is not None:
                # Langflow did not stream it (nothing stored to update): check what came back.
                await cite(message, None)
            return message
        raw = chunk_text(await self.model.ainvoke(prompt))
        message = Message(text=engine.feed_all(raw))
        await cite(message, raw)
        return message

    @staticmethod
    def _status_line(payload: dict[str, Any], outcome: StreamOutcome, *, empty: bool, judge: str = "") -> str:
        parts = [status_line(payload)]
        if judge:
            parts.append(judge)
        if outcome.error:
            parts.append(f"Stream ended early ({outcome.error}); the text so far was kept.")
        if empty:
            parts.append("The answer is empty.")
        return " ".join(parts)
