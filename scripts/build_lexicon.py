"""Build ``core/wordnet.py``, the support check's lexicon, from Open English WordNet and curated lists.

    python scripts/build_lexicon.py --oewn PATH           # write core/wordnet.py and the selection
    python scripts/build_lexicon.py --oewn PATH --check   # exit 1 if either differs
    python scripts/build_lexicon.py                       # derive core/wordnet.py from the selection

PATH is Open English WordNet's source, the YAML files of the ``globalwordnet/english-wordnet``
repository: a folder holding ``src/yaml/``, or a git directory of that repository, read at the
release tag ``--ref`` (default ``2025-edition``) without a work tree. The build selects from it
the English data the checker can use (``select_english``), writes that whole selection in plain text
to ``data/lexicon/wordnet_selection.txt``, and derives from it what the module carries: the part
that decides an exclusion (``runtime_english``), packed (``pack``). Without ``--oewn`` the script
derives the module again from the selection and the curated lists in ``data/lexicon/``: that path
needs no WordNet and checks everything but the extraction itself (see ``data/lexicon/README.md``).

Everything here is the standard library, and the output is a function of the input only: sorted,
no time stamps, so a rebuild is the committed files (the packed data compared unpacked, since
another LZMA may compress the same lists to other bytes).
"""

from __future__ import annotations

import argparse
import ast
import base64
import functools
import hashlib
import json
import lzma
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "core" / "wordnet.py"
CURATED = ROOT / "data" / "lexicon"
SELECTION = CURATED / "wordnet_selection.txt"
DEFAULT_REF = "2025-edition"

# Which WordNet senses count: a word keeps a synset only when the synset is among its first
# MAX_SENSE senses of that part of speech (WordNet lists a word's senses most frequent first), so
# rare senses ("fire" as "a fervent feeling") make no synonym, antonym or hypernym of it.
MAX_SENSE = {"n": 1, "v": 2, "a": 2, "s": 2, "r": 1}
# WordNet has no word frequencies. How often a word (in any of its forms) occurs in WordNet's own
# definitions and examples stands in: a word used fewer times than this keeps only its senses that
# have an antonym.
MIN_GLOSS = {"n": 40, "v": 6, "a": 8, "s": 8, "r": 15}
# A sense with an antonym is kept whenever its word is used at all (at least this often).
MIN_GLOSS_ANTONYM = 2
# Multiword lemmas are kept for phrasal verbs only ("lay off", "give up": a common verb and one of
# these particles), which align as one edit.
PARTICLES = {"off", "up", "out", "down", "in", "on", "over", "away", "back", "through", "about"}


# ---- reading Open English WordNet's YAML (a fixed, regular subset: no general YAML parser) ----


def _scalar(text: str) -> str:
    """A YAML plain or quoted scalar as text: ``'it''s'`` -> ``it's``."""
    text = text.strip()
    if text.startswith("'") and text.endswith("'") and len(text) >= 2:
        return text[1:-1].replace("''", "'")
    if text.startswith('"') and text.endswith('"') and len(text) >= 2:
        return ast.literal_eval(text)
    return text


@dataclass
class Synset:
    pos: str
    members: list[str] = field(default_factory=list)
    hypernym: list[str] = field(default_factory=list)
    similar: list[str] = field(default_factory=list)


@dataclass
class Sense:
    key: str
    synset: str
    antonym: list[str] = field(default_factory=list)


@dataclass
class WordNet:
    synsets: dict[str, Synset]
    # lemma -> part of speech -> senses in WordNet's order, and irregular forms
    senses: dict[str, dict[str, list[Sense]]]
    forms: dict[str, dict[str, list[str]]]
    edition: str
    gloss_words: dict[str, int]  # how often each word occurs in the definitions and examples


_SYNSET_LISTS = {"members", "hypernym", "similar"}


_GLOSS_WORD = re.compile(r"[a-z]+")


