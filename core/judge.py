"""The optional LLM judge: one batched call settles the citations the lexical check is unsure of.

    >>> prompt = judge_prompt([("Water boils at 100 °C", "At sea level water boils at 100 °C.")])
    >>> prompt.splitlines()[0]
    'You check whether sources state claims. For each numbered item below, read the CLAIM and the SOURCE.'
    >>> parse_judge_reply("1: supported", 1)
    {1: 'supported'}
    >>> parse_judge_reply("I think it is fine.", 1) is None
    True

The prompt is fixed (documented in docs/guarantees.md) so that verdicts do not depend on who wrote
the flow. A reply that does not give exactly one verdict per item is out of format and changes
nothing: the lexical verdicts stand.
"""

from __future__ import annotations

import re

JUDGE_VERDICTS = ("supported", "partial", "unsupported", "contradicted")
#: Characters of each source passage shown to the judge; chunks are about 1 KB.
JUDGE_SOURCE_CHARS = 1500

JUDGE_INSTRUCTIONS = (
    "You check whether sources state claims. For each numbered item below, read the CLAIM and the SOURCE.\n"
    "Answer with one line per item and nothing else, in the form <item number>: <verdict>, where the\n"
    "verdict is supported (the source states everything the claim says), partial (the source states part\n"
    "of it), unsupported (the source does not state it) or contradicted (the source states it otherwise: a\n"
    "negation, number, name or direction differs). Judge only by the source, not by what you know."
)
_LINE = re.compile(
    rf"\s*(?:item\s*)?(\d+)\s*[:.)\-]\s*\**\s*({'|'.join(JUDGE_VERDICTS)})\b\**\s*\.?\s*", re.I
)


def judge_prompt(items: list[tuple[str, str]]) -> str:
    """The one prompt for a batch of ``(claim, source text)`` items, numbered from 1."""
    blocks = [
        f"Item {n}\nCLAIM: {' '.join(claim.split())}\nSOURCE: {' '.join(source.split())[:JUDGE_SOURCE_CHARS]}"
        for n, (claim, source) in enumerate(items, start=1)
    ]
    return JUDGE_INSTRUCTIONS + "\n\n" + "\n\n".join(blocks)


def parse_judge_reply(reply: str, count: int) -> dict[int, str] | None:
    """``{item: verdict}`` for items 1..count, or None unless every item has exactly one verdict."""
    verdicts: dict[int, str] = {}
    for line in reply.splitlines():
        if not line.strip():
            continue
        match = _LINE.fullmatch(line)
        if match is None:
            return None
        item = int(match[1])
        if item in verdicts or not 1 <= item <= count:
            return None
        verdicts[item] = match[2].lower()
    return verdicts if len(verdicts) == count else None
