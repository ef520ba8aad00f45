"""The answer prompt: the citation rules always first, then the instructions, sources and question.

>>> prompt = build_prompt("What is water?", "[Source 1] water.pdf\\nWater is wet.", "Answer briefly.")
>>> prompt.startswith("Citation rules (always apply):")
True
>>> prompt.endswith("Question: What is water?")
True
"""

from __future__ import annotations

import re

DEFAULT_NO_EVIDENCE_ANSWER = "I couldn't find this in the provided sources."

CITATION_RULES = (
    "Citation rules (always apply):\n"
    "1. Answer only from the numbered sources below. After each factual claim, cite the source it comes "
    "from as [Source N], right after the claim.\n"
    "2. Use only the numbers shown in the sources below (each source starts with its [Source N] label). "
    "Never invent a number.\n"
    "3. When several sources support a claim, cite each one: [Source 1][Source 3].\n"
    '4. Do not add a bibliography, reference list or "Sources:" section at the end.\n'
    '5. If the sources do not contain the answer, reply exactly: "{no_evidence_answer}" and cite nothing.'
)

_PLACEHOLDER = re.compile(r"\{(question|context)\}")
# Rule 5 as build_prompt writes it: the no-evidence answer holds no double quote and no line break.
_NO_EVIDENCE_RULE = re.compile(r'reply exactly: "([^"\n]*)" and cite nothing\.')


def fill_instructions(instructions: str, question: str, context: str) -> tuple[str, bool, bool]:
    """Substitute ``{question}`` and ``{context}``; any other braces (JSON examples too) stay literal.

    Returns the text and whether each placeholder was used, so the missing ones can be appended.
    """
    used: set[str] = set()

    def fill(match: re.Match[str]) -> str:
        used.add(match[1])
        return question if match[1] == "question" else context

    return _PLACEHOLDER.sub(fill, instructions), "question" in used, "context" in used


def build_prompt(
    question: str, context: str, instructions: str = "", no_evidence_answer: str = "", *, history: str = ""
) -> str:
    """The prompt; ``history`` (the conversation so far) goes after the instructions, before the sources."""
    answer = " ".join((no_evidence_answer or DEFAULT_NO_EVIDENCE_ANSWER).split())
    parts = [CITATION_RULES.replace("{no_evidence_answer}", answer.replace('"', "'"))]
    has_question = has_context = False
    if instructions and instructions.strip():
        filled, has_question, has_context = fill_instructions(instructions.strip(), question, context)
        parts.append(filled)
    if history and history.strip():
        parts.append(f"Conversation so far:\n{history.strip()}")
    if not has_context:
        parts.append(f"Sources:\n{context}")
    if not has_question:
        parts.append(f"Question: {question}")
    return "\n\n".join(parts)


def no_evidence_answer_in(prompt: str) -> str:
    """The no-evidence answer a prompt written by :func:`build_prompt` asks for (the default if none).

    >>> no_evidence_answer_in(build_prompt("Q?", "ctx", no_evidence_answer="Not in the docs."))
    'Not in the docs.'
    """
    found = _NO_EVIDENCE_RULE.search(prompt or "")
    return found[1] if found else DEFAULT_NO_EVIDENCE_ANSWER