def parse_synsets(text: str, synsets: dict[str, Synset], gloss_words: dict[str, int]) -> None:
    """Read one synset file (``noun.artifact.yaml`` ...) into ``synsets``; count the words of its
    definitions and examples into ``gloss_words``."""
    current: Synset | None = None
    key = ""
    for line in text.splitlines():
        if not line or line[0] == "#":
            continue
        if key in ("definition", "example") and line.startswith("  ") and not line.startswith("  " + key):
            if line.startswith("    ") or line.startswith("  - "):
                for word in _GLOSS_WORD.findall(line.lower()):
                    gloss_words[word] = gloss_words.get(word, 0) + 1
        if line[0] != " ":
            current = Synset(pos="")
            synsets[line.rstrip(":")] = current
            key = ""
        elif current is None:
            continue
        elif line.startswith("  - "):
            if key in _SYNSET_LISTS:
                getattr(current, key).append(_scalar(line[4:]))
        elif line.startswith("  ") and line[2] != " ":
            name, _, value = line[2:].partition(":")
            key = name
            if name == "partOfSpeech":
                current.pos = value.strip()


def parse_entries(text: str, senses: dict, forms: dict) -> None:
    """Read one entry file (``entries-a.yaml`` ...): each lemma's senses, their antonyms, its forms."""
    lemma = pos = section = key = ""
    sense: Sense | None = None
    for line in text.splitlines():
        if not line or line[0] == "#":
            continue
        indent = len(line) - len(line.lstrip(" "))
        body = line[indent:]
        if indent == 0:
            lemma = _scalar(body[:-1]) if body.endswith(":") else _scalar(body.rsplit(":", 1)[0])
        elif indent == 2:
            pos = body.rstrip(":")
        elif indent == 4 and not body.startswith("- "):
            section = body.split(":", 1)[0]
        elif indent == 4 and section == "form":
            forms.setdefault(lemma, {}).setdefault(pos, []).append(_scalar(body[2:]))
        elif indent == 4 and section == "sense":
            sense = Sense(key="", synset="")
            senses.setdefault(lemma, {}).setdefault(pos, []).append(sense)
            _sense_field(sense, body[2:])
            key = body[2:].split(":", 1)[0]
        elif indent == 6 and section == "sense" and sense is not None:
            if body.startswith("- "):
                if key == "antonym":
                    sense.antonym.append(_scalar(body[2:]))
            else:
                key = body.split(":", 1)[0]
                _sense_field(sense, body)


def _sense_field(sense: Sense, body: str) -> None:
    name, _, value = body.partition(":")
    if name == "id":
        sense.key = _scalar(value)
    elif name == "synset":
        sense.synset = _scalar(value)


