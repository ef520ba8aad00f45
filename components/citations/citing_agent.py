"""Citing Agent: Langflow's Agent whose answer streams with its citations already checked.

In a flow: Chat Input -> Input; the Citing Retriever's Tool -> Tools; a model -> Language Model;
Response -> Chat Output (wired straight to it, as Langflow's Agent streams only then). Every token
the model writes goes through the citation filter before it is shown: a marker is kept only for a
chunk the Citing Retriever presented in this run, then the answer ends with the cited sources as
source cards, as the Citation Post-Processor attaches them. In code::

    agent = CitingAgentComponent()
    agent.set(model=chat_model, tools=citing_retriever.build_tool(), input_value="What is water?")
    message = await agent.message_response()  # cited text, data["citations"], source cards

The Langflow glue only: the logic lives in ``lfx_citations.core``, which the standalone node of
``flows/standalone/`` carries as text (``scripts/build_components.py``).
"""

from __future__ import annotations

from typing import Any

from lfx.components.models_and_agents.agent import AgentComponent
from lfx.io import BoolInput, DropdownInput, Output
from lfx.schema.message import Message

from lfx_citations.core.engine import CitationFilter, FilterResult
from lfx_citations.core.glue_answer import check_inputs, choice, sources_group
from lfx_citations.core.payload import (
    SupportLedger,
    added_notes,
    build_payload,
    read_sources,
    status_line,
)
from lfx_citations.core.presented import presented_in_run, prior_sources, share_prior
from lfx_citations.core.uncited import CITE_MISSING_MODES, uncited_claims

_HISTORY_MESSAGES = 100  # as many as the Citing Retriever would read itself (its last 50 answers)


class _FilteredTokens:
    """The agent's event manager, with each token run through the citation filter first."""

    def __init__(self, manager: Any, citing: _CitingRun) -> None:
        self.inner = manager
        self._citing = citing

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def on_token(self, data: dict[str, Any] | None = None, **kwargs: Any) -> None:
        chunk = (data or {}).get("chunk")
        text = self._citing.feed(chunk if isinstance(chunk, str) else "")
        if text:
            self.inner.on_token(data={**(data or {}), "chunk": text}, **kwargs)


class _CitingRun:
    """One run's filter: the numbers it accepts grow as the Citing Retriever presents chunks, and so
    do the sources the support check reads."""

    def __init__(self, component: CitingAgentComponent) -> None:
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


class CitingAgentComponent(AgentComponent):
    display_name = "Citing Agent"
    description = (
        "The Agent, citing its sources: use it with the Citing Retriever tool and wire it straight to Chat "
        "Output. Its answer streams with only valid [Source N] markers, and ends with the cited sources as "
        "source cards."
    )
    icon = "BotMessageSquare"
    name = "CitingAgent"

    inputs = [
        *AgentComponent.inputs,
        *check_inputs(advanced=True),
        DropdownInput(
            name="sources_scope",
            display_name="Sources Scope",
            options=["cited", "presented"],
            value="cited",
            advanced=True,
            info="cited: only the cited sources. presented: every source the agent was shown, cited first.",
        ),
        BoolInput(
            name="include_payload",
            display_name="Include JSON Payload",
            value=False,
            advanced=True,
            info="Also put the citation payload in the message's Sources group as JSON content.",
        ),
    ]
    outputs = [Output(name="response", display_name="Response", method="message_response")]

    async def run_agent(self, agent: Any) -> Message:
        citing = _CitingRun(self)
        manager = self._event_manager
        self.__dict__["_citing_run"] = citing
        if manager is not None:
            self._event_manager = _FilteredTokens(manager, citing)
        try:
            result = await super().run_agent(agent)
        finally:
            self._event_manager = manager
            self.__dict__.pop("_citing_run", None)
        # Cited in the agent's final write already (the text and cards came back from the store, the
        # payload does not survive it), else now: the agent never sent a final message.
        self._cite(result, citing)
        payload = result.data["citations"]
        self.status = status_line(payload)
        return result

    async def get_memory_data(self) -> Any:
        # The conversation the agent reads anyway: the Citing Retriever takes the numbers cited in it
        # from the run instead of reading the store a second time.
        messages = await super().get_memory_data()
        graph = getattr(getattr(self, "_vertex", None), "graph", None)
        reads_enough = self.n_messages is None or int(self.n_messages) >= _HISTORY_MESSAGES
        if graph is not None and self.n_messages != 0 and reads_enough and not self.context_id:
            share_prior(graph.context, str(graph._run_id or ""), prior_sources(messages))
        return messages

    async def send_message(
        self, message: Message, id_: str | None = None, *, skip_db_update: bool = False
    ) -> Any:
        citing = self.__dict__.get("_citing_run")
        if citing is not None and citing.streamed:
            # While streaming, the agent re-sends its whole message after each model round: show the
            # filtered text so far, never the round's raw text.
            message.text = citing.shown
        if citing is not None and not skip_db_update and message.properties.state == "complete":
            # The agent's final write: the checked text and the cards go into it, not into one more.
            self._cite(message, citing)
        return await super().send_message(message, id_=id_, skip_db_update=skip_db_update)

    def _cite(self, result: Message, citing: _CitingRun) -> None:
        """Filter the answer (the rest of the stream, or all of it) and attach the cited sources."""
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
            manager = self._event_manager
            if isinstance(manager, _FilteredTokens):  # cited inside the run: the tail is filtered already
                manager = manager.inner
            if tail and manager is not None and result.get_id():
                manager.on_token(data={"chunk": tail, "id": str(result.get_id())})
            text = citing.shown + tail
        else:
            text = engine.feed_all(result.text or "")
        filtered = FilterResult.of(text, engine)
        ledger = citing.ledger(records)
        payload = build_payload(filtered, records, scope=self.sources_scope or "cited", ledger=ledger)
        result.text = text
        added = added_notes(filtered)
        group = sources_group(
            payload, filtered.first_spans, added, include_payload=bool(self.include_payload)
        )
        result.content_blocks = [*(result.content_blocks or []), *group]
        result.data["citations"] = payload
        citing.cited = (text, payload, group)
