"""Hypothesis building blocks shared by the engine properties: fragments that reach every branch."""

from __future__ import annotations

from hypothesis import strategies as st

# Fragments that exercise every branch: markers of each form, near-misses, code, links, invisibles.
FRAGMENTS = [
    "[Source 1]", "[Source 2]", "[Source 9]", "[source 02]", "[Sources: 1, 3]", "[Source 1-3]", "[Source 0]",
    "[1]", "[2, 7]", "[0]", "[^2]", "[[1]]", "(Source 2)", "(Source 5)", "\u30101\u3011", "\u30104:0\u2020source\u3011",
    "[doc1]", "[citation:3]", "[Source 1](https://x.example/a)", "[Source -1]", "[Source 1.5]", "[Source \u0661]",
    "[Sou\u200brce 9]", "\ue200cite\ue202turn0file1\ue201", "\ue202turn0file0", "x[0]", "[Fe/H]", "(2019)",
    "`", "``", "```", "\n```\n", "~~~", "[", "]", "(", ")", "\u3010", "\u3011", " ", "  ", "\t", "\n", "\n\n",
    "Source", "1", "-", ",", ".", "word", "**bold**", "https://a.example/[Source 9]", "[Source ", "9]", " " * 60,
    # Footnote, brace and double-bracket forms, and their near-misses.
    "[^3^]", "kg[^2]", "^[1]^", "^", "{{cite:2}}", "{cite:9}", "{{cite:", "{", "}", "{{", "}}", '{"a": 1}',
    "{x}",
    "[[3]](https://x.example/a)", "[[9]]()", "[[2]]", "()", "[^0-9]",
]
texts = st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=6)), max_size=30).map("".join)
presented_ids = st.lists(st.integers(min_value=1, max_value=12), max_size=6, unique=True)


def split_points(text: str, cuts: list[int]) -> list[str]:
    points = sorted({c % (len(text) + 1) for c in cuts})
    return [text[a:b] for a, b in zip([0, *points], [*points, len(text)], strict=True)]
