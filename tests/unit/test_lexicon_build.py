"""The generated lexicon (core/wordnet.py): rebuilt byte for byte, relations a reader expects, stdlib only.

The English data come from Open English WordNet, which CI cannot download. So the rebuild runs in
two ways. Where the WordNet source is on the machine (``LEXICON_OEWN`` names its folder or git
directory), the whole build runs from it, and writes the whole selection too. Elsewhere the module
is derived again from the whole selection (data/lexicon/wordnet_selection.txt) and the curated
lists, and the selection is checked against the SHA-256 the build wrote into the module: a hand
edit of either, a curated list changed without a rebuild, or a change to the derivation or the
renderer all fail. The module keeps of the selection only what decides an exclusion; the tests
hold it to the whole selection's answers there.
"""

from __future__ import annotations

import ast
import os
import sys
from pathlib import Path

import pytest

from lfx_citations.core import wordnet
from lfx_citations.core.wordnet import detect_language, lemmas, phrase_relation, relation

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from scripts import build_lexicon  # noqa: E402

SELECTION, _ = build_lexicon.read_selection()
FULL = build_lexicon.full_module(SELECTION)  # core/wordnet.py's code over the whole selection
EXCLUSIONS = ("neg", "alt")


def _oewn_source() -> str | None:
    return os.environ.get("LEXICON_OEWN") or None


def test_committed_module_is_what_the_build_writes():
    # From WordNet's source where this machine has it; elsewhere (CI) from the English data the module
    # holds, which the next test ties to the digest the WordNet build recorded.
    committed = (ROOT / "core" / "wordnet.py").read_text(encoding="utf-8")
    module, selection = build_lexicon.build_both(_oewn_source())
    # The packed data compared unpacked: another LZMA may write the same lists in other bytes.
    assert build_lexicon.unpacked(module) == build_lexicon.unpacked(committed)
    assert module.split("\n_DATA = ")[0] == committed.split("\n_DATA = ")[0]
    assert selection == build_lexicon.SELECTION.read_text(encoding="utf-8")


def test_the_selection_matches_the_digest_the_build_recorded():
    assert SELECTION.digest() == wordnet.EN_SHA256
    text = build_lexicon.SELECTION.read_text(encoding="utf-8")
    assert f"\nsha256 {wordnet.EN_SHA256}\n" in text
    assert "CC BY 4.0" in text and "Princeton University" in text  # the licences travel with the data


def test_the_renderer_follows_a_curated_list(tmp_path):
    # The re-render really reads data/lexicon/: a pair added there shows in the module it writes.
    for name in ("pairs.txt", "forms.txt", "function_words.txt"):
        (tmp_path / name).write_text(
            (build_lexicon.CURATED / name).read_text(encoding="utf-8"), encoding="utf-8"
        )
    with (tmp_path / "pairs.txt").open("a", encoding="utf-8") as f:
        f.write("en alt zorblax quindle\n")
    curated = build_lexicon.read_curated(tmp_path)
    runtime = build_lexicon.runtime_english(SELECTION, curated)
    code = build_lexicon.OUTPUT.read_text(encoding="utf-8")
    text = build_lexicon.render(code, runtime, "test", curated, SELECTION.digest())
    assert "en alt zorblax quindle" in build_lexicon.unpacked(text)
    assert text != code


