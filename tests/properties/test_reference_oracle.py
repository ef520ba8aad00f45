"""The engine against an independent reference (``tests/support/reference.py``) on generated answers.

    .venv/bin/python -m pytest tests/properties/test_reference_oracle.py

The other engine properties compare the engine with itself (a second pass, another split). Here
the expected text, cited ids, removed markers and first-citation spans come from a short, slow
reference written from the documented grammar. The answers mix every marker form with near
misses, format characters inside markers, brackets, parentheses and backticks around them, code
spans and fences, link tails (hostile, titled, balanced, longer than ``LINK_WINDOW``) and fillers
that push markers across the engine's 8 KB one-shot slices.
"""

from __future__ import annotations

import re

from hypothesis import example, given
from hypothesis import strategies as st

from lfx_citations.components.citations.citation_post_processor import CitationFilter, filter_citations
from tests.support.reference import LINK_WINDOW, reference_filter
from tests.support.strategies import split_points

# fmt: off
INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u202e", "\u202c", "\u200e", "\u2066"]
# No signed numbers: "Source 1, 1 -1-1" reads differently since a word after a comma may be a qualifier.
NUMBERS = ["1", "2", "3", "5", "7", "9", "12", "0", "01", "00", "1.5", "\u0662", "\uff12", "99999999999"]
LABELS = [
    "Source ", "source ", "SOURCE ", "Sources: ", "sources ", "Source:", "Source #", " Source  ", "doc", "Doc ",
    "documents ", "citation:", "Citations ", "cite ", "ref#", "Refs ", "reference ",
    "\u017fource ", "c\u0131te ", "C\u0130TATION:",  # ſ, ı and İ fold to s and i
]
# Not generated: near-miss labels ("Sourc ", "Sauce "), "src" (in parentheses a marker now) and forms that became markers after the
# reference was written (qualifiers as in "[Source 1, p. 3]" or "[Source 1|a.pdf]", caret footnotes):
# a word after a comma in a labelled group is a qualifier now, which the reference does not model.
# Those forms are held by tests/properties/test_citation_like_oracle.py, an independent reader.
DASHES = ["-", "\u2013", " - ", "\u2014", "\u2212", "--"]
LABELLED_SEPARATORS = [", ", ",", "; ", " & ", " and ", ", and ", " ", " ,  ", " or "]
BARE_SEPARATORS = [",", ", ", ";", " ; ", " ", "\uff0c"]
LINK_TAILS = [
    "(https://x.example/a)", "( https://x.example/a )", "(\nhttps://x.example/a)", "(<https://x.example/a b>)",
    '(https://x.example/a "title")', "(javascript:alert(1))", "(/local/path)", "(#sources)", "(www.x.example)",
    "(2019)", "(see above)", "(https://x.example/a)(https://y.example/b)", " (https://x.example/a)",
    "(https://x.example/a", "(https://x.example/((a)))", "(data:text/html,<b>x</b>)",
]
AROUND = [("(", ")"), ("[", "]"), ("`", "`"), ("``", "``"), ("**", "**"), ("\u3010", "\u3011"), ("[[", "]]"), ("x", "")]
NEAR_MISSES = [
    "[Source]", "[source]", "[S1]", "[Chunk 1]", "[1 and 3]", "[Fe/H]", "[citation needed]", "[ ]",
    "[x]", "[Source 1", "Source 1]", "[Source\n1]", "(1)", "(2019)", "(doc 1)", "(ID: 2)", "\u30104:0\u2020source\u3011",
    "\u30103\u2020L5-L9\u3011", "\u3010F:a.ts\u2020L1-L5\u3011", "\u30103-1\u3011", "\ue200cite\ue202turn1view0\ue201",
    "\ue202turn0file0", "\ue202tur", "\ue200", "\ue201", "x[0]", "[[1]]", "\u00b3", "[ID:4]",
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
    if labelled:
        parts = [draw(st.sampled_from(LABELS)) + item()]
        for _ in range(count - 1):
            again = draw(st.sampled_from(LABELS)) if draw(st.booleans()) else ""
            parts.append(draw(st.sampled_from(LABELLED_SEPARATORS)) + again + item())
        inner = "".join(parts)
    else:
        # No caret footnotes ("[^1]"): glued to a word they became markers after the reference was
        # written; the survey holds them (tests/unit/test_marker_forms.py).
        inner = item()
        for _ in range(count - 1):
            inner += draw(st.sampled_from(BARE_SEPARATORS)) + item()
    inner = draw(st.sampled_from(["", " ", "  "])) + inner + draw(st.sampled_from(["", " "]))
    opener, closer = draw(st.sampled_from([("[", "]"), ("[", "]"), ("\u3010", "\u3011"), ("(", ")")]))
    marker = opener + inner + closer
    for _ in range(draw(st.integers(0, 2))):
        at = draw(st.integers(0, len(marker)))
        marker = marker[:at] + draw(st.sampled_from(INVISIBLE)) + marker[at:]
    if draw(st.integers(0, 4)) == 0:
        marker += draw(st.sampled_from(LINK_TAILS))
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
_SPACES_PAST_AN_OPEN_OPENER = re.compile("[\\[(\u3010\ue200][^\n\\])\u3011\ue201]*[ \t]{48,}")


# Not a defect: the reference predates qualified markers (#12), so it reads `[Source 1(1)]`, left
# when a nested marker is removed from `[Source 1[Source 1-1](1)]`, as text, where the engine reads
# a marker with a page qualifier (tests/unit/test_oracle_regressions.py::test_a_removal_can_leave_a_qualified_marker).
_KEYWORD_THEN_NESTED_GROUP = re.compile(r"Source \d+\[")
answers = answers.filter(
    lambda text: not _SPACES_PAST_AN_OPEN_OPENER.search(text) and not _KEYWORD_THEN_NESTED_GROUP.search(text)
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
