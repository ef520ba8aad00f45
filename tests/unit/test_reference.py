"""The reference filter (the engine's oracle) against hand-written expectations.

    .venv/bin/python -m pytest tests/unit/test_reference.py

An oracle is only worth what it gets right on its own: here it must reproduce every case of the
marker-form survey (``tests/data/marker_forms.json``, expected outputs written by hand) and the
documented examples, without the engine taking part.
"""

from __future__ import annotations

import importlib
import json
import re
import types
from pathlib import Path

import pytest

from tests.support import reference
from tests.support.reference import LINK_WINDOW, MARKER_WINDOW, reference_filter

SURVEY = json.loads((Path(__file__).parents[1] / "data" / "marker_forms.json").read_text(encoding="utf-8"))
CASES = SURVEY


def test_the_survey_is_large() -> None:
    assert len(CASES) >= 140


@pytest.mark.parametrize("case", CASES, ids=[f"{c['form'][:40]}: {c['input'][:40]!r}" for c in CASES])
def test_the_reference_reproduces_the_survey(case: dict) -> None:
    assert reference_filter(case["input"], case["presented"]).text == case["expected"], case.get("note")


def test_the_readme_example() -> None:
    answer = (
        "Water is essential for life [Sou\u200brce 1]. It boils at 100 \u00b0C [Source 9] and covers most of Earth"
        " [2, 3]."
    )
    result = reference_filter(answer, [1, 2, 3])
    assert result.text == (
        "Water is essential for life [Source 1]. It boils at 100 \u00b0C and covers most of Earth [Source 2][Source 3]."
    )
    assert result.cited == [1, 2, 3]
    assert result.removed == ["[Source 9]"]
    assert result.first_spans == {1: (28, 38), 2: (84, 94), 3: (94, 104)}
    assert result.reported


@pytest.mark.parametrize(
    ("answer", "expected", "removed"),
    [
        ("`[Source 9]` and ``[Source 9]``", "`[Source 9]` and ``[Source 9]``", []),
        ("```\n[Source 9]\n```\nafter [Source 9]", "```\n[Source 9]\n```\nafter", ["[Source 9]"]),
        ("~~~\n[Source 9]\n~~~", "~~~\n[Source 9]\n~~~", []),
        ("a ~~ [Source 9]", "a ~~", ["[Source 9]"]),  # two tildes are no fence
        # a blank line ends an unclosed span; a line is blank once the marker on it is cut
        ("open `[Source 9]\n\n[Source 9]", "open `[Source 9]\n\n", ["[Source 9]"]),
        ("[Source 9] ```\n[Source 9]\n```", " ```\n[Source 9]\n```", ["[Source 9]"]),
        ("x[1] word[Source 9] ([Source 1])", "x[1] word ([Source 1])", ["[Source 9]"]),
        ("[Source (Source 9) 1]", "[Source 1]", ["(Source 9)"]),  # a removal that assembles a marker
        ("a\ue200cite\ue202turn0file0\ue201 b \u30104:0\u2020source\u3011.", "a b.", None),
        ("(2019) (1) (doc 1) (Source 1)", "(2019) (1) (doc 1) [Source 1]", []),
        ("[Source 1](javascript:alert(1)) [Source 9](https://x.example)", "[Source 1]", None),
        ("[Source 1] (https://x.example)", "[Source 1] (https://x.example)", []),  # a space: no link
        # a link target's parentheses balance at any depth (CommonMark); unbalanced, it is no link
        ("[Source 9](https://x/a(((b)))) y", " y", ["[Source 9](https://x/a(((b))))"]),
        ("[Source 9](https://x/(a ) y", "(https://x/(a ) y", ["[Source 9]"]),
    ],
)
def test_the_reference_on_documented_rules(answer: str, expected: str, removed: list[str] | None) -> None:
    result = reference_filter(answer, [1])
    assert result.text == expected
    if removed is not None:
        assert result.removed == removed


def test_the_windows() -> None:
    longest = "[Source " + "0" * (MARKER_WINDOW - 10) + "1]"
    assert len(longest) == MARKER_WINDOW
    assert reference_filter(longest, [1]).text == "[Source 1]"
    assert reference_filter(longest[:1] + "0" + longest[1:], [1]).text == "[0Source " + "0" * 54 + "1]"
    tail = "(https://x.example/" + "a" * (LINK_WINDOW - 20) + ")"
    assert len(tail) == LINK_WINDOW
    assert reference_filter("[Source 1]" + tail, [1]).text == "[Source 1]"
    assert reference_filter("[Source 1]" + tail[:-1] + "a)", [1]).text == "[Source 1]" + tail[:-1] + "a)"


# --------------------------------------------------------------------------- independence
# The oracle is worth something only where it does not repeat the engine: a rule copied from
# core/grammar.py into the reference would be wrong in both at once, and the property would pass.
_CORE = ("text", "grammar", "engine", "links", "sources", "registry", "presented", "payload", "stream")


def _patterns(module: types.ModuleType) -> dict[str, str]:
    """Every pattern a module holds at its top level, by the name it holds it under.

    Compiled patterns (also inside dicts and tuples), and every string constant: the fragments a
    pattern is assembled from (``_NUM``, ``_PAGE``) are strings.
    """
    found: dict[str, str] = {}
    for name, value in vars(module).items():
        values = value.values() if isinstance(value, dict) else value if isinstance(value, tuple) else [value]
        for item in values:
            if isinstance(item, re.Pattern):
                found[f"{name}"] = item.pattern
            elif isinstance(item, str) and len(item) > 1 and not name.startswith("__") and item is value:
                found[name] = item
    return found


def shared_patterns(reference: types.ModuleType, engine_modules: list[types.ModuleType]) -> list[str]:
    engine = {
        pattern: f"{m.__name__}.{name}" for m in engine_modules for name, pattern in _patterns(m).items()
    }
    return [
        f"{name} == {engine[pattern]}: {pattern[:60]!r}"
        for name, pattern in _patterns(reference).items()
        if pattern in engine
    ]


def test_no_reference_pattern_is_string_identical_to_an_engine_pattern() -> None:
    engine_modules = [importlib.import_module(f"lfx_citations.core.{name}") for name in _CORE]
    assert shared_patterns(reference, engine_modules) == []


def test_the_identity_check_finds_a_copied_pattern() -> None:
    from lfx_citations.core import grammar

    copied = types.ModuleType("copied")
    copied.PAGE = grammar._PAGE
    copied.QUALIFIER = grammar._QUALIFIER
    assert len(shared_patterns(copied, [grammar])) == 2


def test_the_reference_imports_nothing_from_the_engine() -> None:
    source = Path(reference.__file__).read_text(encoding="utf-8")
    assert "lfx_citations" not in source
    assert "import lfx" not in source and "from lfx" not in source
