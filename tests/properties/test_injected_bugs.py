"""Bugs injected into the grammar, which the reference-oracle property must catch at the CI profile.

    .venv/bin/python -m pytest tests/properties/test_injected_bugs.py

A property that passes on the engine is worth what it catches on a wrong one. Each test makes one
edit to ``core/grammar.py``'s source (a page rule widened, a range bound off by one, a section
word or a keyword dropped), runs it in place of the grammar the shipped post-processor reads, and
expects the comparison with the reference (``test_reference_oracle.py``) to fail within the CI
profile's example count. The reference reads the documented lexicon with its own scanner, so a rule
wrong in the engine is not wrong there too. docs/guarantees.md ("Which property catches which bug")
lists what each property catches.
"""

from __future__ import annotations

import inspect
import sys
import types
from collections.abc import Callable

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from lfx_citations.core import grammar
from tests.properties import test_reference_oracle as oracle

CI = settings.get_profile("ci")


def inject(monkeypatch: pytest.MonkeyPatch, old: str, new: str) -> None:
    """Run the grammar with ``old`` replaced by ``new`` wherever the shipped engine reads it."""
    source = inspect.getsource(grammar)
    assert source.count(old) == 1, f"core/grammar.py no longer holds {old!r} once: update this mutation"
    mutant = types.ModuleType("mutant_grammar")
    monkeypatch.setitem(sys.modules, mutant.__name__, mutant)  # its dataclasses look themselves up there
    exec(compile(source.replace(old, new), grammar.__file__, "exec"), mutant.__dict__)
    # The engine the property runs: the post-processor's own module when the core is inlined into
    # it, lfx_citations.core.engine when it imports the core. Either way its grammar names go.
    engine = sys.modules[oracle.CitationFilter.__module__]
    names = [name for name in vars(grammar) if not name.startswith("__") and name in vars(engine)]
    assert "parse_marker_inner" in names
    for name in names:
        monkeypatch.setattr(engine, name, vars(mutant)[name])


def examples_until_caught(compare: Callable[..., None], *strategies: st.SearchStrategy) -> int:
    """How many generated examples the CI profile runs before ``compare`` fails (it must fail)."""
    seen = [0]

    @settings(CI, database=None, phases=[Phase.generate])
    @given(st.tuples(*strategies))
    def run(args: tuple) -> None:
        seen[0] += 1
        compare(*args)

    with pytest.raises(AssertionError):
        run()
    assert seen[0] <= CI.max_examples
    return seen[0]


def one_shot(text: str, presented: list[int]) -> None:
    oracle.assert_matches_reference(text, presented)


MUTATIONS = {
    # `p 3a` read as a page: `[Source 1 p 3a]` becomes a marker (the reference leaves it as text).
    "a page qualifier widened": (
        r'rf"\d+(?:\s*{_RANGE_DASH}\s*\d+)?"',
        r'rf"\d+[a-z]?(?:\s*{_RANGE_DASH}\s*\d+)?"',
    ),
    # `[Source 1-3]` cites 1 and 2 only.
    "a range bound off by one": (
        "bisect.bisect_right(presented, end)",
        "bisect.bisect_left(presented, end)",
    ),
    # `[Source 2; Kapitel 3]` is no marker any more.
    "a section word dropped": ("|abschnitt|kapitel|", "|abschnitt|"),
    # `[Quelle 3]` is no marker any more.
    "quelle dropped from the keyword table": ('("quellen", "quelle")', '("quellen",)'),
}


@pytest.mark.parametrize("mutation", list(MUTATIONS))
def test_the_oracle_catches_an_injected_grammar_bug(mutation: str, monkeypatch: pytest.MonkeyPatch) -> None:
    inject(monkeypatch, *MUTATIONS[mutation])
    caught_after = examples_until_caught(one_shot, oracle.answers, oracle.presented_ids)
    print(f"{mutation}: caught after {caught_after} of {CI.max_examples} examples")


def test_the_unchanged_grammar_passes_the_same_run(monkeypatch: pytest.MonkeyPatch) -> None:
    # The same injection with nothing changed: what fails above fails because of the edit.
    inject(monkeypatch, "bisect.bisect_right(presented, end)", "bisect.bisect_right(presented, end)")

    @settings(CI, database=None, phases=[Phase.generate], max_examples=200)
    @given(oracle.answers, oracle.presented_ids)
    def run(text: str, presented: list[int]) -> None:
        one_shot(text, presented)

    run()
