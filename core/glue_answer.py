"""The Langflow inputs and steps the components that cite an answer share (the Citation
Post-Processor and the Citing Agent).

    >>> choice("bogus", ("off", "suggest", "insert"), "suggest")
    'suggest'
    >>> payload = {"sources": [{"id": 1, "document": "water.pdf", "text": "Water is wet."}]}
    >>> [block.title for block in sources_group(payload, {1: (0, 12)}, include_payload=False)]
    ['Sources']
    >>> [i.name for i in check_inputs()]
    ['support_check', 'cite_missing']
"""

from __future__ import annotations

from typing import Any

# lfx.custom before lfx.io: lfx 1.13 imports part of lfx.custom from lfx.io, and a component module
# imported after that (lfx.custom.custom_component.component) would then find its own package half-made.
import lfx.custom  # noqa: F401
from lfx.io import DropdownInput
from lfx.schema.content_types import CitationContent, ContentBlock, JSONContent

from lfx_citations.core.payload import SUPPORT_MODES, source_cards
from lfx_citations.core.uncited import CITE_MISSING_MODES


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
