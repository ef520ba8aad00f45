"""Distorted claims from WiCE dev: the source no longer says them, so the checker must not say so.

    >>> import random
    >>> negate("The tower was completed in 1889.", random.Random(0))
    'The tower was not completed in 1889.'
    >>> reverse_direction("Sales rose before the war.", "Sales rose sharply before the war.", random.Random(0))
    'Sales fell before the war.'

Each generator changes one element of a claim that its cited chunk states, the way a model gets a
claim wrong while keeping the source's words, and returns None when the claim offers no such element:

* ``negate``: "not" after the first auxiliary or copula ("was" → "was not"), else "did not" before the
  first past-tense verb ("married" → "did not marry"), else "does not" before a present one;
* ``swap_name``: a name the chunk holds (a run of capitalized words) becomes a name from *another*
  claim that filled the same role (a month for a month; after "in", "at", "from"…, a place for a
  place; else a person or body with as many words), one that no presented chunk holds; a word that
  opens the claim is a name only when the chunks also write it inside a sentence ("Because" is not);
* ``reverse_direction``: a direction or comparison word the chunk holds becomes its antonym, from
  the list below (written for this generator as a reader would reverse a claim, wider than the
  checker's lexicon: pairs the checker does not know count against it), where a reader would
  reverse it: not in a name ("High School"), a phrasal verb ("handed over", "set up") or a fixed
  phrase ("named after"), and "over" / "under" only before an amount ("over 50");
* ``change_number``: a number the chunk holds changes (a year by 1 to 3, another integer by 1 to 9 or
  doubled, a decimal in its last digit), to a value the chunk does not hold.

Standard library only; deterministic for a given ``random.Random``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable

AUXILIARIES = frozenset(
    "is are was were has have had will would can could should may might must does do did".split()
)
# "had two children" is not "had not two children": a possessive have takes "did not have".
HAVE = {"has": "does not have", "have": "do not have", "had": "did not have"}
IRREGULAR_PAST = {
    "won": "win",
    "became": "become",
    "began": "begin",
    "left": "leave",
    "made": "make",
    "took": "take",
    "gave": "give",
    "went": "go",
    "wrote": "write",
    "held": "hold",
    "led": "lead",
    "met": "meet",
    "found": "find",
    "built": "build",
    "grew": "grow",
    "ran": "run",
    "sold": "sell",
    "bought": "buy",
    "taught": "teach",
    "told": "tell",
    "said": "say",
    "saw": "see",
    "came": "come",
    "lost": "lose",
    "brought": "bring",
    "spent": "spend",
    "fell": "fall",
    "rose": "rise",
    "sang": "sing",
    "drew": "draw",
    "chose": "choose",
    "fought": "fight",
    "won't": "win",
    "sent": "send",
    "paid": "pay",
    "kept": "keep",
}
PRESENT_VERBS = frozenset(
    "lives works serves remains holds includes contains runs plays owns leads features appears "
    "teaches hosts covers produces operates".split()
)
PARTICIPLE = re.compile(r"\w+(?:ed|en|wn|ne|ght|ung|ade|ilt|ld)$")
# Antonyms a reader would use to reverse a claim: comparisons, directions, changes, outcomes.
ANTONYMS = dict(
    pair
    for a, b in (
        ("highest", "lowest"),
        ("higher", "lower"),
        ("largest", "smallest"),
        ("larger", "smaller"),
        ("biggest", "smallest"),
        ("bigger", "smaller"),
        ("greatest", "least"),
        ("greater", "lesser"),
        ("most", "least"),
        ("more", "less"),
        ("before", "after"),
        ("above", "below"),
        ("over", "under"),
        ("first", "last"),
        ("earliest", "latest"),
        ("earlier", "later"),
        ("early", "late"),
        ("best", "worst"),
        ("better", "worse"),
        ("increase", "decrease"),
        ("increased", "decreased"),
        ("increases", "decreases"),
        ("increasing", "decreasing"),
        ("rose", "fell"),
        ("rising", "falling"),
        ("won", "lost"),
        ("win", "lose"),
        ("wins", "loses"),
        ("winning", "losing"),
        ("top", "bottom"),
        ("upper", "lower"),
        ("north", "south"),
        ("east", "west"),
        ("northern", "southern"),
        ("eastern", "western"),
        ("previous", "next"),
        ("oldest", "youngest"),
        ("older", "younger"),
        ("longest", "shortest"),
        ("longer", "shorter"),
        ("maximum", "minimum"),
        ("majority", "minority"),
        ("many", "few"),
        ("began", "ended"),
        ("opened", "closed"),
        ("gained", "lost"),
        ("inside", "outside"),
        ("high", "low"),
        ("positive", "negative"),
        ("success", "failure"),
        ("successful", "unsuccessful"),
        ("victory", "defeat"),
        ("allowed", "banned"),
        ("legal", "illegal"),
        ("accepted", "rejected"),
        ("approved", "rejected"),
        ("included", "excluded"),
        ("upward", "downward"),
        ("entered", "left"),
        ("joined", "left"),
        ("strongest", "weakest"),
        ("stronger", "weaker"),
        ("fastest", "slowest"),
        ("faster", "slower"),
        ("expanded", "reduced"),
    )
    for pair in ((a, b), (b, a))
    if pair[0] not in {"lost", "left", "lower", "rejected", "smallest", "least", "reduced"}
    or (a, b) in {("won", "lost"), ("higher", "lower"), ("approved", "rejected"), ("largest", "smallest")}
)
# Words after "over" / "under" that make them "more than" / "less than".
AMOUNT_WORDS = frozenset(
    "half two three four five six seven eight nine ten twenty hundred thousand million".split()
)
MONTHS = frozenset(
    "January February March April May June July August September October November December".split()
)
PLACE_BEFORE = frozenset("in at from near to into across of".split())
# A name holding one of these names a team, school, company or other body, not a person.
BODY_WORDS = frozenset(
    "Council League School University College Team Club Party Company Inc Records Association Committee "
    "Library Forum Museum Foundation Board Band Court Church Hospital Institute Society Agency Department "
    "Ministry Army Navy Force Group Corporation Festival Award Awards Cup Championship Series".split()
)
# Capitalized words that start a sentence without naming anything.
FUNCTION_WORDS = frozenset(
    "The A An In On At He She It They His Her Its Their This These That Those After Before During As "
    "From By With For Since While When Following According Both Each Many Some There Today Later "
    "Also However".split()
)
_WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿ][\w'’.-]*")
_NAME_RUN = re.compile(r"\b[A-Z][\w'’-]*(?:\s+(?:of\s+|de\s+|the\s+|and\s+)?[A-Z][\w'’-]*)*")
_NUMBER = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)?(?![\w])")
_YEAR_SPAN = re.compile(r"\b(1[5-9]|20)\d\d[-–—/](\d\d)\b")


def _cap(word: str, like: str) -> str:
    return word[:1].upper() + word[1:] if like[:1].isupper() else word


def negate(claim: str, rng: random.Random) -> str | None:
    """The claim with "not" added at its first verb (see the module docstring)."""
    words = list(_WORD.finditer(claim))
    for k, m in enumerate(words[1:], start=1):
        word = m.group(0).lower()
        if word in AUXILIARIES and not (word == "may" and m.group(0)[0].isupper()):  # the month
            nxt = words[k + 1].group(0).lower() if k + 1 < len(words) else ""
            if nxt in {"not", "never", "no"}:
                return None
            if word in HAVE and not PARTICIPLE.fullmatch(nxt):
                return claim[: m.start()] + HAVE[word] + claim[m.end() :]
            return claim[: m.end()] + " not" + claim[m.end() :]
    for k, m in enumerate(words[1:], start=1):
        word = m.group(0)
        low = word.lower()
        before = words[k - 1].group(0).lower()
        if before in {"the", "a", "an", "his", "her", "their", "its"}:
            continue
        if low in IRREGULAR_PAST:
            return claim[: m.start()] + "did not " + IRREGULAR_PAST[low] + claim[m.end() :]
        if word.islower() and low.endswith("ed") and len(low) > 4:
            base = low[:-3] + "y" if low.endswith("ied") else low[:-1] if low[-3] in "cdgstuvz" else low[:-2]
            return claim[: m.start()] + "did not " + base + claim[m.end() :]
        if low in PRESENT_VERBS:
            return claim[: m.start()] + "does not " + low[:-1] + claim[m.end() :]
    return None


def _role(claim: str, start: int, name: str) -> str:
    if name in MONTHS:
        return "month"
    before = claim[:start].split()
    if before and before[-1].lower() in PLACE_BEFORE:
        return "place"
    return "body" if BODY_WORDS & set(name.split()) else "person"


def name_runs(claim: str) -> list[tuple[int, int, str, str]]:
    """(start, end, name, role) of each run of capitalized words that names something."""
    runs = []
    for m in _NAME_RUN.finditer(claim):
        name = m.group(0).rstrip(".")
        first = name.split()[0]
        if m.start() == 0 or claim[: m.start()].rstrip().endswith((".", ":")):
            if first in FUNCTION_WORDS:
                rest = name[len(first) :].lstrip()
                if not rest or not rest[0].isupper():
                    continue
                start = m.start() + name.index(rest)
                runs.append((start, start + len(rest), rest, _role(claim, start, rest)))
                continue
        if (len(name) >= 2 and not name.isupper()) or len(name) >= 3:
            runs.append((m.start(), m.start() + len(name), name, _role(claim, m.start(), name)))
    return runs


def name_pool(claims: Iterable[str]) -> dict[tuple[str, int], list[str]]:
    """Names from many claims by role and number of words: what a swap may draw from. Only names
    written inside a sentence, where a capital means a name ("Along with…" names nothing)."""
    pool: dict[tuple[str, int], set[str]] = {}
    for claim in claims:
        for start, _, name, role in name_runs(claim):
            if start > 0 and not claim[:start].rstrip().endswith((".", ":", '"')):
                pool.setdefault((role, len(name.split())), set()).add(name)
    return {key: sorted(names) for key, names in pool.items()}


def _named_in(name: str, text: str, inside: bool = False) -> bool:
    """Whether ``text`` holds ``name``; ``inside``: after a word in lower case or a comma, inside a
    sentence, where a capital means a name (a claim's first word may just open it: "Because…")."""
    if not inside:
        return name in text
    return any(
        m.group(1).islower() or m.group(1) == ","
        for m in re.finditer(r"(\S)[ \t\u00a0]+" + re.escape(name) + r"\b", text)
    )


def swap_name(
    claim: str, presented: list[str], pool: dict[tuple[str, int], list[str]], rng: random.Random
) -> str | None:
    """The claim with a name its chunk holds replaced by one no presented chunk holds (same role). A
    capitalized word that opens the claim counts as a name only when the chunks write it inside a
    sentence too ("Because", "If" open sentences; "Paris" is named inside them)."""
    joined = " ".join(presented)
    text = joined.lower()
    runs = [
        r
        for r in name_runs(claim)
        # At the start of the claim (or of its line: "## After…"), a capital may just open it.
        if _named_in(r[2], joined)
        and (re.search(r"\w", claim[: r[0]]) or _named_in(r[2], joined, inside=True))
    ]
    rng.shuffle(runs)
    for start, end, name, role in runs:
        options = [
            n
            for n in pool.get((role, len(name.split())), [])
            if n.lower() not in text and n.lower() not in claim.lower()
        ]
        if options:
            return claim[:start] + rng.choice(options) + claim[end:]
    return None


def _reversible(claim: str, m: re.Match[str]) -> bool:
    """Whether a reader would reverse this direction word: not part of a name ("High School", "North
    America"), of a phrasal verb ("handed over", "taking over") or of a fixed phrase ("named after",
    "high school"); "over" and "under" only as "more than" and "less than" ("over 50", "over half")."""
    word = m.group(0)
    if word[0].isupper() and m.start() > 0:
        return False
    before = claim[: m.start()].split()[-1:]
    after = claim[m.end() :].split()[:2]
    low = word.lower()
    if low in {"over", "under"}:
        return bool(after) and (
            after[0][0].isdigit() or after[0].lower() in AMOUNT_WORDS or after[:2] == ["a", "dozen"]
        )
    if low in {"after", "before"} and before and before[0].lower() in {"named", "called", "titled"}:
        return False
    return not (low in {"high", "low"} and after and after[0].lower().startswith("school"))


def reverse_direction(claim: str, chunk: str | None, rng: random.Random) -> str | None:
    """The claim with a direction or comparison word its chunk holds (any, when ``chunk`` is None)
    replaced by its antonym."""
    held = {w.lower() for w in _WORD.findall(chunk)} if chunk is not None else None
    for m in _WORD.finditer(claim):
        word = m.group(0)
        if word.lower() in ANTONYMS and (held is None or word.lower() in held) and _reversible(claim, m):
            return claim[: m.start()] + _cap(ANTONYMS[word.lower()], word) + claim[m.end() :]
    return None


def change_number(claim: str, chunk: str, rng: random.Random) -> str | None:
    """The claim with a number its chunk holds changed to one the chunk does not hold in any form (a
    span of years written short holds its second year: "1616–17" holds 1617)."""
    held = set(_NUMBER.findall(chunk))
    written = held | {m.group(1) + m.group(2) for m in _YEAR_SPAN.finditer(chunk)}
    for m in _NUMBER.finditer(claim):
        raw = m.group(0)
        if raw not in held:
            continue
        for _ in range(20):
            if re.fullmatch(r"1[0-9]{3}|20[0-9]{2}", raw):
                new = str(int(raw) + rng.choice([-3, -2, -1, 1, 2, 3]))
            elif raw.isdigit():
                n = int(raw)
                new = str(rng.choice([n + rng.randint(1, 9), 2 * n + 1]))
            else:
                new = raw[:-1] + str((int(raw[-1]) + rng.randint(1, 8)) % 10)
            if new not in written and new != raw:
                return claim[: m.start()] + new + claim[m.end() :]
    return None


KINDS = ("negation", "name", "direction", "number")


def distort(
    kind: str, claim: str, chunk: str, presented: list[str], pool: dict[tuple[str, int], list[str]], seed: int
) -> str | None:
    """One distortion of ``claim`` whose cited chunk is ``chunk`` (``presented``: every chunk shown)."""
    rng = random.Random(f"{seed}:{kind}:{claim}")
    if kind == "negation":
        return negate(claim, rng)
    if kind == "name":
        return swap_name(claim, presented, pool, rng)
    if kind == "direction":
        return reverse_direction(claim, chunk, rng)
    return change_number(claim, chunk, rng)
