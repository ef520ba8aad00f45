"""The engine against an independent reference (``tests/support/reference.py``) on generated answers.

    .venv/bin/python -m pytest tests/properties/test_reference_oracle.py

The other engine properties compare the engine with itself (a second pass, another split). Here
the expected text, cited ids, removed markers and first-citation spans come from a short, slow
reference written from the documented grammar. The answers mix every marker form (qualifiers,
keywords in 13 languages, braces, caret footnotes and ``[[N]](url)`` included) with near
misses, format characters inside markers, brackets, parentheses and backticks around them, code
spans and fences, link tails (hostile, titled, balanced, longer than ``LINK_WINDOW``) and fillers
that push markers across the engine's 8 KB one-shot slices.
"""

from __future__ import annotations

import re

from hypothesis import example, given
from hypothesis import strategies as st

from lfx_citations.core.engine import CitationFilter, filter_citations
from tests.support.reference import LINK_WINDOW, reference_filter
from tests.support.strategies import split_points

# fmt: off
INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u202e", "\u202c", "\u200e", "\u2066"]
# No signed numbers: "Source 1, 1 -1-1" reads differently since a word after a comma may be a qualifier.
NUMBERS = ["1", "2", "3", "5", "7", "9", "12", "0", "01", "00", "1.5", "\u0662", "\uff12", "99999999999"]
LABELS = [
    "Source ", "source ", "SOURCE ", "Sources: ", "sources ", "Source:", "Source #", " Source  ", "doc", "Doc ",
    "documents ", "citation:", "Citations ", "cite ", "ref#", "Refs ", "reference ", "src ", "Source: Document ",
    "\u017fource ", "c\u0131te ", "C\u0130TATION:",  # ſ, ı and İ fold to s and i
    "Quelle ", "quellen: ", "Fuente ", "Fonte ", "Bron ", "K\u00e4lla ", "\u0179r\u00f3d\u0142o ",
    "\u0418\u0441\u0442\u043e\u0447\u043d\u0438\u043a ", "\u6765\u6e90\uff1a", "\u51fa\u5178 ",
    "\ucd9c\ucc98 ", "Dokument ", "r\u00e9f\u00e9rence ",
]
# Qualifiers a model adds after an item: pages, sections, notes in parentheses, file names.
QUALIFIERS = [
    ", p. 3", " p. 12", ", pp. 3-4", ", S. 3", ": manual.pdf", ", Installation Guide", " (p. 7)", ", section 2",
    " (manual.pdf)", ", \u0441\u0442\u0440. 5", " \u00a7 4", ", page 2", ": a.pdf, p. 4", ", `x`", " (`x`)",
]
# Not generated: near-miss labels ("Sourc ", "Sauce ").
DASHES = ["-", "\u2013", " - ", "\u2014", "\u2212", "--"]
LABELLED_SEPARATORS = [", ", ",", "; ", " & ", " and ", ", and ", " ", " ,  ", " or ", "\u3001", "\uff0c", "\uff1b"]
BARE_SEPARATORS = [",", ", ", ";", " ; ", " ", "\uff0c"]
LINK_TAILS = [
    "(https://x.example/a)", "( https://x.example/a )", "(\nhttps://x.example/a)", "(<https://x.example/a b>)",
    '(https://x.example/a "title")', "(javascript:alert(1))", "(/local/path)", "(#sources)", "(www.x.example)",
    "(2019)", "(see above)", "(https://x.example/a)(https://y.example/b)", " (https://x.example/a)",
    "(https://x.example/a", "(https://x.example/((a)))", "(data:text/html,<b>x</b>)",
]
AROUND = [
    ("(", ")"), ("[", "]"), ("`", "`"), ("``", "``"), ("**", "**"), ("\u3010", "\u3011"), ("[[", "]]"), ("x", ""),
    ("{", "}"), ("^", "^"),
]
NEAR_MISSES = [
    "[Source]", "[source]", "[S1]", "[Chunk 1]", "[1 and 3]", "[Fe/H]", "[citation needed]", "[ ]",
    "[x]", "[Source 1", "Source 1]", "[Source\n1]", "(1)", "(2019)", "(doc 1)", "(ID: 2)", "\u30104:0\u2020source\u3011",
    "\u30103\u2020L5-L9\u3011", "\u3010F:a.ts\u2020L1-L5\u3011", "\u30103-1\u3011", "\ue200cite\ue202turn1view0\ue201",
    "\ue202turn0file0", "\ue202tur", "\ue200", "\ue201", "x[0]", "[[1]]", "\u00b3", "[ID:4]",
    "[Quelle: Wikipedia]", "(Abb. 3)", "[Tabelle 2]", "(Figure 3)", "(Dokument 2)", "{x}", "{{url}}", '{"a": 1}',
    "[[Source 1]]", "[[1]] ", "x^[1]",
    "[" + "Source " + "1" * 60 + "]", "[Source " + " " * 58 + "1]", "[Source 1]" + "(" * 3,
]
CODE = ["`", "``", "```", "\n```\n", "\n```python\n", "\n~~~\n", "~~", "~~~", "\n\n", "\n", "  ```", "````"]
# fmt: on
# No "b": in parentheses it may begin a source word in another language ("(bron 3)").
PLAIN = st.text(alphabet="ax 1\t\n.,;:!?_*'\"()[]`~-\u3010\u3011\u00bb\u2026}x", max_size=8)


