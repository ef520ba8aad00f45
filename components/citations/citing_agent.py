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

from lfx_citations.core.glue_answer import CitingRun, FilteredTokens, check_inputs, cite_agent_answer
from lfx_citations.core.payload import status_line
from lfx_citations.core.presented import prior_sources, share_prior

_HISTORY_MESSAGES = 100  # as many as the Citing Retriever would read itself (its last 50 answers)


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
        citing = CitingRun(self)
        manager = self._event_manager
        self.__dict__["_citing_run"] = citing
        if manager is not None:
            self._event_manager = FilteredTokens(manager, citing)
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

    def _cite(self, result: Message, citing: CitingRun) -> None:
        """Filter the answer (the rest of the stream, or all of it) and attach the cited sources."""
        cite_agent_answer(
            result,
            citing,
            self._event_manager,
            scope=self.sources_scope or "cited",
            include_payload=bool(self.include_payload),
        )
