"""The generated lexicon (core/wordnet.py): rebuilt byte for byte, relations a reader expects, stdlib only.

The English data come from Open English WordNet, which CI cannot download. So the rebuild runs in
two ways. Where the WordNet source is on the machine (``LEXICON_OEWN`` names its folder or git
directory), the whole build runs from it. Elsewhere the module is re-rendered from the English data
it holds and the curated lists in data/lexicon/, and that data is checked against the SHA-256 the
build wrote beside it: a hand edit of the data, a curated list changed without a rebuild, or a
change to the renderer all fail.
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


def _oewn_source() -> str | None:
    return os.environ.get("LEXICON_OEWN") or None


def test_committed_module_is_what_the_build_writes():
    # From WordNet's source where this machine has it; elsewhere (CI) from the English data the module
    # holds, which the next test ties to the digest the WordNet build recorded.
    committed = (ROOT / "core" / "wordnet.py").read_text(encoding="utf-8")
    assert build_lexicon.build(_oewn_source()) == committed


def test_english_data_matches_the_digest_the_build_recorded():
    english, _ = build_lexicon.english_from_module(build_lexicon.OUTPUT)
    assert english.words == wordnet._EN_WORDS  # the digest covers the module's own data
    assert english.digest() == wordnet.EN_SHA256


def test_the_renderer_follows_a_curated_list(tmp_path):
    # The re-render really reads data/lexicon/: a pair added there shows in the module it writes.
    for name in ("pairs.txt", "forms.txt", "function_words.txt"):
        (tmp_path / name).write_text(
            (build_lexicon.CURATED / name).read_text(encoding="utf-8"), encoding="utf-8"
        )
    with (tmp_path / "pairs.txt").open("a", encoding="utf-8") as f:
        f.write("en alt zorblax quindle\n")
    english, edition = build_lexicon.english_from_module(build_lexicon.OUTPUT)
    code = build_lexicon.OUTPUT.read_text(encoding="utf-8")
    text = build_lexicon.render(code, english, edition, build_lexicon.read_curated(tmp_path))
    assert "en alt zorblax quindle" in text
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
    assert relation(a, b, lang) in expected


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
    assert relation(a, b, "en") not in {"alt", "neg"}


def test_phrases_and_lemmas():
    assert "lay" in lemmas("laid", "en")
    assert "hire" in lemmas("hired", "en")
    assert "rise" in lemmas("rose", "en")
    assert "stop" in lemmas("stopped", "en")
    assert phrase_relation(["laid", "off"], ["hired"], "en") == "alt"
    assert phrase_relation(["laid", "off"], ["fired"], "en") == "fwd"
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
