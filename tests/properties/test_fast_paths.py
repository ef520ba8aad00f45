"""Each fast path gives exactly what the plain definition it shortcuts gives.

The fast paths exist for speed (see docs/benchmarks.md); these properties pin them to the slow,
obviously correct versions written out here.
"""

from __future__ import annotations

import html
import re
import unicodedata
from pathlib import PurePosixPath, PureWindowsPath
from urllib.parse import urlsplit

from hypothesis import example, given
from hypothesis import strategies as st

from lfx_citations.core import engine, grammar, links, sources
from lfx_citations.core import text as core_text

PATHISH = st.text(alphabet=st.sampled_from("ab.c/\\: _-é1"), max_size=24)


def document_name_by_pathlib(value: object) -> str:
    text = " ".join(str(value).split()) if value is not None else ""
    if links.safe_http_url(text):
        parts = urlsplit(text)
        return PurePosixPath(parts.path).name or parts.netloc
    if "/" in text or "\\" in text:
        return PureWindowsPath(text).name or PurePosixPath(text).name or text
    return text


@given(PATHISH)
@example("docs/./a.pdf")
@example("a/.")
@example("a/..")
@example("./a")
@example("//server/share/file.pdf")
@example("C:\\docs\\a.pdf")
@example("docs/a.pdf/")
@example(".")
def test_document_name_matches_pathlib(value: str) -> None:
    assert links.document_name(value) == document_name_by_pathlib(value)


def script_link_by_unicode(value: str) -> bool:
    bare = "".join(c for c in html.unescape(value) if unicodedata.category(c)[0] not in "CZ")
    return bool(sources._SCRIPT_SCHEMES.match(bare))


@given(st.text(alphabet=st.sampled_from("javscriptdaf:/ \t\x00\x7f&#;x1é\u200b"), max_size=20))
@example(" java\tscript:alert(1)")
@example("data\x00:text/html,x")
@example("&#106;avascript:x")
def test_json_safe_string_fast_path_matches_the_unicode_definition(value: str) -> None:
    expected = None if (":" in value or "&" in value) and script_link_by_unicode(value) else value
    assert sources.json_safe(value) == expected


def snippet_by_flattening_all(text: str, limit: int) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "\u2026"


@given(st.text(alphabet=st.sampled_from("ab \n\t."), max_size=80), st.integers(min_value=2, max_value=12))
@example("a" + " " * 50 + "b", 3)
@example("ab" * 10, 5)
def test_snippet_matches_flattening_the_whole_text(value: str, limit: int) -> None:
    assert core_text.snippet(value, limit) == snippet_by_flattening_all(value, limit)


@given(
    st.sampled_from(["Source ", ""]),
    st.integers(min_value=0, max_value=10**10),
    st.booleans(),
    st.booleans(),
)
def test_simple_marker_fast_path_matches_the_general_grammar(
    word: str, number: int, bare: bool, keyword: bool
) -> None:
    presented = [1, 2, 3, 7, 10, 999, 10**9 + 7]
    inner = f"{word}{number}"
    # A leading space takes the general path; the grammar allows it, so the answer must not change.
    assert grammar.parse_marker_inner(
        inner, presented, bare=bare, keyword=keyword
    ) == grammar.parse_marker_inner(" " + inner, presented, bare=bare, keyword=keyword)


def neutralize_by_definition(value: str) -> str:
    """Both passes (plain groups, then groups holding a qualifier) until nothing changes, no shortcut."""
    value = value.translate(grammar._PRIVATE_USE_MARKS)
    while True:
        new = grammar._GROUP.sub(grammar._neutralize_group, value)
        new = grammar._QUALIFIED_GROUP.sub(grammar._neutralize_group, new)
        if new == value:
            return value
        value = new


@given(st.text(alphabet=st.sampled_from("ab [](){}\u3010\u3011\u2020\ue200\ue201\ue2021 S"), max_size=40))
@example("plain text, no brackets")
@example("x\ue201 [Source 1]")
def test_neutralize_fast_paths_match_the_definition(value: str) -> None:
    assert grammar.neutralize_markers(value) == neutralize_by_definition(value)


# Where the engine's plain text ends, as one pattern: an opener with the spaces before it, a code mark or
# newline, or trailing spaces. Right, but it tries every start inside a run of spaces (quadratic).
PLAIN_END_DEFINITION = re.compile(r"[ \t]*[" + re.escape("".join(grammar.OPENERS)) + r"]|[`~\n]|[ \t]+\Z")


@given(
    st.text(
        alphabet=st.sampled_from([" ", "\t", "a", "\n", "`", "~", "]", ")", *grammar.OPENERS]), max_size=30
    ),
    st.integers(min_value=0, max_value=30),
)
@example("a  [1]", 0)
@example("a  [1]", 2)
@example("a \t ", 1)
@example("  \n[", 0)
def test_plain_end_matches_the_one_pattern_definition(value: str, start: int) -> None:
    start = min(start, len(value))
    found = PLAIN_END_DEFINITION.search(value, start)
    assert engine._plain_end(value, start) == (found.start() if found else len(value))


HEADER_PIECES = st.sampled_from(
    [
        "Source",
        "source",
        "Quelle",
        "SRC",
        "Ѕоurсе",
        "[",
        "#",
        " ",
        "  ",
        ":",
        "#",
        "No.",
        "n",
        "3",
        "12",
        "３",
        "]",
        " — ",
        "page",
        "\u200b",
        "\u0301",
        "\t",
        "é",
        "x",
        "guide_1.pdf",
        "-",
        "\u2014",
    ]
)


@given(st.lists(HEADER_PIECES, max_size=12).map("".join))
@example("Source 1] Guide 0 — page 1")
@example("Source 1 — page")
@example("Source 1３ — page")
def test_header_fast_paths_match_folding_every_character(line: str) -> None:
    # The ASCII-run shortcut of sources._header_at must agree with the definition on every line
    # that is not all ASCII (an all-ASCII line is read lowered, its own documented path).
    lead = sources._ASCII_LEAD.match(line).end()
    head = line[lead : lead + sources._HEADER_PEEK]
    if head.isascii():
        return
    assert sources._header_at(line, 0) == sources._folded_header_at(line, lead)