def _git_files(repo: str, ref: str) -> dict[str, str]:
    names = subprocess.run(
        ["git", "-C", repo, "ls-tree", "--name-only", f"{ref}:src/yaml"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    out = {}
    for name in names:
        out[name] = subprocess.run(
            ["git", "-C", repo, "show", f"{ref}:src/yaml/{name}"], check=True, capture_output=True
        ).stdout.decode("utf-8")
    return out


def read_oewn(path: str, ref: str = DEFAULT_REF) -> WordNet:
    """Open English WordNet from a source folder (``src/yaml/``) or a git directory at ``ref``."""
    folder = Path(path) / "src" / "yaml"
    if folder.is_dir():
        files = {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.yaml"))}
        edition = "source folder " + Path(path).name
    else:
        files = _git_files(path, ref)
        commit = subprocess.run(
            ["git", "-C", path, "rev-list", "-n", "1", ref], check=True, capture_output=True, text=True
        ).stdout.strip()
        edition = f"{ref} (commit {commit})"
    synsets: dict[str, Synset] = {}
    senses: dict = {}
    forms: dict = {}
    gloss_words: dict[str, int] = {}
    for name in sorted(files):
        if name.startswith("entries-"):
            parse_entries(files[name], senses, forms)
        elif name.split(".")[0] in ("noun", "verb", "adj", "adv"):
            parse_synsets(files[name], synsets, gloss_words)
    return WordNet(synsets, senses, forms, edition, gloss_words)


# ---- selecting what the checker needs ----

# Lowercase words, up to three of them ("lay off", "give up"): proper names, abbreviations and
# long terms never align as one edit of a claim.
_LEMMA = re.compile(r"^[a-z][a-z'-]*(?: [a-z][a-z'-]*){0,2}$")


@dataclass
class English:
    """The English part of the lexicon, in the module's line formats (see core/wordnet.py)."""

    words: str
    ups: str
    antonyms: str
    forms: str
    negations: str
    compatible: str = ""  # empty in the selection: its synsets tell every eq and fwd

    def digest(self) -> str:
        """SHA-256 of the English data, written beside it so that a hand edit shows."""
        parts = [self.words, self.ups, self.antonyms, self.forms, self.negations, self.compatible]
        return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def gloss_frequency(wn: WordNet) -> dict[str, int]:
    """Each lemma's count in the definitions and examples, its inflected forms included."""
    base_of: dict[str, set[str]] = {}
    for lemma, by_pos in wn.forms.items():
        for forms in by_pos.values():
            for form in forms:
                base_of.setdefault(form, set()).add(lemma)
    out: dict[str, int] = {}
    for word, count in wn.gloss_words.items():
        bases = {word} | base_of.get(word, set())
        bases.update(b for pos in "nva" for b in _detach()(word, pos))
        for base in bases:
            if base in wn.senses:
                out[base] = out.get(base, 0) + count
    return out


def _base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if not n:
            return out


def select_english(wn: WordNet) -> English:
    """Keep the synsets the checker can use; see data/lexicon/README.md for the choices."""
    members: dict[str, set[str]] = {}
    sense_of: dict[str, tuple[str, str]] = {}
    frequency = gloss_frequency(wn)
    for lemma, by_pos in wn.senses.items():
        for senses in by_pos.values():
            for sense in senses:
                sense_of[sense.key] = (lemma, sense.synset)
    for lemma, by_pos in wn.senses.items():
        if not _LEMMA.match(lemma):
            continue
        for pos_key, senses in by_pos.items():
            pos = pos_key[0]
            if " " in lemma:
                head, _, particle = lemma.partition(" ")
                common = pos == "v" and particle in PARTICLES and frequency.get(head, 0) >= MIN_GLOSS["v"]
            else:
                common = frequency.get(lemma, 0) >= MIN_GLOSS[pos]
            for rank, sense in enumerate(senses):
                salient = common and rank < MAX_SENSE[pos]
                if salient or (sense.antonym and frequency.get(lemma, 0) >= MIN_GLOSS_ANTONYM):
                    members.setdefault(sense.synset, set()).add(lemma)
    antonym_pairs: set[tuple[str, str]] = set()
    for lemma, by_pos in wn.senses.items():
        if not _LEMMA.match(lemma) or frequency.get(lemma, 0) < MIN_GLOSS_ANTONYM:
            continue
        for senses in by_pos.values():
            for sense in senses:
                for target in sense.antonym:
                    other = sense_of.get(target, ("", ""))[0]
                    if _LEMMA.match(other) and frequency.get(other, 0) >= MIN_GLOSS_ANTONYM:
                        pair = tuple(sorted((sense.synset, sense_of[target][1])))
                        antonym_pairs.add(pair)  # type: ignore[arg-type]
    keep = {s for s, m in members.items() if len(m) > 1}
    keep.update(s for pair in antonym_pairs for s in pair)

    def ups(synset: str) -> list[str]:
        node = wn.synsets[synset]
        return node.hypernym + (node.similar if node.pos == "s" else [])

    # A kept word's synset joins when it leads up somewhere, and so do its ancestors as far up as
    # core/wordnet.py's queries climb (``_MAX_UP``).
    for synset in sorted(members):
        frontier = [synset]
        for _ in range(_module()._MAX_UP):
            frontier = [u for f in frontier for u in ups(f) if u in wn.synsets]
            if not frontier:
                break
            keep.add(synset)
            keep.update(frontier)
    # Synsets go by part of speech (nouns, verbs, adjectives with their satellites, adverbs).
    order = sorted(keep, key=lambda s: ("nvar".index(_pos(s)), s))
    index = {s: i for i, s in enumerate(order)}

    def up_line(synset: str) -> str:
        # A satellite's link to its head is marked "~": exclusion is inherited along it only.
        mark = "~" if wn.synsets[synset].pos == "s" else ""
        return " ".join(mark + _base36(index[u]) for u in sorted(ups(synset)) if u in index)

    up_lines = [up_line(synset) for synset in order]
    synsets_of: dict[str, list[int]] = {}
    for synset in order:
        for word in members.get(synset, ()):
            synsets_of.setdefault(word, []).append(index[synset])

    def word_line(word: str) -> str:
        parts = "".join(p for p in "nvar" if any(_pos(order[i]) == p for i in synsets_of[word]))
        return f"{word}:{parts}:{' '.join(_base36(i) for i in synsets_of[word])}"

    words = "\n".join(word_line(w) for w in sorted(synsets_of))
    antonyms = " ".join(f"{_base36(index[a])}:{_base36(index[b])}" for a, b in sorted(antonym_pairs))
    vocabulary = {w for s in order for w in members.get(s, ())}
    forms = []
    for lemma in sorted(wn.forms):
        if lemma not in vocabulary:
            continue
        for pos_key in sorted(wn.forms[lemma]):
            for form in sorted(set(wn.forms[lemma][pos_key])):
                if _LEMMA.match(form) and lemma not in _rule_bases(form, pos_key[0]):
                    forms.append(f"{form.replace(' ', '_')}:{lemma.replace(' ', '_')}")
    negations = " ".join(
        f"{a}:{p}"
        for a, p in derivational_negations(wn, sense_of)
        if frequency.get(a, 0) >= MIN_GLOSS_ANTONYM
    )
    forms_text = " ".join(sorted(set(forms)))
    return English(words, "\n".join(up_lines), antonyms, forms_text, negations)


def _pos(synset: str) -> str:
    """A synset id's part of speech, satellites counted as adjectives: ``00003552-s`` -> ``a``."""
    return "a" if synset[-1] == "s" else synset[-1]


NEGATION_PREFIXES = ("un", "in", "im", "il", "ir", "dis", "non", "non-")


def derivational_negations(wn: WordNet, sense_of: dict[str, tuple[str, str]]) -> list[tuple[str, str]]:
    """Adjective pairs (word, prefix) where word with the prefix is its negation, both WordNet lemmas.

    "un-" and "non-" count when the two are not synonyms or one a satellite of the other; "in-",
    "im-", "il-", "ir-", "dis-" and "-less" (for "-ful") only when WordNet makes the two antonyms,
    directly or through the heads of their satellites, since a prefix alone proves nothing there:
    "invaluable" is no negation of "valuable", nor "intense" of "tense".
    """

    def heads(synset: str) -> set[str]:
        node = wn.synsets.get(synset)
        return {synset} | set(node.similar if node and node.pos == "s" else [])

    opposed: dict[str, set[str]] = {}
    for by_pos in wn.senses.values():
        for senses in by_pos.values():
            for sense in senses:
                for target in sense.antonym:
                    if target in sense_of:
                        opposed.setdefault(sense.synset, set()).add(sense_of[target][1])
    adjectives = {w for w, by_pos in wn.senses.items() if "a" in by_pos and _LEMMA.match(w) and " " not in w}
    pairs = []
    for word in sorted(adjectives):
        mine = {h for s in _synsets_of(wn, word, "a") for h in heads(s)}
        candidates = [(p, p + word) for p in NEGATION_PREFIXES]
        if word.endswith("ful"):
            candidates.append(("less", word[:-3] + "less"))
        for prefix, other in candidates:
            if other not in adjectives:
                continue
            theirs = {h for s in _synsets_of(wn, other, "a") for h in heads(s)}
            antonyms = any(opposed.get(s, set()) & theirs for s in mine)
            loose = prefix in ("un", "non", "non-") and not mine & theirs
            if antonyms or loose:
                pairs.append((word, prefix))
    return pairs


def _synsets_of(wn: WordNet, lemma: str, pos: str) -> list[str]:
    return [s.synset for s in wn.senses.get(lemma, {}).get(pos, [])]


@functools.cache
def _module():
    """core/wordnet.py's code, which the build shares (detachment rules, how far queries climb)."""
    return _load_module(OUTPUT)


def _detach():
    return _module()._detach


def _rule_bases(form: str, pos: str) -> set[str]:
    """What core/wordnet.py's detachment rules make of a form (kept in step with ``_EN_RULES``)."""
    return set(_detach()(form, pos)) if pos in "nva" else set(_detach()(form, "a"))


# ---- curated lists and rendering ----

MARKER = "# ---- generated by scripts/build_lexicon.py: do not edit below this line ----\n"
# Beside the data, as both licences ask (data/lexicon/README.md has the full texts' sources).
ATTRIBUTION = """\
# English data: Open English WordNet (https://en-word.net/), by the Open English WordNet team and the
# Global WordNet Association, licensed under CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/).
# Selected and re-encoded by scripts/build_lexicon.py (a change from the original). It is derived
# from Princeton WordNet, whose licence asks for this notice on all copies:
#   WordNet 3.1 Copyright 2011 by Princeton University. All rights reserved.
#   THIS SOFTWARE AND DATABASE IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO
#   REPRESENTATIONS OR WARRANTIES, EXPRESS OR IMPLIED. BY WAY OF EXAMPLE, BUT NOT LIMITATION,
#   PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES OF MERCHANTABILITY OR FITNESS FOR ANY
#   PARTICULAR PURPOSE OR THAT THE USE OF THE LICENSED SOFTWARE, DATABASE OR DOCUMENTATION WILL NOT
#   INFRINGE ANY THIRD PARTY PATENTS, COPYRIGHTS, TRADEMARKS OR OTHER RIGHTS.
#   The name of Princeton University or Princeton may not be used in advertising or publicity
#   pertaining to distribution of the software and/or database. Title to copyright in this software,
#   database and any associated documentation shall at all times remain with Princeton University
#   and LICENSEE agrees to preserve same.
# Curated lists (pairs, forms, function words): data/lexicon/, written for this project, MIT.
"""


def _lines(path: Path, fields: int = 0) -> list[list[str]]:
    """A curated list's lines as fields, comments dropped; ``fields`` > 0 is how many each must have."""
    out = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        words = line.split("#", 1)[0].split()
        if fields and words and len(words) != fields:
            msg = f"{path.name}:{number}: expected {fields} fields, found {len(words)}: {line!r}"
            raise ValueError(msg)
        if words:
            out.append(words)
    return out


def read_curated(folder: Path = CURATED) -> tuple[str, str, str]:
    """The curated pairs, forms and function words in the module's line formats, sorted."""
    pairs = sorted(
        {
            " ".join([lang, rel, a.casefold(), b.casefold()])
            for lang, rel, a, b in _lines(folder / "pairs.txt", 4)
        }
    )
    forms: dict[str, set[str]] = {}
    for lang, form, base in _lines(folder / "forms.txt", 3):
        forms.setdefault(lang, set()).add(f"{form.casefold()}:{base.casefold()}")
    function_words = sorted(
        " ".join([lang, *sorted({w.casefold() for w in words})])
        for lang, *words in _lines(folder / "function_words.txt")
    )
    form_lines = [" ".join([lang, *sorted(forms[lang])]) for lang in sorted(forms)]
    return "\n".join(pairs), "\n".join(form_lines), "\n".join(function_words)


def _load_module(path: Path):
    import importlib.util

    spec = importlib.util.spec_from_file_location("_wordnet_under_build", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _constant(name: str, value: str) -> str:
    # One double-quoted literal per constant, on one line (as ruff format leaves it): JSON's escapes
    # are Python's, and non-ASCII letters stay as they are.
    return f"{name} = {json.dumps(value, ensure_ascii=False)}\n"


# ---- what the support check reads at run time ----


def full_module(english: English, curated: tuple[str, str, str] | None = None):
    """core/wordnet.py's code over ``english`` (the whole selection by default: synonyms, hypernyms
    and all), as a module of its own: what the build derives the module's data from, and what the
    tests ask about relations the module keeps only where they matter."""
    module = _load_module(OUTPUT)
    lexicon = module._English(
        english.words, english.ups, english.antonyms, english.forms, english.negations, english.compatible
    )
    module._english = lambda: lexicon
    if curated is not None:
        lists = module._Curated(*curated)
        module._curated = lambda: lists
    return module


def _inflections(word: str) -> set[str]:
    """The forms the detachment rules (``_EN_RULES``) could take back to ``word``, checked by the caller."""
    out = set()
    for rules in _module()._EN_RULES.values():
        for rule in rules.split():
            suffix, _, repl = rule.partition(":")
            if word.endswith(repl):
                out.add(word[: len(word) - len(repl)] + suffix)
                if not repl and word:
                    out.add(word + word[-1] + suffix)
    return out


def runtime_english(full: English, curated: tuple[str, str, str]) -> English:
    """The part of ``full`` that decides the support check's answers: its exclusions, and WordNet's
    synonyms and hypernyms only where they overrule one.

    The check asks the lexicon for exclusions only (``neg`` and ``alt``; lexicon.word_relation), and
    an exclusion between two words stands unless the words' lemmas are also synonyms or one a kind
    of the other (the safer relation wins). So the module keeps: each word that can take part in an
    exclusion (through WordNet's antonyms or derivational negations, or a curated English pair),
    with every word that can share a lemma tuple with it and their parts of speech; of their
    synsets, those an antonym reaches (with a satellite's link to its head); and, as word pairs,
    the synonyms and hypernyms between lemmas of two words an exclusion joins. A word outside those
    has no exclusion to lose, and lemmas() still finds every lemma that has one. For the questions
    the check asks, ``relation`` then answers as it does over the whole selection (the tests
    compare both).
    """
    module = full_module(full, curated)
    lexicon = module._english()
    words = lexicon.words
    antonym_synsets = set(lexicon.antonyms)
    opposed = {
        s: set().union(*(lexicon.antonyms.get(h, set()) for h in lexicon.heads({s})))
        for s in range(len(lexicon.ups))
    }
    excluding = {s for s, o in opposed.items() if o}
    pairs = [line.split() for line in curated[0].split("\n") if line.startswith("en ")]
    curated_words = {w.replace("_", " ") for _, _, a, b in pairs for w in (a, b)}
    negation_words = {w for pair in lexicon.negations for w in pair}
    capable = {w for w in words if lexicon.synsets((w,)) & excluding} | negation_words | curated_words
    # Every lemma tuple a word of ``capable`` can be in, from the surface forms that can lead to it.
    surfaces = set(words) | set(lexicon.forms) | curated_words | negation_words
    surfaces |= {
        form
        for line in curated[1].split("\n")
        if line.startswith("en ")
        for form in (pair.split(":")[0].replace("_", " ") for pair in line.split()[1:])
    }
    for word in capable & set(words):
        surfaces |= _inflections(word)
    together: dict[str, set[str]] = {}
    for surface in sorted(surfaces):
        group = {surface, *module.lemmas(surface, "en")}
        if group & capable:
            for word in group:
                together.setdefault(word, set()).update(group)
    # Pairs an exclusion joins: antonyms (through satellites' heads), negations, curated pairs.
    holders: dict[int, set[str]] = {}
    for word in together:
        for s in lexicon.heads(lexicon.synsets((word,))):
            holders.setdefault(s, set()).add(word)
    exclusive: set[tuple[str, str]] = set()
    for word in together:
        for s in lexicon.heads(lexicon.synsets((word,))):
            for other_synset in lexicon.antonyms.get(s, ()):
                exclusive.update((word, other) for other in holders.get(other_synset, ()))
    exclusive |= lexicon.negations
    exclusive |= {
        (a.replace("_", " "), b.replace("_", " ")) for _, rel, a, b in pairs if rel in ("neg", "alt")
    }
    compatible: dict[tuple[str, str], str] = {}
    seen: set[tuple[str, str]] = set()
    for a, b in sorted(exclusive):
        for x in together.get(a, {a}):
            for y in together.get(b, {b}):
                for pair in ((x, y), (y, x)):
                    if pair in seen:
                        continue
                    seen.add(pair)
                    sx, sy = lexicon.synsets((pair[0],)), lexicon.synsets((pair[1],))
                    if sx & sy:
                        compatible[pair] = "eq"
                    elif sx and sy and sy & lexicon.above(sx):
                        compatible[pair] = "fwd"
                    elif sx and sy and sx & lexicon.above(sy):
                        compatible[pair] = "rev"
    kept_words = sorted(w for w in together if w in words)
    # Synsets an antonym reaches: the antonyms' own, and the satellites that inherit them.
    keep = sorted(antonym_synsets | {s for w in kept_words for s in lexicon.synsets((w,)) & excluding})
    index = {s: i for i, s in enumerate(keep)}

    def up_line(synset: int) -> str:
        return " ".join(u for u in lexicon.ups[synset].split() if u[0] == "~" and int(u[1:], 36) in index)

    ups = "\n".join(" ".join("~" + _base36(index[int(u[1:], 36)]) for u in up_line(s).split()) for s in keep)

    def word_line(word: str) -> str:
        parts = words[word].split(":")[0]
        ids = sorted(index[s] for s in lexicon.synsets((word,)) if s in index)
        return f"{word}:{parts}:{' '.join(_base36(i) for i in ids)}"

    antonyms = " ".join(
        f"{_base36(index[a])}:{_base36(index[b])}"
        for a in keep
        for b in sorted(lexicon.antonyms.get(a, ()))
        if a < b
    )
    kept = set(kept_words)
    forms = " ".join(pair for pair in full.forms.split() if pair.split(":")[1].replace("_", " ") in kept)
    converse = {"fwd": "rev", "rev": "fwd"}
    lines, written = [], set()
    for (a, b), rel in sorted(compatible.items()):
        # A pair's converse is implied (core/wordnet.py) unless it differs.
        if (b, a) in written and rel == converse.get(compatible[(b, a)], compatible[(b, a)]):
            continue
        written.add((a, b))
        lines.append(f"{a.replace(' ', '_')} {b.replace(' ', '_')} {rel}")
    return English(
        "\n".join(word_line(w) for w in kept_words), ups, antonyms, forms, full.negations, "\n".join(lines)
    )


# ---- the selection, kept whole beside the module ----

SELECTION_HEAD = """\
# Open English WordNet, as selected by scripts/build_lexicon.py: the whole English selection, of which
# core/wordnet.py carries the part the support check reads (see data/lexicon/README.md). Written by
# the build: do not edit. Sections: [words] word:parts of speech:synset ids (base 36); [ups] one
# synset a line, its hypernyms, or for a satellite adjective ~ and its head; [antonyms] synset
# pairs; [forms] irregular form:base; [negations] adjective:prefix.
"""
_SECTIONS = ("words", "ups", "antonyms", "forms", "negations")
_SPACED = ("antonyms", "forms", "negations")  # one item a line here, space-separated in the module


def selection_text(english: English, edition: str) -> str:
    parts = [SELECTION_HEAD, ATTRIBUTION, f"edition {edition}\n", f"sha256 {english.digest()}\n"]
    for name in _SECTIONS:
        value = getattr(english, name)
        parts.append(f"[{name}]\n" + (value.replace(" ", "\n") if name in _SPACED else value) + "\n")
    return "".join(parts)


def read_selection(path: Path = SELECTION) -> tuple[English, str]:
    """The selection file's English data and edition (``selection_text`` read back)."""
    text = path.read_text(encoding="utf-8")
    head, _, body = text.partition("\n[words]\n")
    edition = next(line[8:] for line in head.splitlines() if line.startswith("edition "))
    values = {}
    rest = "[words]\n" + body
    for name in _SECTIONS:
        marker = f"[{name}]\n"
        rest = rest[len(marker) :]
        following = [f"\n[{n}]\n" for n in _SECTIONS[_SECTIONS.index(name) + 1 :]]
        end = rest.index(following[0]) + 1 if following else len(rest)
        value = rest[: end - 1]
        values[name] = value.replace("\n", " ") if name in _SPACED else value
        rest = rest[end:]
    return English(**values), edition


def pack(parts: list[str]) -> str:
    """The lists joined, compressed with LZMA (xz, a fifth smaller than zlib) and in Base85: what
    core/wordnet.py's ``_DATA`` holds."""
    data = lzma.compress("\x00".join(parts).encode("utf-8"), preset=9 | lzma.PRESET_EXTREME)
    return base64.b85encode(data).decode("ascii")


_DATA_LINE = re.compile(r'^_DATA = "([^"]*)"$', re.MULTILINE)


def unpacked(text: str) -> str:
    """``text`` (core/wordnet.py) with ``_DATA`` unpacked, one list to a constant: what a rebuild
    compares, since another LZMA may compress the same lists to other bytes."""
    module = _DATA_LINE.search(text)
    if module is None:
        return text
    parts = lzma.decompress(base64.b85decode(module.group(1))).decode("utf-8").split("\x00")
    lists = "".join(f"_DATA[{i}] = {json.dumps(part, ensure_ascii=False)}\n" for i, part in enumerate(parts))
    return text[: module.start()] + lists + text[module.end() + 1 :]


def render(code: str, english: English, edition: str, curated: tuple[str, str, str], digest: str) -> str:
    """The module: its hand-written code above the marker, the generated constants below."""
    head = code.split(MARKER, 1)[0]
    parts = [
        english.words,
        english.ups,
        english.antonyms,
        english.forms,
        english.negations,
        english.compatible,
        *curated,
    ]
    return "".join(
        [
            head,
            MARKER,
            ATTRIBUTION,
            _constant("EDITION", f"Open English WordNet {edition}"),
            "# SHA-256 of the whole selection (data/lexicon/wordnet_selection.txt) this data is derived from.\n",
            _constant("EN_SHA256", digest),
            "# The lists _PACKED names, packed (pack() in scripts/build_lexicon.py). English: words, one a\n",
            "# line (the word, its parts of speech n v a r, the base-36 ids of its synsets); synsets, one a\n",
            "# line (for a satellite adjective, ~ and its head's id); antonym synset pairs; irregular forms\n",
            "# (form:base); derivational negations (adjective:prefix; less: -ful becomes -less); synonyms and\n",
            "# hypernyms that overrule an exclusion (word word eq|fwd|rev). Curated: pairs (language,\n",
            "# relation, word, word), irregular forms by language (form:base), function words by language\n",
            "# (+: letters).\n",
            _constant("_DATA", pack(parts)),
        ]
    )


def build_both(
    oewn: str | None, ref: str = DEFAULT_REF, target: Path = OUTPUT, selection: Path = SELECTION
) -> tuple[str, str]:
    """The texts of core/wordnet.py and of the selection file, from WordNet's source or from the
    selection file already written."""
    code = target.read_text(encoding="utf-8")
    if oewn:
        wn = read_oewn(oewn, ref)
        full, edition = select_english(wn), wn.edition
    else:
        full, edition = read_selection(selection)
    curated = read_curated()
    runtime = runtime_english(full, curated)
    return render(code, runtime, edition, curated, full.digest()), selection_text(full, edition)


def build(oewn: str | None, ref: str = DEFAULT_REF, target: Path = OUTPUT) -> str:
    """The text of core/wordnet.py (``build_both``)."""
    return build_both(oewn, ref, target)[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--oewn", help="Open English WordNet source folder or git directory")
    parser.add_argument("--ref", default=DEFAULT_REF, help="release tag, for a git directory")
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    parser.add_argument("--selection", type=Path, default=SELECTION)
    args = parser.parse_args(argv)
    module, selection = build_both(args.oewn, args.ref, args.output, args.selection)
    outputs = [(args.output, module), (args.selection, selection)]
    if args.check:
        differ = [
            path for path, text in outputs if unpacked(path.read_text(encoding="utf-8")) != unpacked(text)
        ]
        for path in differ:
            print(f"{path.name} differs from the build")
        if not differ:
            print("core/wordnet.py and the selection are up to date")
        return 1 if differ else 0
    for path, text in outputs:
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path} ({len(text.encode())} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
