"""Build ``core/wordnet.py``, the support check's lexicon, from Open English WordNet and curated lists.

    python scripts/build_lexicon.py --oewn PATH           # write core/wordnet.py
    python scripts/build_lexicon.py --oewn PATH --check   # exit 1 if core/wordnet.py differs

PATH is Open English WordNet's source, the YAML files of the ``globalwordnet/english-wordnet``
repository: a folder holding ``src/yaml/``, or a git directory of that repository, read at the
release tag ``--ref`` (default ``2025-edition``) without a work tree. Without ``--oewn`` the script
re-renders the module from the English data already in ``core/wordnet.py`` and the curated lists
in ``data/lexicon/``: that path needs no WordNet and checks everything but the extraction itself
(see ``data/lexicon/README.md``).

Everything here is the standard library, and the output is a function of the input only: sorted,
no time stamps, so a rebuild is byte for byte the committed file.
"""

from __future__ import annotations

import argparse
import ast
import functools
import hashlib
import json
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "core" / "wordnet.py"
CURATED = ROOT / "data" / "lexicon"
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
    pos_starts: str
    antonyms: str
    forms: str
    negations: str
    ids: list[str] = field(default_factory=list)  # WordNet's synset ids, line by line (not rendered)

    def digest(self) -> str:
        """SHA-256 of the English data, written beside it so that a hand edit shows."""
        parts = [self.words, self.ups, self.pos_starts, self.antonyms, self.forms, self.negations]
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
    # Synsets go by part of speech (nouns, verbs, adjectives with their satellites, adverbs), so that
    # a synset's number tells its part of speech with four numbers (``pos_starts``).
    order = sorted(keep, key=lambda s: ("nvar".index(_pos(s)), s))
    starts = {}
    for i, synset in enumerate(order):
        starts.setdefault(_pos(synset), i)
    pos_starts = " ".join(f"{p}:{starts.get(p, len(order))}" for p in "nvar")
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
    words = "\n".join(f"{w}:{' '.join(_base36(i) for i in synsets_of[w])}" for w in sorted(synsets_of))
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
    return English(words, "\n".join(up_lines), pos_starts, antonyms, forms_text, negations, order)


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


def render(code: str, english: English, edition: str, curated: tuple[str, str, str]) -> str:
    """The module: its hand-written code above the marker, the generated constants below."""
    head = code.split(MARKER, 1)[0]
    parts = [
        head,
        MARKER,
        ATTRIBUTION,
        _constant("EDITION", f"Open English WordNet {edition}"),
        _constant("EN_SHA256", english.digest()),
        "# Words, one a line: the word, then the base-36 ids of its synsets.\n",
        _constant("_EN_WORDS", english.words),
        "# Synsets, one a line (its number is its id): the base-36 ids of its hypernyms, or for a satellite\n",
        "# adjective ~ and its head's.\n",
        _constant("_EN_UPS", english.ups),
        "# Where each part of speech starts among the synsets: n, v, a (satellites included), r.\n",
        _constant("_EN_POS_STARTS", english.pos_starts),
        "# Antonym synset pairs, base-36 ids.\n",
        _constant("_EN_ANTONYMS", english.antonyms),
        "# Irregular forms the detachment rules do not reach: form:base.\n",
        _constant("_EN_FORMS", english.forms),
        "# Derivational negations of adjectives: word:prefix (less: -ful becomes -less).\n",
        _constant("_EN_NEGATIONS", english.negations),
        "# Curated pairs, one a line: language, relation, first word, second word.\n",
        _constant("_CURATED", curated[0]),
        "# Curated irregular forms, one language a line: form:base.\n",
        _constant("_FORMS", curated[1]),
        "# Function words, one language a line (+: letters).\n",
        _constant("_FUNCTION_WORDS", curated[2]),
    ]
    return "".join(parts)


def english_from_module(path: Path) -> tuple[English, str]:
    module = _load_module(path)
    english = English(
        module._EN_WORDS,
        module._EN_UPS,
        module._EN_POS_STARTS,
        module._EN_ANTONYMS,
        module._EN_FORMS,
        module._EN_NEGATIONS,
    )
    return english, module.EDITION.removeprefix("Open English WordNet ")


def build(oewn: str | None, ref: str = DEFAULT_REF, target: Path = OUTPUT) -> str:
    """The text of core/wordnet.py, from WordNet's source or from the English data already in ``target``."""
    code = target.read_text(encoding="utf-8")
    if oewn:
        wn = read_oewn(oewn, ref)
        english, edition = select_english(wn), wn.edition
    else:
        english, edition = english_from_module(target)
    return render(code, english, edition, read_curated())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--oewn", help="Open English WordNet source folder or git directory")
    parser.add_argument("--ref", default=DEFAULT_REF, help="release tag, for a git directory")
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    text = build(args.oewn, args.ref, args.output)
    if args.check:
        same = args.output.read_text(encoding="utf-8") == text
        print("core/wordnet.py is up to date" if same else "core/wordnet.py differs from the build")
        return 0 if same else 1
    args.output.write_text(text, encoding="utf-8")
    print(f"wrote {args.output} ({len(text.encode())} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
