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
from typing import Any

from lfx.custom.custom_component.component import Component
from lfx.io import BoolInput, DropdownInput, HandleInput, MessageInput, Output
from lfx.schema.message import Message

from lfx_citations.core.engine import CitationFilter, FilterResult
from lfx_citations.core.glue_answer import (
    answer_from_model,
    build_content_blocks,
    check_inputs,
    choice,
    consult_judge,
    message_text,
    presented_records,
    status_text,
)
from lfx_citations.core.payload import SupportLedger, added_notes, build_payload
from lfx_citations.core.prompt import no_evidence_answer_in
from lfx_citations.core.stream import StreamOutcome
from lfx_citations.core.uncited import CITE_MISSING_MODES, uncited_claims

__all__ = ["CitationPostProcessorComponent", "build_content_blocks"]


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
        graph = getattr(getattr(self, "_vertex", None), "graph", None)
        records = presented_records(self.sources, graph, self.answer)
        links = {r["id"]: r["url"] for r in records if r.get("url")}
        cite_missing = choice(self.cite_missing, CITE_MISSING_MODES, "suggest")
        ledger = SupportLedger(records, self.support_check or "flag", cite_missing)
        prompt = message_text(self.prompt, "prompt") if self.prompt not in (None, "") else ""
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
            judge_note = await consult_judge(self.judge_model, ledger, result)
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
            message = await answer_from_model(self, engine, outcome, cite)
        elif self.answer not in (None, ""):
            raw = message_text(self.answer)
            message = Message(text=engine.feed_all(raw))
            await cite(message, raw)
        else:
            msg = "Connect a Language Model (with a Prompt) or an Answer to cite."
            raise ValueError(msg)

        # The stored message keeps the cards; the payload lives on in this run (Message.data does not
        # survive the store).
        message.data["citations"] = done["payload"]
        self.status = status_text(done["payload"], outcome, empty=done["empty"], judge=done["judge"])
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
