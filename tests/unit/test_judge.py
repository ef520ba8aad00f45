"""The judge's fixed prompt and its strict reading of the reply."""

from __future__ import annotations

import pytest

from lfx_citations.core.judge import JUDGE_INSTRUCTIONS, JUDGE_SOURCE_CHARS, judge_prompt, parse_judge_reply


def test_the_prompt_numbers_each_item_and_bounds_each_source() -> None:
    prompt = judge_prompt([("Water  boils\nat 100 °C", "x" * 5000), ("Ice melts", "Ice melts at 0 °C.")])
    assert prompt.startswith(JUDGE_INSTRUCTIONS + "\n\nItem 1\nCLAIM: Water boils at 100 °C\nSOURCE: ")
    assert "x" * JUDGE_SOURCE_CHARS + "\n\nItem 2\nCLAIM: Ice melts\nSOURCE: Ice melts at 0 °C." in prompt
    assert "x" * (JUDGE_SOURCE_CHARS + 1) not in prompt


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("1: supported\n2: unsupported", {1: "supported", 2: "unsupported"}),
        ("2. Partial\n\n1) **supported**", {1: "supported", 2: "partial"}),
        ("Item 1: unsupported\nItem 2 - supported.", {1: "unsupported", 2: "supported"}),
        ("1: contradicted\n2: Contradicted.", {1: "contradicted", 2: "contradicted"}),
    ],
)
def test_a_reply_with_one_verdict_per_item_is_read(reply: str, expected: dict[int, str]) -> None:
    assert parse_judge_reply(reply, 2) == expected


@pytest.mark.parametrize(
    "reply",
    [
        "",
        "1: supported",  # item 2 missing
        "1: supported\n2: supported\n3: supported",  # an item that was not asked
        "1: supported\n1: partial\n2: supported",  # twice
        "1: supported\n2: maybe",  # not a verdict
        "Sure! 1: supported, 2: supported",  # prose
        "1: supported because it says so\n2: partial",  # explanation
    ],
)
def test_anything_else_is_out_of_format(reply: str) -> None:
    assert parse_judge_reply(reply, 2) is None
