"""The visible-safety guarantee, checked by an oracle that does not use the engine's grammar.

A group is *citation-like* when it is bracketed (``[]``, ``【】``, ``{}``, ``{{}}``, or ``()`` with a
``source`` word),
fits the marker window, and holds a citation keyword (any supported language) followed by a number,
with or without qualifiers. After post-processing, every citation-like group outside code is either
canonical and valid (``[Source N]`` with N presented) or gone. The generator draws the keywords from
the grammar's table; the reader below is a short regular expression written here.
"""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from lfx_citations.core.engine import filter_citations
from lfx_citations.core.grammar import KEYWORD_TABLE, MARKER_WINDOW

SOURCE_WORDS = sorted({w for lang in KEYWORD_TABLE.values() for w in lang["source"]})
ALL_WORDS = sorted({w for lang in KEYWORD_TABLE.values() for group in lang.values() for w in group})
QUALIFIERS = [
    "",
    ", p. 3",
    " p. 12",
    ", pp. 3-4",
    ", S. 3",
    ": manual.pdf",
    ", Installation Guide",
    " (p. 7)",
    ", section 2",
    " (manual.pdf)",
    ": report.pdf, p. 4",
    ", стр. 5",
]


def _oracle_offenders(text: str, presented: list[int]) -> list[str]:
    """Citation-like groups a reader would still see that are not canonical and valid."""
    words = "|".join(re.escape(w) for w in sorted(ALL_WORDS, key=len, reverse=True))
    paren_words = "|".join(re.escape(w) for w in sorted(SOURCE_WORDS, key=len, reverse=True))
    number = r"[-+\u2212]?\d"
    pattern = re.compile(
        rf"\[[^\[\]\n]*?(?:{words})\s*[:#\uff1a]?\s*{number}[^\[\]\n]*\]"
        rf"|\u3010[^\u3010\u3011\n]*?(?:{words})\s*[:#\uff1a]?\s*{number}[^\u3010\u3011\n]*\u3011"
        rf"|\(\s*(?:{paren_words})\s*[:#\uff1a]?[^()\n]*?{number}[^()\n]*\)"
        rf"|\{{\{{[^{{}}\n]*?(?:{words})\s*[:#\uff1a]?\s*{number}[^{{}}\n]*\}}\}}"
        rf"|\{{[^{{}}\n]*?(?:{words})\s*[:#\uff1a]?\s*{number}[^{{}}\n]*\}}",
        re.IGNORECASE,
    )
    offenders = []
    for match in pattern.finditer(text):
        group = match[0]
        if len(group) > MARKER_WINDOW:
            continue
        canonical = re.fullmatch(r"\[Source ([1-9][0-9]*)\]", group)
        if canonical is None or int(canonical[1]) not in presented:
            offenders.append(group)
    return offenders


@st.composite
def citation_like(draw) -> str:
    opener, closer = draw(
        st.sampled_from([("[", "]"), ("\u3010", "\u3011"), ("(", ")"), ("{", "}"), ("{{", "}}")])
    )
    word = draw(st.sampled_from(SOURCE_WORDS if opener == "(" else ALL_WORDS))
    word = draw(st.sampled_from([word, word.upper(), word.capitalize()]))
    number = draw(st.sampled_from(["1", "2", "3", "7", "0", "-1", "2.5", "01", "99"]))
    sep = draw(st.sampled_from([" ", "", ": ", " : ", "#", "\uff1a", "  "]))
    qualifier = draw(st.sampled_from(QUALIFIERS))
    more = draw(st.sampled_from(["", ", 2", "; Source 3", ", 9", "-3"]))
    pad = draw(st.sampled_from(["", " "]))
    return f"{opener}{pad}{word}{sep}{number}{more}{qualifier}{pad}{closer}"


prose = st.sampled_from(
    [
        "Heat rises ",
        "and ",
        ". ",
        " ",
        "",
        "x",
        "\n",
        "(Figure 3) ",
        "[Table 1] ",
        '{"a": 1} ',
        "{x}",
        "{{url}}",
    ]
)
answers = st.lists(st.one_of(prose, citation_like()), max_size=12).map("".join)


@given(answers, st.lists(st.integers(min_value=1, max_value=5), max_size=4, unique=True))
def test_no_citation_like_group_survives_unless_canonical_and_valid(text: str, presented: list[int]) -> None:
    out = filter_citations(text, presented).text
    assert _oracle_offenders(out, presented) == [], (text, out)


def test_the_oracle_sees_what_it_should() -> None:
    assert _oracle_offenders("a [Quelle 9] b (Source 2) c [Source 2]", [2]) == ["[Quelle 9]", "(Source 2)"]
    assert _oracle_offenders("(Figure 3) [Table 1] [Quelle: Wikipedia]", [1]) == []
    assert _oracle_offenders('{{cite:9}} {Source 2} {"a": 1} {x} {{url}}', [2]) == [
        "{{cite:9}}",
        "{Source 2}",
    ]
