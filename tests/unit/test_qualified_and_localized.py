"""Qualified markers and localized keywords: hand-written expectations, and the engine's qualifiers."""

from __future__ import annotations

import pytest

from lfx_citations.core.engine import CitationFilter, filter_citations
from lfx_citations.core.grammar import KEYWORD_TABLE, neutralize_markers

PRESENTED = [1, 2, 3, 4]


@pytest.mark.parametrize(
    ("raw", "expected", "qualifiers"),
    [
        ("A [Source 6, p. 2].", "A.", []),
        ("A [Source 2: manual.pdf].", "A [Source 2].", [(2, "manual.pdf")]),
        ("A (Source: Document 4).", "A [Source 4].", []),
        ("A [Source 2 (p. 7)].", "A [Source 2].", [(2, "p. 7")]),
        (
            "A [Source 1, p. 3; Source 4, section 2].",
            "A [Source 1][Source 4].",
            [(1, "p. 3"), (4, "section 2")],
        ),
        ("A [Source 2: manual.pdf, p. 4].", "A [Source 2].", [(2, "manual.pdf; p. 4")]),
        ("A [Quelle 3] [Fuente 3].", "A [Source 3] [Source 3].", []),
        ("A [Quelle 2, S. 3].", "A [Source 2].", [(2, "S. 3")]),
        ("A [Источник 2, стр. 5].", "A [Source 2].", [(2, "стр. 5")]),
    ],
)
def test_qualified_and_localized_markers(raw: str, expected: str, qualifiers: list) -> None:
    engine = CitationFilter(PRESENTED)
    assert "".join(engine.feed(ch) for ch in raw) + engine.close() == expected
    assert engine.qualifiers == qualifiers


@pytest.mark.parametrize(
    "text",
    [
        "[Quelle: Wikipedia]",
        "(Abb. 3)",
        "[Tabelle 2]",
        "(Figure 3)",
        "(Section 2)",
        "[Table 1]",
        "(Dokument 2)",
    ],
)
def test_lookalikes_stay(text: str) -> None:
    assert filter_citations(f"See {text}.", PRESENTED).text == f"See {text}."


def test_every_language_of_the_table_is_read() -> None:
    assert set(KEYWORD_TABLE) >= {
        "en",
        "fr",
        "de",
        "es",
        "it",
        "pt",
        "nl",
        "pl",
        "sv",
        "ru",
        "zh",
        "ja",
        "ko",
    }
    for lang in KEYWORD_TABLE.values():
        for group in lang.values():
            for word in group:
                assert filter_citations(f"x [{word} 2].", [2]).text == "x [Source 2].", word
                assert filter_citations(f"x [{word.upper()} 9].", [2]).text == "x.", word
                assert neutralize_markers(f"[{word} 2]") == f"{word} 2", word
        for word in lang["source"]:
            assert filter_citations(f"x ({word} 2).", [2]).text == "x [Source 2].", word
