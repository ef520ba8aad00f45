"""Citation Prompt: question, numbered context and optional instructions, with the citation rules always in.

In a flow: Chat Input -> Question, the parser's Context -> Context; Prompt -> the Citation
Post-Processor. In code::

    component = CitationPromptComponent()
    component.set(question="What is water?", context="[Source 1] water.pdf\nWater is wet.")
    component.build_prompt_message().text  # the rules, then "Sources: …", then "Question: What is water?"

The Langflow glue only: the rules and the prompt's shape live in ``lfx_citations.core.prompt``.
"""

from __future__ import annotations

from lfx.custom.custom_component.component import Component
from lfx.io import MessageTextInput, MultilineInput, Output
from lfx.schema.message import Message

from lfx_citations.core.prompt import DEFAULT_NO_EVIDENCE_ANSWER, build_prompt


def _text(value: object) -> str:
    if isinstance(value, Message):
        return value.text if isinstance(value.text, str) else ""
    return "" if value is None else str(value)


class CitationPromptComponent(Component):
    display_name = "Citation Prompt"
    description = (
        "Builds the answer prompt from the question, the numbered context and optional custom instructions, "
        "and always adds the citation rules."
    )
    icon = "MessageSquareQuote"
    name = "CitationPrompt"

    inputs = [
        MessageTextInput(
            name="question",
            display_name="Question",
            required=True,
            info="The user's question: connect Chat Input, or pass text.",
        ),
        MessageTextInput(
            name="context",
            display_name="Context",
            required=True,
            info="The Indexed Retrieved-Data Parser's Context output (the numbered sources).",
        ),
        MultilineInput(
            name="instructions",
            display_name="Instructions",
            value="",
            info=(
                "Optional custom answer prompt. May use {question} and {context}; any other braces stay as "
                "written. The citation rules are added whatever it says, and the context and question are "
                "added if it leaves them out."
            ),
        ),
        MessageTextInput(
            name="history",
            display_name="Conversation History",
            required=False,
            info=(
                "Optional: the conversation so far, e.g. Message History's Messages. Earlier answers keep "
                "their [Source N] markers; with the parser keeping numbers across turns they still mean the "
                "same chunks."
            ),
        ),
        MessageTextInput(
            name="no_evidence_answer",
            display_name="No-Evidence Answer",
            value=DEFAULT_NO_EVIDENCE_ANSWER,
            advanced=True,
            info="What the model must reply, without citations, when the sources do not contain the answer.",
        ),
    ]

    outputs = [Output(display_name="Prompt", name="prompt", method="build_prompt_message")]

    def build_prompt_message(self) -> Message:
        question = _text(self.question).strip()
        if not question:
            msg = "The Question input is empty."
            raise ValueError(msg)
        prompt = build_prompt(
            question,
            _text(self.context),
            _text(self.instructions),
            _text(self.no_evidence_answer),
            history=_text(getattr(self, "history", None)),
        )
        self.status = prompt
        return Message(text=prompt)