def test_module_imports_only_the_standard_library():
    tree = ast.parse((ROOT / "core" / "wordnet.py").read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            imported.add((node.module or "").split(".")[0])
    assert imported, "the module imports something"
    assert imported <= set(sys.stdlib_module_names) | {"__future__"}, imported


@pytest.mark.parametrize(
    ("a", "b", "lang", "expected"),
    [
        ("open", "closed", "en", {"alt"}),
        ("hire", "fire", "en", {"alt"}),
        ("hired", "fired", "en", {"alt"}),
        ("permit", "forbid", "en", {"alt", "neg"}),
        ("permitted", "forbidden", "en", {"alt", "neg"}),
        ("allowed", "prohibited", "en", {"alt", "neg"}),
        ("approve", "reject", "en", {"alt"}),
        ("increase", "decrease", "en", {"alt"}),
        ("licensed", "unlicensed", "en", {"alt", "neg"}),
        ("possible", "impossible", "en", {"alt", "neg"}),
        ("buy", "purchase", "en", {"eq"}),
        ("bought", "purchased", "en", {"eq"}),
        ("firm", "company", "en", {"eq"}),
        ("doctor", "physician", "en", {"eq"}),
        ("huge", "large", "en", {"fwd"}),
        ("large", "huge", "en", {"rev"}),
        ("dog", "animal", "en", {"fwd"}),
        ("valuable", "invaluable", "en", {"ind"}),
        ("table", "idea", "en", {"ind"}),
        ("Firma", "Unternehmen", "de", {"eq"}),
        ("offen", "geschlossen", "de", {"alt"}),
        ("erlaubt", "verboten", "de", {"alt"}),
        ("ouvert", "fermé", "fr", {"alt"}),
        ("autorisé", "interdit", "fr", {"alt"}),
        ("embauché", "licencié", "fr", {"alt"}),
        ("abierto", "cerrado", "es", {"alt"}),
        ("contratar", "despedir", "es", {"alt"}),
        ("aberto", "fechado", "pt", {"alt"}),
        ("aperto", "chiuso", "it", {"alt"}),
        ("open", "gesloten", "nl", {"alt"}),
        ("mai", "fermé", "fr", {"ind"}),
    ],
)
def test_relation(a, b, lang, expected):
    assert FULL.relation(a, b, lang) in expected
    # The module: the same exclusion, or none where the selection knows none.
    carried = relation(a, b, lang)
    assert carried in expected if set(expected) <= {*EXCLUSIONS, "ind"} else carried not in EXCLUSIONS


# Words whose lemmas hold an exclusion and a synonym or hypernym at once, through different senses
# or different lemmas of one form ("rose": rose and rise), and words around them.
_TRICKY = (
    "rose rise rises fell fall falls blessed cursed damned fortunate come go came went win defeat lost "
    "lose advance advanced late early breathe choke affirm negate confirm white color black open "
    "closed shut hire hired fire fired laid lay off increase decrease inflate huge large small tiny "
    "permit permitted forbid forbidden licensed unlicensed possible impossible valuable invaluable "
    "act refrain endure stand bone bony boneless kind unkind happy sad buy sell bought sold"
).split()


def test_the_module_answers_exclusions_as_the_whole_selection():
    """Over these words and a fixed sample of the selection's words and their inflections, every pair
    the selection calls exclusive the module calls the same, and no other."""
    import random

    words = sorted(FULL._english().words)
    sample = random.Random(7).sample(words, 160)
    forms = sorted({f for w in sample[:40] for f in build_lexicon._inflections(w)})
    vocabulary = [*_TRICKY, *sample, *forms[:80]]
    differ = []
    for a in vocabulary:
        for b in vocabulary:
            whole, carried = FULL.relation(a, b), relation(a, b)
            if (whole in EXCLUSIONS or carried in EXCLUSIONS) and whole != carried:
                differ.append((a, b, whole, carried))
    assert not differ


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # WordNet's general verb antonyms (give / take, come / go, change / stay) must not spread
        # down the hypernyms to words a claim may use side by side.
        ("paid", "took"),
        ("arrived", "ran"),
        ("grew", "stayed"),
        ("started", "won"),
        ("slept", "stood"),
        # Paraphrases.
        ("shut", "closed"),
        ("banned", "prohibited"),
        ("big", "large"),
        ("valuable", "invaluable"),
    ],
)
def test_compatible_words_are_not_exclusive(a, b):
    assert relation(a, b, "en") not in EXCLUSIONS
    assert FULL.relation(a, b, "en") not in EXCLUSIONS


def test_phrases_and_lemmas():
    assert "lay" in lemmas("laid", "en")
    assert "hire" in lemmas("hired", "en")
    assert "rise" in lemmas("rose", "en")
    assert "stop" in lemmas("stopped", "en")
    assert phrase_relation(["laid", "off"], ["hired"], "en") == "alt"
    assert FULL.phrase_relation(["laid", "off"], ["fired"], "en") == "fwd"
    assert phrase_relation(["laid", "off"], ["fired"], "en") == "ind"  # no exclusion to overrule
    assert lemmas("xyzzy", "en") == ("xyzzy",)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("En mai, le parc a accueilli 5 000 visiteurs.", "fr"),
        ("Die Firma liefert nach Österreich.", "de"),
        ("The plant ceased operations in 2020.", "en"),
        ("La empresa despidió a 50 empleados el año pasado.", "es"),
        ("A empresa demitiu 50 funcionários no ano passado.", "pt"),
        ("L'azienda ha licenziato 50 dipendenti nel 2020.", "it"),
        ("Het bedrijf heeft vorig jaar 50 mensen ontslagen.", "nl"),
        ("该工厂于2020年停止运营。", "zh"),
        ("这家公司不仅生产汽车，还生产卡车。", "zh"),
    ],
)
def test_detect_language(sentence, expected):
    words = sentence.replace(",", " ").replace(".", " ").replace("'", "' ").split()
    assert detect_language(words) == expected


def test_bad_input_is_a_safe_fallback():
    assert relation("", "", "en") == "eq"
    assert relation("open", "closed", "xx") == "ind"
    assert lemmas("", "xx") == ("",)
    assert detect_language([]) == "en"
    assert detect_language(["1234"], default="und") == "und"
