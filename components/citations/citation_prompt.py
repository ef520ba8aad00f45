"""Citation Prompt: question + numbered context + optional admin instructions, with the citation rules always in.

The rules come first and are not editable: whatever an administrator writes in the instructions,
the model is told how to cite. The file stands alone (Langflow re-creates the node from this source).
"""

from __future__ import annotations

import re

from lfx.custom.custom_component.component import Component
from lfx.io import MessageTextInput, MultilineInput, Output
from lfx.schema.message import Message

DEFAULT_NO_EVIDENCE_ANSWER = "I couldn't find this in the provided sources."

CITATION_RULES = """\
Citation rules (always apply):
1. Answer only from the numbered sources below. After each factual claim, cite the source it comes from as [Source N], right after the claim.
2. Use only the numbers shown in the sources below (each source starts with its [Source N] label). Never invent a number.
3. When several sources support a claim, cite each one: [Source 1][Source 3].
4. Do not add a bibliography, reference list or "Sources:" section at the end.
5. If the sources do not contain the answer, reply exactly: "{no_evidence_answer}" and cite nothing."""

_PLACEHOLDER = re.compile(r"\{(question|context)\}")


def fill_instructions(instructions: str, question: str, context: str) -> tuple[str, bool, bool]:
    """Substitute ``{question}`` and ``{context}``; any other braces (JSON examples too) stay literal.

    Returns the text and whether each placeholder was used, so the missing ones can be appended.
    """
    used: set[str] = set()

    def fill(match: re.Match[str]) -> str:
        used.add(match[1])
        return question if match[1] == "question" else context

    return _PLACEHOLDER.sub(fill, instructions), "question" in used, "context" in used


def build_prompt(question: str, context: str, instructions: str = "", no_evidence_answer: str = "") -> str:
    answer = " ".join((no_evidence_answer or DEFAULT_NO_EVIDENCE_ANSWER).split())
    parts = [CITATION_RULES.replace("{no_evidence_answer}", answer.replace('"', "'"))]
    has_question = has_context = False
    if instructions and instructions.strip():
        filled, has_question, has_context = fill_instructions(instructions.strip(), question, context)
        parts.append(filled)
    if not has_context:
        parts.append(f"Sources:\n{context}")
    if not has_question:
        parts.append(f"Question: {question}")
    return "\n\n".join(parts)


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
        prompt = build_prompt(question, _text(self.context), _text(self.instructions), _text(self.no_evidence_answer))
        self.status = prompt
        return Message(text=prompt)