@st.composite
def markers(draw: st.DrawFn) -> str:
    """One would-be marker: a label or none, numbers, groups, ranges, any bracket, a link tail."""

    def item() -> str:
        first = draw(st.sampled_from(NUMBERS) | st.integers(0, 14).map(str))
        if draw(st.booleans()):
            return first
        return (
            first
            + draw(st.sampled_from(DASHES))
            + draw(st.sampled_from(NUMBERS) | st.integers(0, 14).map(str))
        )

    labelled = draw(st.booleans())
    count = draw(st.integers(1, 3))

    def qualifier() -> str:
        return draw(st.sampled_from(QUALIFIERS)) if draw(st.integers(0, 3)) == 0 else ""

    if labelled:
        parts = [draw(st.sampled_from(LABELS)) + item() + qualifier()]
        for _ in range(count - 1):
            again = draw(st.sampled_from(LABELS)) if draw(st.booleans()) else ""
            parts.append(draw(st.sampled_from(LABELLED_SEPARATORS)) + again + item() + qualifier())
        inner = "".join(parts)
    else:
        inner = item()
        for _ in range(count - 1):
            inner += draw(st.sampled_from(BARE_SEPARATORS)) + item()
        if draw(st.integers(0, 4)) == 0:  # a footnote: [^1], [^1^]
            inner = "^" + inner + draw(st.sampled_from(["", "^"]))
    inner = draw(st.sampled_from(["", " ", "  "])) + inner + draw(st.sampled_from(["", " "]))
    opener, closer = draw(
        st.sampled_from(
            [("[", "]"), ("[", "]"), ("\u3010", "\u3011"), ("(", ")"), ("{", "}"), ("{{", "}}"), ("[[", "]]")]
        )
    )
    marker = opener + inner + closer
    for _ in range(draw(st.integers(0, 2))):
        at = draw(st.integers(0, len(marker)))
        marker = marker[:at] + draw(st.sampled_from(INVISIBLE)) + marker[at:]
    if draw(st.integers(0, 4)) == 0:
        marker += draw(st.sampled_from([*LINK_TAILS, "()"]))
    if draw(st.integers(0, 5)) == 0:
        before, after = draw(st.sampled_from(AROUND))
        marker = before + marker + after
    return draw(st.sampled_from(["", " ", "  ", "\t", "\n", "word", "x", ".", "_", "`"])) + marker


# Long pieces: a marker straddling the 8 KB one-shot slice, a link tail either side of LINK_WINDOW.
fillers = st.one_of(
    st.integers(8150, 8200).map(lambda n: "w" * n),
    st.integers(8150, 8200).map(lambda n: " " * n),
    st.integers(LINK_WINDOW - 24, LINK_WINDOW - 16).map(
        lambda n: "[Source 1](https://x.example/" + "a" * n + ")"
    ),
    st.integers(LINK_WINDOW - 24, LINK_WINDOW - 16).map(
        lambda n: "[Source 9](https://x.example/" + "a" * n + ")"
    ),
)
pieces = st.one_of(markers(), st.sampled_from(NEAR_MISSES), st.sampled_from(CODE), PLAIN)
answers = st.tuples(st.lists(pieces, max_size=30), st.lists(fillers, max_size=1), st.integers(0, 30)).map(
    lambda t: "".join(t[0][: t[2]] + t[1] + t[0][t[2] :])
)
presented_ids = st.lists(st.integers(min_value=1, max_value=12), max_size=6, unique=True)

# Not a defect: an opener the engine already let through as text (its window ran out) keeps the
# spaces before a later invalid marker, which the reference would remove
# (tests/unit/test_oracle_regressions.py::test_spaces_stay_when_an_opener_already_shown_could_still_grow).
_SPACES_PAST_AN_OPEN_OPENER = re.compile("[\\[({\u3010\ue200][^\n\\])}\u3011\ue201]*[ \t]{48,}")


# A known limit, not fixed: a removal right after `[[N]]` (or inside the parenthesis after it) can
# leave Onyx's `[[N]]()` behind a group the engine already let through as text
# (tests/unit/test_oracle_regressions.py::test_known_limit_a_removal_after_a_double_bracket_can_leave_an_empty_link).
_OPENER_AFTER_A_DOUBLE_BRACKET = re.compile(
    "\\]\\][ \t]*(?:\\([ \t]*[\\[({\u3010\ue200\ue202]|[\\[{\u3010\ue200\ue202])"
)
answers = answers.filter(
    lambda text: (
        not _SPACES_PAST_AN_OPEN_OPENER.search(text) and not _OPENER_AFTER_A_DOUBLE_BRACKET.search(text)
    )
)


def assert_matches_reference(text: str, presented: list[int], cuts: list[int] | None = None) -> None:
    expected = reference_filter(text, presented)
    if cuts is None:
        got = filter_citations(text, presented)
        out, cited, removed, reported, spans = got.text, got.cited, got.removed, got.reported, got.first_spans
    else:
        engine = CitationFilter(presented)
        out = "".join(engine.feed(part) for part in split_points(text, cuts)) + engine.close()
        cited, removed, reported, spans = engine.cited, engine.removed, engine.reported, engine.first_spans
    assert out == expected.text
    assert cited == expected.cited
    assert spans == expected.first_spans
    assert reported == expected.reported
    assert removed == expected.removed


@given(answers, presented_ids)
@example("Water [1] and ice [Source 9].", [1])
@example("w" * 8185 + "[Sou\u200brce 9] [Source 1](https://x.example/a)", [1])
def test_engine_matches_the_reference(text: str, presented: list[int]) -> None:
    assert_matches_reference(text, presented)


@given(answers, presented_ids, st.lists(st.integers(min_value=0, max_value=20_000), max_size=12))
def test_streamed_engine_matches_the_reference(text: str, presented: list[int], cuts: list[int]) -> None:
    assert_matches_reference(text, presented, cuts)
