"""Offline lexical support checker: does the cited source actually say the claim?

>>> checker = SupportChecker({
...     1: "Water boils at 100 °C at sea level. Ice melts at 0 °C.",
...     2: "The Eiffel Tower in Paris is 330 metres tall.",
... })
>>> result = checker.check("Water boils at 100 °C at sea level", 1)
>>> result.verdict, result.better_source
('supported', None)
>>> ev = result.evidence[0]
>>> checker.texts[1][ev.start : ev.end] == ev.text == "Water boils at 100 °C at sea level."
True
>>> checker.check("The Eiffel Tower in Paris is 330 metres tall", 1).better_source
2
>>> judged = checker.check("Water boils at 90 °C at sea level", 1)
>>> judged.verdict, judged.conflict.kind, judged.conflict.source_text
('contradicted', 'number', '100')
>>> checker.best_source("The Eiffel Tower in Paris is 330 metres tall")[0]
2
>>> answer = "Ice is cold. Water boils at 100 °C [Source 1]"
>>> start, end = claim_span(answer, answer.index("[Source"))
>>> answer[start:end]
'Water boils at 100 °C'

Standard library only, no network: this file is inlined verbatim into the standalone Citation
Post-Processor. Term weights come from the presented sources themselves (IDF over their
sentences); scripts written without spaces are matched by character bigrams. The score is a small
logistic model over six features (``WEIGHTS``), one of which counts it against a source when another
presented source covers the claim better. Hard signals cap it below ``HIGH``: a claim's number, date,
unit or quoted phrase missing from the source, a name the source does not hold (a sentence that holds
it joins the evidence). Then the claim is aligned with each evidence sentence (``core/align.py``) and
natural logic reads the differences (``core/natlog.py``, ``Aligned``): an exclusion (a negation, an
antonym, a quantifier, a role swap) is a conflict; the lexicon saying the claim goes beyond the
evidence ("all" where it says "some") caps the claim; the lexicon relating the claim's words to the
evidence's ("not permitted" for "forbidden") counts them as said. A number or name facing another in
the same slot is a conflict too. The verdict is ``contradicted`` only for a conflict, and only when,
with it put right, the evidence would support the claim: a difference that is merely unknown is
``partial`` at most. A direction word the source never uses while it uses its antonym near the
evidence caps the claim too, where no slot aligns the two.

For callers: ``check(claim, source)`` judges one citation (with ``better_source``), ``check_all(claim)``
every presented source once, ``best_source(claim)`` the one that supports the claim best and its
margin over the next. Each ``Judgement`` has a verdict, a score, evidence and, for ``contradicted``,
its ``conflict``. Adjacent markers share a claim, which is judged once.
"""

from __future__ import annotations

import difflib
import math
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from itertools import pairwise

from lfx_citations.core.align import (
    ARTICLES,
    GAP_SLACK,
    NUMBER_PATTERN,
    NUMBER_WORDS,
    PREFIX,
    REPEAT_WORDS,
    TIMES_COUNTED,
    Gap,
    Tok,
    align,
    canonical_number,
    follows,
    fronted,
    gaps,
    normalize,
    number_key,
    phrase_around,
    token_spans,
    tokens,
)
from lfx_citations.core.lexicon import (
    AUXILIARY_WORDS,
    BOUND_VERBS,
    CALENDAR,
    CALENDAR_HOMONYMS,
    CALENDAR_WORDS,
    CHINESE_NAME_ENDINGS,
    CHINESE_NAME_OPENERS,
    CHINESE_SURNAMES,
    COORDINATORS,
    DIRECTIONS,
    FUNCTION_WORD_SET,
    GERMAN_NOUN_MARKERS,
    INSTEAD_OF,
    MONTH_NUMBERS,
    NAME_PARTICLES,
    NEGATION_BREAKERS,
    NOUN_PHRASE_START_WORDS,
    PASSIVE_AUXILIARIES,
    PERIOD_DAYS,
    RATE_WORDS,
    SCALES,
    SENTENCE_OPENER_WORDS,
    WORKING_DAYS,
    approximator,
    converse,
    drug_name,
    is_function_word,
    operator,
    sentence_language,
    unit_dimension,
    units_differ,
)
from lfx_citations.core.natlog import (
    ENTAILING,
    EXCLUSIVE,
    Inference,
    Mark,
    active_order,
    amount_goes_on,
    amounts_exclude,
    fraction,
    infer,
    is_year,
    marks,
    negative,
    same_amount,
    same_predicate,
    same_stem,
)

# ---------------------------------------------------------------------------
# Constants
# ---------------------------------------------------------------------------

#: Words that say whose a name is ("of the", "de la", "van de"): a slot they alone open is no role.
_GENITIVE = ARTICLES | NAME_PARTICLES | frozenset("of a d des".split())
#: How far two spans of time in other units may differ and be one ("90 days" / "three months").
SPAN_TOLERANCE = 0.03
#: How many characters a source sentence may differ in length from a claim it repeats word for word
#: (punctuation, spaces).
COPY_SLACK = 8
#: The share of the claim's other content words a sentence must say for a number said apart to be a flip
#: (a model rewords the rest of a sentence whose number it gets wrong).
NUMBER_APART_COVERAGE = 0.5
#: Score at or above which a citation is ``supported`` (BA-optimal on WiCE dev, BA smoothed over
#: ±0.05, not below 0.65, among the thresholds that keep at least 55 % of the fully supported
#: citations supported: see ``scripts/eval/support_eval.py``).
HIGH = 0.71
#: Score below which a citation is ``unsupported``; set low because that flag is a visible warning:
#: at most 2 % of fully supported citations (WiCE dev) fall below it, and 95 % of the flags are right.
LOW = 0.067
#: Scores in [UNCERTAIN_LOW, UNCERTAIN_HIGH) are the ones worth sending to an optional LLM judge.
UNCERTAIN_LOW = 0.5
UNCERTAIN_HIGH = 0.85
#: ``better_source`` must beat the cited source by this much; smaller gaps are near-ties.
BETTER_MARGIN = 0.05
#: A second evidence sentence is added only when it raises coverage by at least this much.
PAIR_GAIN = 0.1
#: Sentences added to the evidence because they hold a name of the claim that it lacks, at most.
MAX_NAME_SENTENCES = 2
#: How many sentences either side of the evidence an antonym of a claim's direction word is looked for
#: (about a 1 KB chunk around it: a long source uses many direction words for many things).
DIRECTION_REACH = 5
#: A title set off after a name ("Prince Harry, Duke of Sussex") is that person's in the evidence only
#: within this many words after the name ("Harry, who is the Duke of …").
TITLE_REACH = 4
#: How many more aligned words the claim's front phrase read at its end must give: a claim reworded
#: around its own front phrase is read in its order unless the other order clearly says more.
CLAIM_FRONT_GAIN = 2
#: Credit for a claim word matched only through a shared prefix (morphology: "publish"/"published").
SOFT_CREDIT = 0.7
#: Weight factor of one- and two-letter words in spaced scripts (see ``SupportChecker.parse``).
SHORT_WORD_WEIGHT = 0.3
#: Bounds that keep absurd inputs cheap: long sentences are cut, huge claims truncated.
MAX_SENTENCE_CHARS = 600
MAX_CLAIM_TOKENS = 64

#: Logistic weights (bias first) over the features of ``SupportChecker.features``: weighted coverage
#: of the claim by its best one or two sentences; names and numbers of the claim missing from the
#: source; those missing from every presented source; coverage by up to three sentences; coverage by
#: all presented sources together (the claim's ceiling); how far another source covers it better
#: (0 when none does). Fitted on all of WiCE dev (oracle chunks plus right/wrong windows of supported
#: and partially supported claims) by ``scripts/eval/support_eval.py``, which reports the cross-validated
#: figures.
WEIGHTS = (-0.367, 2.111, -0.964, -1.384, 2.51, -0.403, 2.29)
#: Hand-set logit penalties for signals too rare (or too noisy) in the dev data to fit: each quoted
#: phrase of the claim the source does not hold word for word, each number it does not state.
QUOTE_PENALTY = 1.0
NUMBER_PENALTY = 2.0
#: Highest score when a claim's number, unit or quoted phrase is not in the source, a name not in its
#: evidence, or a negation or other element is flipped (see ``Aligned``): partial at most, whatever
#: the threshold (``capped``).
HARD_CAP = 0.6
CAP_MARGIN = 0.05
#: Weighted coverage below which the score shrinks in proportion (unrelated sources score ~0).
MIN_COVERAGE = 0.3

# A number with the unit or currency written next to it: "100 °C", "5km", "12 %", "$5", "€ 3,50".
# A word elided before an apostrophe ("42 s'arrête", "3 l'anno") is no unit, and the minutes of a clock
# time ("14:00 Uhr", "14h30") are no amount.
_QUANTITY_RE = re.compile(
    rf"([$€£¥₹]?)[ \u00a0]?(?<!\d:)(?<!\dh)(?<!\d)({NUMBER_PATTERN})(?:([ \u00a0]?)(°[ \u00a0]?[^\W\d_]?|[%‰]|[^\W\d_]{{1,3}}(?![\w'’])))?"
)
# Every kind of line break ends a sentence, the form feed and the other page separators too: evidence
# never reads on across a page break.
_BREAKS = "\n\r\f\v\x1c\x1d\x1e\x85\u2028\u2029"
_SENTENCE_END_RE = re.compile(rf"[.!?]+[\"'”’»)\]]*(?=\s)|[。！？]+|[{_BREAKS}]")
# Titles written short, and a capital initial after a capitalized word (not I, V or X: "World War I."
# ends a sentence), before a period that does not end the sentence.
_ABBREVIATION_RE = re.compile(
    r"(?<![\w.])(?:Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr|Mt|Gen|Gov|Sen|Rep|Lt|Col|Capt|Sgt|Rev|Hon|Mme|Mlle|Hr|Fr|Sra|Sig|Dhr)\."
    r"|(?:(?<=[^\W\d_] )|(?<=[A-Z]\. ))[A-HJ-UWYZ]\."
)
_MARKER_RE = re.compile(r"\[\s*(?:sources?|src|docs?|refs?)?\s*[:#]?\s*\d[\d,\s\-]*\]", re.IGNORECASE)
_QUOTE_RE = re.compile(r"\"([^\"]{3,})\"|“([^”]{3,})”|«\s*([^»]{3,}?)\s*»|„([^“”]{3,})[“”]|「([^」]{2,})」")
_BULLET_RE = re.compile(r"\s*(?:[-*•]|\d{1,3}[.)])\s+")
# Months written short, by month, in the lexicon's languages. Those that are also common words ("set",
# "out", "ago", "gen", "mag") count only between a day and a year ("12 set. 2019").
_MONTH_SHORT = (
    ("jan janv ene", "gen"),
    ("feb febr févr fév fev", ""),
    ("mar mär mrt", ""),
    ("apr avr abr", ""),
    ("", "mag"),
    ("jun giu", ""),
    ("jul juil lug", ""),
    ("aug", "ago"),
    ("sep sept", "set"),
    ("oct okt ott", "out"),
    ("nov", ""),
    ("dec déc dez dic", ""),
)
_MONTH_OF = {w: n for n, pair in enumerate(_MONTH_SHORT) for w in " ".join(pair).split()}
# German auxiliaries end like declined adjectives, but a capitalized word after one is no noun of theirs.
#: A century in Roman numerals ("XVIe", "XIXth").
_ROMAN_ORDINAL = re.compile(r"[ivxlc]+(?:e|er|ème|th|st|nd|rd)")
#: Words that open a sentence and name nothing: "only" in the lexicon languages, and German "einer".
_OPENING_WORDS = NEGATION_BREAKERS | frozenset("einer eines einem".split())
_GERMAN_AUXILIARIES = frozenset(PASSIVE_AUXILIARIES["de"][0].split()) | {
    "hatte",
    "hatten",
    "haben",
    "habe",
    "waren",
}
# Auxiliaries between a negation and the word it negates ("is not permitted", "must not be given").
_BETWEEN = AUXILIARY_WORDS | {"be", "been"}
_SHORT = "|".join(sorted((w for pair in _MONTH_SHORT for w in pair[0].split()), key=len, reverse=True))
_AMBIGUOUS = "|".join(w for _, words in _MONTH_SHORT for w in words.split())
_INITIALISM_RE = re.compile(r"(?<![\w.])(?:(?:[^\W\d_]\.){2,}|vs?\.)$")
_ISO_HINT = re.compile(r"\d{4}[-/][01]\d[-/]")
_DAY = r"(?:0?[1-9]|[12]\d|3[01])"
# A short month with a day or a year after it ("Nov 10, 2018", "Aug. 10", "JUN 2018"), written with a
# capital; any short month between a day and a year ("12 feb 2009"); an ISO date ("2018-11-15").
_MONTH_RE = re.compile(
    rf"(?<![^\W\d_])(?P<short>(?i:{_SHORT}))\.?[ \u00a0]+(?:{_DAY}|\d{{4}})(?!\d)"
    rf"|(?<!\d){_DAY}\.?[ \u00a0]+(?P<between>(?i:{_SHORT}|{_AMBIGUOUS}))\.?[ \u00a0]+\d{{4}}(?!\d)"
    rf"|(?<![\d-])\d{{4}}([-/])(?P<iso>0[1-9]|1[0-2])\3{_DAY}(?![\d-])"
)

# ---------------------------------------------------------------------------
# Pure functions
# ---------------------------------------------------------------------------


def quantities(text: str) -> list[tuple[str, str, bool]]:
    """(number, unit, apart) of each number in ``text``: the unit "" when none is written next to it,
    ``apart`` when the unit is a word after a space, which may just be the next word ("2017 to")."""
    out = []
    for m in _QUANTITY_RE.finditer(normalize(text)):
        unit = m.group(1) or (m.group(4) or "")
        apart = not m.group(1) and unit[:1].isalpha() and bool(m.group(3))
        out.append((canonical_number(m.group(2)), unit.replace(" ", "").replace("\u00a0", ""), apart))
    return out


def stated_months(text: str) -> frozenset[str]:
    """The names, in every lexicon language, of the months ``text`` writes short or in digits: a
    source's "Nov 10, 2018" or "2018-11-15" states the claim's "November" (and "novembre").

    >>> months = stated_months("Updated Aug. 10, 2014; filed 2019-03-04")
    >>> sorted(m for m in months if m in ("august", "août", "march", "mars", "may"))
    ['août', 'august', 'march', 'mars']
    >>> stated_months("set 5 times, Gen 2, the Mar, 10 years ago 2019")
    frozenset()
    """
    found = set()
    for m in _MONTH_RE.finditer(text):
        short = m.group("short")
        if short and not short[0].isupper():
            continue
        word = short or m.group("between")
        n = _MONTH_OF[word.casefold()] if word else int(m.group("iso")) - 1
        found.update(words.split()[n] for words in CALENDAR.values())
    return frozenset(found)


def _abbreviated(text: str, end: int) -> bool:
    """Whether the period ending at ``end`` closes a title or an initial inside a name ("Mr. Borker",
    "Arthur M. Sackler"), not a sentence: the next word is a name, written with a capital; or a month
    written short before its day or year ("Nov. 10, 2018"); or an initialism before a name or a word in
    lower case ("the U.S. Supreme Court", "Washington, D.C. with")."""
    if text[end - 1 : end] in _BREAKS:
        return False  # a line break always ends one
    nxt = text[end : end + 3].lstrip()
    if nxt[:1].isdigit():
        month = re.search(r"(\d\.?[ \u00a0]+)?(?<![^\W\d_])([^\W\d_]{3,5})\.$", text[max(0, end - 10) : end])
        return (
            bool(month)
            and (month.group(1) or month.group(2)[0].isupper())
            and month.group(2).casefold() in _MONTH_OF
        )
    if nxt[:1].isupper() and any(
        m.end() == end for m in _ABBREVIATION_RE.finditer(text, max(0, end - 6), end)
    ):
        return True
    # A day written as an ordinal before its month: "am 3. Mai 1911".
    word = re.match(r"[^\W\d_]+", text[end : end + 20].lstrip())
    if (
        word
        and word.group(0).casefold() in MONTH_NUMBERS
        and re.search(r"(?<![\d.])\d{1,2}\.$", text[max(0, end - 4) : end])
    ):
        return True
    # "U.S.", "p.m." and "v." end a sentence too ("He moved to the U.S. He…"): not before a word in
    # lower case ("D.C. with") nor a name ("the U.S. Supreme Court", "Brown v. Board"), a capitalized
    # word that does not open sentences.
    tail = text[max(0, end - 12) : end]
    if (tail[-3:-2] != "." and tail[-2:] != "v." and tail[-3:] != "vs.") or not _INITIALISM_RE.search(tail):
        return False
    word = re.match(r"[^\W\d_]+", text[end : end + 40].lstrip())
    return word is not None and (
        word.group(0)[0].islower() or word.group(0).casefold() not in SENTENCE_OPENER_WORDS
    )


def split_sentences(text: str) -> list[tuple[int, int]]:
    """[start, end) spans of the sentences of ``text``, trimmed of surrounding whitespace; a period
    after a title, an initial or a day before its month does not end one ("Mr. Borker", "Arthur M.
    Sackler", "am 3. Mai").

    >>> text = "Er starb am 3. Mai 1911. Sie zog weg."
    >>> [text[a:b] for a, b in split_sentences(text)]
    ['Er starb am 3. Mai 1911.', 'Sie zog weg.']
    """
    spans: list[tuple[int, int]] = []
    cut = 0
    ends = [m.end() for m in _SENTENCE_END_RE.finditer(text) if not _abbreviated(text, m.end())]
    for end in [*ends, len(text)]:
        start, stop = cut, end
        cut = end
        while start < stop and text[start].isspace():
            start += 1
        while stop > start and text[stop - 1].isspace():
            stop -= 1
        # Unpunctuated walls of text still yield evidence of readable size.
        while stop - start > MAX_SENTENCE_CHARS:
            split = text.rfind(" ", start, start + MAX_SENTENCE_CHARS)
            split = split if split > start else start + MAX_SENTENCE_CHARS
            spans.append((start, split))
            start = split + (text[split : split + 1] == " ")
        if stop > start and any(c.isalnum() for c in text[start:stop]):
            spans.append((start, stop))
    return spans


def claim_span(text: str, marker_start: int, lower: int = 0) -> tuple[int, int]:
    """[start, end) of the claim a marker at ``marker_start`` cites, looking only backwards.

    The claim starts after the last sentence end, newline, list bullet, or ``lower`` (the caller
    passes the end of the previous marker group); markers directly before it share its claim.
    """
    lower = max(0, min(lower, marker_start))
    end = marker_start
    head = text[lower:end]
    # Adjacent markers ("[Source 1][Source 2]") share the claim before the first of them.
    while True:
        stripped = head.rstrip()
        m = re.search(r"\[[^\[\]\n]{1,64}\]$", stripped)
        if not m or not _MARKER_RE.fullmatch(m.group(0)):
            break
        head = stripped[: m.start()]
    end = lower + len(head.rstrip())
    # The sentence's own final punctuation belongs to the claim, not before it.
    body_end = end
    while body_end > lower and text[body_end - 1] in ".!?。！？":
        body_end -= 1
    start = lower
    for m in _SENTENCE_END_RE.finditer(text, lower, body_end):
        start = m.end()
    line = text.rfind("\n", lower, body_end)
    start = max(start, line + 1 if line >= 0 else lower)
    bullet = _BULLET_RE.match(text, start, body_end)
    if bullet and (start == 0 or text[start - 1] == "\n"):
        start = bullet.end()
    while start < end and text[start].isspace():
        start += 1
    return (start, end) if start < end else (end, end)


def combine(
    features: tuple[float, ...], penalty: float, failed: bool, weights: tuple[float, ...] | None = None
) -> float:
    """The score: logistic over the features of ``SupportChecker.features`` (first: coverage)."""
    weights = weights or WEIGHTS
    z = weights[0] + sum(w * f for w, f in zip(weights[1:], features, strict=False)) - penalty
    score = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
    # The fitted bias reflects data where every chunk is on topic; a source sharing almost none of
    # the claim's weighted words cannot support it.
    score *= min(1.0, features[0] / MIN_COVERAGE)
    # A number, unit or quotation the source does not state is never "supported".
    return min(score, capped()) if failed else score


def capped() -> float:
    """The highest score a claim may keep when a hard signal failed: below ``HIGH``, always."""
    return min(HARD_CAP, HIGH - CAP_MARGIN)


def is_uncertain(score: float) -> bool:
    """True when a lexical score is too close to call and worth an LLM judge's look."""
    return UNCERTAIN_LOW <= score < UNCERTAIN_HIGH


#: Every verdict, weakest first: ``contradicted`` when the evidence states the claim with one element
#: flipped (a negation, number, name or direction word), else by score.
VERDICTS = ("contradicted", "unsupported", "partial", "supported")


def verdict_for(score: float) -> str:
    return "supported" if score >= HIGH else "unsupported" if score < LOW else "partial"


# ---------------------------------------------------------------------------
# Alignment: where claim and evidence say the same thing, and where one element differs
# ---------------------------------------------------------------------------

#: Conflict kinds: a negation on one side only; a number, date or amount; a name; a direction word or
#: another exclusive pair; arguments swapped around a predicate; quantifiers that exclude each other.
CONFLICT_KINDS = ("negation", "number", "name", "direction", "role", "quantifier")


@dataclass(frozen=True)
class Conflict:
    """One element the evidence states differently: the words that differ on each side, and where
    the source's are in its ``text``."""

    kind: str
    claim_text: str
    source_text: str
    source_start: int
    source_end: int


def _dated(tok: str, cap: bool = True) -> bool:
    """A number, or a month or day name: what a number, date or amount is written with ("may" in lower
    case is no month: ``CALENDAR_HOMONYMS``)."""
    return tok[0].isdigit() or (tok in CALENDAR_WORDS and (cap or tok not in CALENDAR_HOMONYMS))


def _stated_amount(tok: str, cap: bool = True) -> bool:
    """What a number flip compares: ``_dated``, or a number spelled out ("six mois" / "deux mois")."""
    return _dated(tok, cap) or tok in NUMBER_WORDS


def _front_gain(order: list[int], chain: list[tuple[int, int]], claim: list[Tok], evidence: list[Tok]) -> int:
    """How many more aligned words the claim's front phrase read at its end must give: one fewer when
    its number then faces one of the evidence's ("In 1972, the museum moved …" / "… moved … in 1962").

    >>> toks = lambda s: [(w, 0, 0, False) for w in s.split()]
    >>> claim = toks("in 1972 the museum moved")
    >>> _front_gain([2, 3, 4, 0, 1], [(0, 0), (1, 1), (2, 2), (3, 3)], claim, toks("the museum moved in 1962"))
    1
    """
    last_c, last_e = chain[-1] if chain else (-1, -1)
    faces = (
        last_c + 1 < len(order)
        and last_e + 1 < len(evidence)
        and claim[order[last_c + 1]][0][:1].isdigit()
        and evidence[last_e + 1][0][:1].isdigit()
    )
    return CLAIM_FRONT_GAIN - 1 if faces else CLAIM_FRONT_GAIN


def _front_said(order: list[int], chain: list[tuple[int, int]], claim: list[Tok]) -> bool:
    """Whether every word of the phrase ``order`` moved from the claim's front (its last positions)
    but its numbers is aligned in ``chain``, which reads the claim in that order."""
    front = len(order) - order.index(0)
    aligned = {i for i, _ in chain}
    return all(
        i in aligned or claim[order[i]][0][0].isdigit() or claim[order[i]][0] in NUMBER_WORDS
        for i in range(len(order) - front, len(order))
    )


#: Prepositions of time and of source that open a claim's front phrase, besides those that open a
#: noun phrase ("Durante la década de 1990, …", "Selon la métropole, …").
_FRONT_OPENERS = frozenset(
    "durante selon según secondo segundo laut volgens après avant pendant während después antes dopo"
    " prima tijdens"
    # and a condition put first: "If the file is missing, the function returns None"
    " if when wenn falls cuando quando indien".split()
)


def _sibling(noun: str, words: set[str]) -> bool:
    """Whether ``words`` hold another compound of the German noun's head, its last five letters or
    more: "strompreise" beside "gaspreise" (a head alone, "preise", is the same thing said wider).

    >>> _sibling("strompreise", {"die", "gaspreise"}), _sibling("weg", {"wanderweg"}), _sibling("preise", {"gaspreise"})
    (True, False, False)
    """
    for w in words:
        if w == noun or len(w) < 6:
            continue
        common = 0
        while common < min(len(w), len(noun)) and w[-1 - common] == noun[-1 - common]:
            common += 1
        if common >= 5 and common < len(noun) and common < len(w):
            return True
    return False


def _bound_said(words: list[str], marks: list[Mark], k: int) -> bool:
    """Whether the number at ``k`` is a bound said with a verb or a negation before it ("dépasse les
    200 mètres", "no llega a los 20 kilos"), not an amount of its own.

    >>> _bound_said("the bridge exceeds 200 metres".split(), [None] * 5, 3)
    True
    """
    return any(w in BOUND_VERBS for w in words[max(0, k - 3) : k]) or any(
        negative(m) for m in marks[max(0, k - 4) : k] if m
    )


#: Words between the two days of a range: "3 to 13 May", "3. bis 13. Mai", "du 3 au 13 mai".
_RANGE_WORDS = frozenset("to and until bis und au et al a y e tot en".split())


def _day_of_month(words: list[str], k: int) -> bool:
    """Whether the number at ``k`` is a day or a month of a date: a month name beside it ("3 March",
    "March 3"), or 月, 日, 号 after it ("3月1日").

    >>> _day_of_month("took effect on 3 march 2024".split(), 3), _day_of_month("for 3 years".split(), 1)
    (True, False)
    """
    near = words[max(0, k - 1) : k] + words[k + 1 : k + 2]
    # the first day of a range: "from 3 to 13 May", "vom 3. bis 13. Mai"
    ranged = (
        words[k + 1 : k + 2]
        and words[k + 1] in _RANGE_WORDS
        and words[k + 3 : k + 4]
        and words[k + 3] in MONTH_NUMBERS
    )
    return (
        any(w in MONTH_NUMBERS for w in near)
        or bool(ranged)
        or words[k + 1 : k + 2] in (["月"], ["日"], ["号"])
    )


def _month_of(words: list[str], k: int) -> int | None:
    """The month of the date whose day stands at ``k`` ("3 mai", "May 3"), or None.

    >>> _month_of("öffnet am 3 mai".split(), 2), _month_of("for 3 years".split(), 1) is None
    (5, True)
    """
    return next(
        (MONTH_NUMBERS[w] for w in words[max(0, k - 1) : k] + words[k + 1 : k + 2] if w in MONTH_NUMBERS),
        None,
    )


def _said_alike(words: list[str], k: int, others: list[str]) -> bool:
    """Whether ``others`` holds the number at ``k`` in the same role, a date's day or month or not:
    "for three years" is not said by "on 3 March".

    >>> _said_alike("runs for 3 years".split(), 2, "took effect on 3 march".split())
    False
    """
    key, dated = number_key(words[k]), _day_of_month(words, k)
    return any(number_key(w) == key and _day_of_month(others, j) == dated for j, w in enumerate(others))


def _date_kind(tok: str, written: str = "") -> str:
    """What a number token names; ``written`` is its text, and "1,500" with its separator is no year.

    >>> _date_kind("1500", "1,500"), _date_kind("1500", "1500"), _date_kind("may")
    ('number', 'year', 'calendar')
    """
    if tok in CALENDAR_WORDS:
        return "calendar"
    return "year" if is_year(tok) and (not written or written.isdigit()) else "number"


def _span_days(words: list[str], k: int) -> float | None:
    """The span of time the number at ``k`` gives, in days ("90 days", "six months", "two-year"; five
    working days make a week); None when no period follows it.

    >>> _span_days("within 90 days of delivery".split(), 1), _span_days("a 24 month warranty".split(), 1)
    (90.0, 730.56)
    >>> _span_days("15 días hábiles".split(), 0), _span_days("5 devices".split(), 0)
    (21.0, None)
    """
    try:
        value = float(number_key(words[k]).replace(",", "."))
    except ValueError:
        return None
    after = words[k + 1 : k + 3]
    # A year before a period counts none of it: "released in 2018, months before".
    if not after or after[0] not in PERIOD_DAYS or is_year(words[k]):
        return None
    working = 7 / 5 if any(w in WORKING_DAYS for w in after) else 1
    return round(value * PERIOD_DAYS[after[0]] * working, 6)


#: Words before a period that make it the interval of a repeated act: "every 8 hours", "alle acht
#: Stunden", "toutes les 8 heures", "cada 8 horas", "ogni 8 ore", "elke 8 uur".
_EVERY = frozenset("every alle toutes tous cada ogni elke iedere".split())
#: Words that say "a day".
_DAILY = frozenset("daily täglich quotidiennement diariamente diario quotidianamente dagelijks".split())


def _per_day(words: list[str], k: int) -> float | None:
    """How many times a day the number at ``k`` says a thing is done: "every 8 hours" (3), "three
    times a day", "dreimal täglich", "twice daily" (2); None when it says no rate.

    >>> _per_day("taken every 8 hours".split(), 2), _per_day("dreimal täglich".split(), 0), _per_day("3 times a day".split(), 0)
    (3.0, 3.0, 3.0)
    >>> _per_day("taken for 8 hours".split(), 2) is None
    True
    """
    try:
        value = float(number_key(words[k]).replace(",", "."))
    except ValueError:
        return None
    before, after = words[k - 1] if k else "", words[k + 1 : k + 4]
    if before in _EVERY and after and after[0] in PERIOD_DAYS and value:
        return round(1 / (value * PERIOD_DAYS[after[0]]), 6)
    # "zweimal täglich", "twice a day": the count in the word itself; "3 times a day", "drei Mal"
    rest = after[1:] if after and after[0] in TIMES_COUNTED else after if words[k] in REPEAT_WORDS else None
    if rest is None:
        return None
    period = next((w for w in rest[:3] if w in PERIOD_DAYS), None)
    if period is not None and any(w in RATE_WORDS for w in rest[:2]):
        return round(value / PERIOD_DAYS[period], 6)
    return value if rest[:1] and rest[0] in _DAILY else None


def _same_rate(cw: list[str], i: int, ew: list[str], j: int) -> bool:
    """Whether two numbers give one rate a day in other words ("every 12 hours" / "twice daily").

    >>> _same_rate("alle acht stunden".split(), 1, "dreimal täglich".split(), 0)
    True
    """
    c, e = _per_day(cw, i), _per_day(ew, j)
    return c is not None and e is not None and abs(c - e) <= 1e-6 * max(c, e)


#: The phrases of ``INSTEAD_OF`` by their first word.
_INSTEAD_BY_FIRST: dict[str, list[tuple[str, ...]]] = {}
for _phrase in INSTEAD_OF:
    _INSTEAD_BY_FIRST.setdefault(_phrase[0], []).append(_phrase)


def _passing_over(words: list[str]) -> tuple[int, tuple[str, ...]] | None:
    """Where ``words`` first pass one thing over for another, and the phrase that does.

    >>> _passing_over("it uses a rather than b".split()), _passing_over("it is in the box".split())
    ((3, ('rather', 'than')), None)
    """
    return next(
        (
            (m, p)
            for m, w in enumerate(words)
            for p in _INSTEAD_BY_FIRST.get(w, ())
            if tuple(words[m : m + len(p)]) == p
        ),
        None,
    )


def _same_span(cw: list[str], i: int, ew: list[str], j: int) -> bool:
    """Whether two numbers give one span of time in other units ("two years" / "24 months", "15 días
    hábiles" / "tres semanas", "90 days" / "three months": a month is 30.44 days, so within 3 %). In
    the same unit only the same number is ("72-year-old" is not "75-year-old").

    >>> _same_span("lasts two weeks".split(), 1, "lasts 14 days".split(), 1), _same_span("90 days".split(), 0, "six months".split(), 0)
    (True, False)
    >>> _same_span("aged 72 years".split(), 1, "aged 75 years".split(), 1)
    False
    """
    c, e = _span_days(cw, i), _span_days(ew, j)
    if c is None or e is None:
        return False
    if cw[i + 1] == ew[j + 1]:
        return c == e
    return abs(c - e) <= SPAN_TOLERANCE * max(c, e)


#: The word before an amount of change: "up by 2", "um 2 Euro", "augmenté de 2", "subió en 2".
_BY = frozenset("by um de en di met em".split())
#: The word after an amount in per cent: "20 %", "20 percent", "20 per cent", "20 pour cent", "20 por ciento".
_PERCENT = frozenset("% percent per pour prozent por".split())


#: Endings of German common nouns, which no name of a person, place or firm takes.
_COMMON_NOUN_ENDINGS = (
    "ung ungen heit heiten keit keiten ion ionen schaft schaften tät täten ismus nis nisse"
    " ling linge tum ment mente enz enzen anz anzen ität"
).split()


def _counted(words: list[str], k: int) -> bool:
    """Whether the word at ``k`` is what a number right before it counts: "48 000 Menschen" is no name.

    >>> _counted("leben etwa 48 000 menschen".split(), 4), _counted("von anna berg".split(), 2)
    (True, False)
    """
    return k > 0 and (words[k - 1][:1].isdigit() or words[k - 1] in NUMBER_WORDS)


_UMLAUTS = str.maketrans("äöü", "aou")


def _common_noun(word: str) -> bool:
    """A German noun by its ending: "Kollisionen", "Vereinbarung", not "Tschechien".

    >>> _common_noun("kollisionen"), _common_noun("tschechien")
    (True, False)
    """
    return len(word) > 6 and word.endswith(tuple(_COMMON_NOUN_ENDINGS))


#: Words that make a length a surface or a volume ("metros cúbicos", "square miles").
_SQUARED = frozenset(
    "square cubic carré carrés carrées cube cubes quadrat cuadrado cuadrados cúbico cúbicos quadrado"
    " quadrados cúbicos quadrato quadrati cubo cubi vierkante kubieke".split()
)


def _squared(words: list[str], k: int) -> bool:
    """Whether the number at ``k`` counts a surface or a volume said in two words ("0,35 metros
    cúbicos", "12 square miles"), a unit the lexicon does not convert.

    >>> _squared("0.35 metros cúbicos".split(), 0), _squared("350 litros".split(), 0)
    (True, False)
    """
    return any(w in _SQUARED for w in words[k + 1 : k + 3])


def _decade(words: list[str], k: int) -> int | None:
    """The first year of the decade the year at ``k`` names ("1980s", "1980er", "les années 1980"),
    None when it names a year.

    >>> _decade("in the late 1980 s".split(), 3), _decade("dans les années 1980".split(), 3), _decade(["in", "1987"], 1)
    (1980, 1980, None)
    """
    w = words[k]
    if not (is_year(w) and w.endswith("0")):
        return None
    after = words[k + 1] if k + 1 < len(words) else ""
    before = words[k - 1] if k else ""
    return int(w) if after in ("s", "er", "ern") or before in _DECADE_WORDS else None


#: Words before a year that make it a decade: "les années 1980", "los años 1980", "gli anni 1980".
_DECADE_WORDS = frozenset("années años anni anos jaren".split())


def _in_decade(cw: list[str], i: int, ew: list[str], j: int) -> bool:
    """Whether one side's year falls in the decade the other side names ("in 1987" / "in the 1980s").

    >>> _in_decade("in the 1980 s".split(), 2, ["in", "1987"], 1), _in_decade("in the 1970 s".split(), 2, ["in", "1987"], 1)
    (True, False)
    """
    for words, k, other, n in ((cw, i, ew, j), (ew, j, cw, i)):
        start = _decade(words, k)
        if start is not None and is_year(other[n]) and start <= int(other[n]) < start + 10:
            return True
    return False


def _change_said(cw: list[str], i: int, ew: list[str], j: int) -> bool:
    """Whether one side's number is the change between two numbers the other side gives: "rose from
    $10 to $12" / "went up by $2" (or "by 20 percent").

    >>> _change_said("went up by 2 to 12".split(), 3, "rose from 10 to 12".split(), 3)
    True
    >>> _change_said("went up by 3 to 12".split(), 3, "rose from 10 to 12".split(), 3)
    False
    """

    def values(words: list[str]) -> list[float]:
        out = []
        for w in words:
            if is_year(w):  # "1 de enero de 2026": a date, no amount
                continue
            try:
                out.append(float(number_key(w)))
            except ValueError:
                continue
        return out

    def change(words: list[str], k: int, other: list[str]) -> bool:
        # Said as a change: "by 2", "um 2", "de 2", "en 2", "di 2", "met 2", "em 2" (not "to 2.5").
        if not k or words[k - 1] not in _BY or is_year(words[k]):
            return False
        try:
            n = float(number_key(words[k]))
        except ValueError:
            return False
        seen = values(other)
        percent = k + 1 < len(words) and words[k + 1] in _PERCENT
        return any(
            a != b and (abs(a - b) == n or (percent and a and round(100 * abs(b - a) / a, 1) == n))
            for a in seen
            for b in seen
        )

    return change(cw, i, ew) or change(ew, j, cw)


#: Chinese characters that open a determiner ("该", "这家", "每", "各"), never a name.
_CJK_DETERMINERS = frozenset("该这那此本每其各某")
#: Particles that mark no name: 的 (of), 了 (done).
_CJK_PARTICLES = frozenset("的了")


def chinese_name_swap(claim: str, evidence: str) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """Where a Chinese claim names another person, place or organization than its evidence sentence, in
    a sentence otherwise said alike (character offsets in each), or None. No capital marks a Chinese
    name, so the one span of one to three characters the two sentences differ in must read as a name on
    both sides: a common surname with its given name after a title or a verb of awarding ("工程师李文涛" /
    "工程师王文涛", "授予了李明" / "授予了王明"), or a name before the same ending ("杏川县" / "桃溪县",
    "恒安公司" / "瑞丰公司").

    >>> chinese_name_swap("该奖项授予了王明。", "该奖项授予了李明。")
    ((6, 7), (6, 7))
    >>> chinese_name_swap("该县人口增长了三成。", "该县人口减少了三成。") is None
    True
    """
    if not claim[:1] or not ("\u4e00" <= claim[0] <= "\u9fff" or "\u4e00" <= claim[1:2] <= "\u9fff"):
        return None
    # A particle one side adds says nothing of a name: "青崖市的选手" / "青崖市选手".
    ops = [
        op
        for op in difflib.SequenceMatcher(None, claim, evidence, autojunk=False).get_opcodes()
        if op[0] != "equal"
        and not (
            op[0] in ("insert", "delete")
            and set(claim[op[1] : op[2]] + evidence[op[3] : op[4]]) <= _CJK_PARTICLES
        )
    ]
    swaps = [op for op in ops if op[0] == "replace" and op[2] - op[1] <= 3 and op[4] - op[3] <= 3]
    if len(swaps) != 1:
        return None
    _, a, b, c, d = swaps[0]
    if not all("\u4e00" <= ch <= "\u9fff" for ch in claim[a:b] + evidence[c:d]):
        return None
    # A determiner is no name: "该公司" / "这家公司", "每周一".
    if claim[a] in _CJK_DETERMINERS or evidence[c] in _CJK_DETERMINERS:
        return None

    def named(text: str, start: int, end: int) -> bool:
        # The name around the differing span: a surname up to two characters before it, the name at most
        # three characters long, after a title or a verb of awarding; or the span before a name's ending.
        for first in range(max(0, start - 2), start + 1):
            if (
                text[first] in CHINESE_SURNAMES
                and end - first <= 3
                and any(
                    text[:first].endswith(w) or text[:first].endswith(w + "了") for w in CHINESE_NAME_OPENERS
                )
            ):
                return True
        # or a name's ending up to two of its characters later ("东岭大学" / "南岭大学"), one of two
        # characters or more: "大城市" / "小城市" is no name.
        return any(text.startswith(w, end) for w in CHINESE_NAME_ENDINGS) or any(
            text.startswith(w, end + k) for k in (1, 2) for w in CHINESE_NAME_ENDINGS if len(w) > 1
        )

    return ((a, b), (c, d)) if named(claim, a, b) and named(evidence, c, d) else None


#: Words after which "once" opens a clause ("once its vial is opened"), not a count ("once a day").
_CLAUSE_AFTER_ONCE = frozenset(
    "the its it you they he she we this that their his her our your these those".split()
)


def _once_when(words: list[str], k: int) -> bool:
    """Whether "once" at ``k`` says "as soon as", not "one time".

    >>> _once_when("once its vial has been punctured".split(), 0), _once_when("taken once a day".split(), 1)
    (True, False)
    """
    return words[k] == "once" and (k == 0 or (k + 1 < len(words) and words[k + 1] in _CLAUSE_AFTER_ONCE))


def _name_form(a: str, b: str) -> bool:
    """Whether one name is the other with an ending: "Grünauer" / "Grünau" (not "Zenthos" / "Zentrix").

    >>> _name_form("grünauer", "grünau"), _name_form("zenthos", "zentrix")
    (True, False)
    """
    short, long_ = sorted((a, b), key=len)
    return len(short) >= 4 and long_.startswith(short) and len(long_) - len(short) <= 3


def _derived(a: str, b: str) -> bool:
    """Whether two words are one word inflected, or one derived from the other: six letters in common
    at the start ("rétracter" / "rétractation", "Verlängerung" / "verlängert").

    >>> _derived("rétracter", "rétractation"), _derived("réception", "récent")
    (True, False)
    """
    return same_stem(a, b) or (len(a) >= 6 and len(b) >= 6 and a[:6] == b[:6])


#: Characters that end a Chinese name: a preposition, a particle, a verb of saying or doing that
#: follows a person, or punctuation.
_AFTER_CJK_NAME = frozenset("为之于在的是和与说称表示担任出任带领主持获得昨今已曾也，。、；：")


def chinese_titled_names(text: str) -> list[tuple[str, str, int]]:
    """Each Chinese name right after a title (``CHINESE_NAME_OPENERS``: 市长, 作家 …): ``(title, name,
    offset)``, the name a common surname and one or two characters more, as far as a character that
    ends a name; a name whose end is not clear is left out.

    >>> chinese_titled_names("蓝湾市市长李振国为新图书馆剪彩。"), chinese_titled_names("作家林静秋于1987年出版")
    ([('市长', '李振国', 5)], [('作家', '林静秋', 2)])
    """
    found = []
    for title in CHINESE_NAME_OPENERS:
        if len(title) < 2:
            continue  # 由 opens a passive's agent as often as a name
        start = text.find(title)
        while start >= 0:
            at = start + len(title)
            if text[at : at + 1] in CHINESE_SURNAMES:
                for size in (3, 2):
                    after = text[at + size : at + size + 1]
                    name = text[at : at + size]
                    if (
                        len(name) == size
                        and all("\u4e00" <= ch <= "\u9fff" for ch in name)
                        and (not after or after in _AFTER_CJK_NAME or not "\u4e00" <= after <= "\u9fff")
                    ):
                        found.append((title, name, at))
                        break
            start = text.find(title, start + 1)
    return found


def _token_range(toks: list[Tok], start: int, end: int) -> tuple[int, int] | tuple[None, None]:
    """The first and last token that overlap the characters ``start:end``."""
    inside = [k for k, t in enumerate(toks) if t[1] < end and t[2] > start]
    return (inside[0], inside[-1]) if inside else (None, None)


def _run_start(chain: list[tuple[int, int]], k: int) -> int:
    """Where the run of pairs aligned in a row on both sides that ends at ``chain[k]`` starts.

    >>> _run_start([(0, 0), (2, 3), (3, 4)], 2), _run_start([(0, 0), (2, 3), (3, 4)], 0)
    (1, 0)
    """
    while k and chain[k - 1][0] == chain[k][0] - 1 and chain[k - 1][1] == chain[k][1] - 1:
        k -= 1
    return k


def _reckoned(words: list[str]) -> bool:
    """Whether a sentence dates one event from another ("two years following", "drei Jahre nach") or from
    when it was written ("this year"): its years are then reckoned, and another year on the other side
    may be the same date.

    >>> _reckoned("moved in 1932 two years following the publication".split()), _reckoned("moved in 1932".split())
    (True, False)
    >>> _reckoned("took the cup this year building on 2018".split()), _reckoned("l an dernier en 2018".split())
    (True, True)
    """
    # "this year", "l'an dernier", 今年: the year is the reader's to reckon from the date.
    pairs = pairwise(words)
    if any((a in _DEICTIC and b in _YEARS) or (a in _YEARS and b in _DEICTIC) for a, b in pairs) or any(
        any(y in w for y in ("今年", "去年", "明年")) for w in words
    ):
        return True
    return any(
        number_key(w)[:1].isdigit()
        and words[k + 1 : k + 2]
        and words[k + 1] in _YEARS
        and words[k + 2 : k + 3]
        and words[k + 2] in _RECKONING
        for k, w in enumerate(words)
    )


def _abbreviates(a_text: str, a: list[Tok], b_text: str, b: list[Tok]) -> bool:
    """Whether one run of name words is the other's initials ("WHO" / "World Health Organization",
    "ECB" / "European Central Bank").

    >>> from lfx_citations.core.align import token_spans
    >>> t, u = "the WHO said", "the World Health Organization said"
    >>> _abbreviates(t, token_spans(t)[1:2], u, token_spans(u)[1:4])
    True
    """

    def initials(text: str, run: list[Tok]) -> str:
        return "".join(text[s] for _, s, _, cap in run if cap).casefold()

    def acronym(text: str, run: list[Tok]) -> str:
        word = text[run[0][1] : run[0][2]] if len(run) == 1 else ""
        return word.casefold() if 2 <= len(word) <= 6 and word.isupper() else ""

    short_a, short_b = acronym(a_text, a), acronym(b_text, b)
    return bool((short_a and short_a == initials(b_text, b)) or (short_b and short_b == initials(a_text, a)))


#: Titles before a name, which say no name of their own ("Frau Albrecht" is "Miriam Albrecht").
_HONORIFICS = frozenset(
    "mr mrs ms miss dr prof sir dame herr frau fräulein monsieur madame mademoiselle mme mlle señor señora"
    " señorita don doña sr sra srta signor signora signorina sig sigra senhor senhora dona meneer mevrouw"
    " dhr mevr".split()
)
#: Years as a span: "two years", "drei Jahre", "dos años".
_YEARS = frozenset(
    "year years an ans année années jahr jahre jahren año años ano anos anno anni jaar jaren".split()
)
#: Words that make a year the start of a longer time: "la década de 1950" is no one year.
_ERAS = frozenset("decade décennie jahrzehnt década decennio decennium années".split())
#: Words that date a year from when the text was written: "this year", "l'an dernier", "dieses Jahr".
_DEICTIC = frozenset(
    "this last next current cette dernier dieses diesem letzten vergangenen nächsten este pasado próximo"
    " passado quest scorso prossimo dit vorig volgend".split()
)
#: Words that reckon a date from another event.
_RECKONING = frozenset(
    "following ahead later earlier prior before after après avant nach vor später früher después antes"
    " depois dopo prima eerder na voor".split()
)


def _glued(word: str, others: set[str]) -> bool:
    """Whether ``word`` holds one of ``others`` joined to another word that lost the space between
    them ("HagueMerry" in text scraped from a page, facing "Merry"): the same name, not another one."""
    cuts = [0, *(i for i in range(1, len(word)) if word[i].isupper() and word[i - 1].islower()), len(word)]
    return len(cuts) > 2 and any(normalize(word[a:b]) in others for a, b in pairwise(cuts))


def _tight(gap: Gap, a: int, b: int, c: int, d: int, edge: bool = False) -> bool:
    """Whether claim tokens [a, b] and evidence tokens [c, d] fill the same slot of the gap: next to
    the aligned word that bounds it (at its edges), or filling all of it but a word (inside); with
    ``edge`` (names), also next to the same aligned word inside."""
    if gap.where == "lead":
        return b == gap.cb - 1 and d == gap.eb - 1
    if gap.where == "trail":
        # A name may follow its title: "designed by Ruth Hale" / "designed by the engineer Maren Holt".
        return a == gap.ca and (c == gap.ea or (edge and c - gap.ea <= 2))
    # Or next to the same aligned word on both sides: "wurde Martina Oswald" / "wurde am Sonntag
    # Karin Oswald".
    same_edge = (a == gap.ca and c == gap.ea) or (b == gap.cb - 1 and d == gap.eb - 1)
    return (edge and same_edge) or ((gap.cb - gap.ca) - (b - a) <= 2 and (gap.eb - gap.ea) - (d - c) <= 2)


def _title_of_another(
    claim: list[Tok], claim_text: str, names: list[bool], chain: list[tuple[int, int]], gap: Gap
) -> bool:
    """Whether the claim's slot ends a title set off after a name ("Prince Harry, Duke of Sussex")
    that the evidence gives to someone else: the name is aligned, but the evidence's title stands
    away from it ("Harry's third cousins, granddaughters of the Duke of Kent"). Facing that title, the
    claim's names another person's, not another one for the same person."""
    i = gap.before
    if i < 1:
        return False
    # The aligned words of the title, back to its first one ("Duke of").
    while i > 0 and chain[i - 1][0] == chain[i][0] - 1 and chain[i - 1][1] == chain[i][1] - 1:
        i -= 1
    person = chain[i][0] - 1
    return (
        i > 0
        and chain[i - 1][0] == person
        and names[person]
        and "," in claim_text[claim[person][2] : claim[person + 1][1]]
        and chain[i][1] - chain[i - 1][1] > TITLE_REACH
    )


def _genitive_of(a: str, b: str) -> bool:
    """Whether one word is the other with the genitive "s" of a name ("bergs" / "berg").

    >>> _genitive_of("bergs", "berg"), _genitive_of("berg", "bergs"), _genitive_of("bern", "berg")
    (True, True, False)
    """
    return len(min(a, b, key=len)) > 2 and (a == b + "s" or b == a + "s")


def _negated(marks: list[Mark], words: list[str], k: int) -> bool:
    """Whether a negation stands right before word ``k``, or before the auxiliaries before it ("is not
    permitted", "non è consentito"); "ne convient pas aux enfants plus jeunes" does not negate "plus".

    >>> _negated([None, ("negation", "not"), None, None], ["it", "not", "is", "permitted"], 3)
    True
    """
    j = k - 1
    while j >= 0 and k - j <= 3 and marks[j] is None and words[j] in _BETWEEN:
        j -= 1
    return j >= 0 and marks[j] is not None and marks[j][0] != "part" and negative(marks[j])


# Words that link a comparative to its second argument: on neither side of it.
_THAN = frozenset("than dan als wie dell".split())


def _said_otherwise(
    claim: Claim, k: int, source: _Source, picked: tuple[int, ...], other: tuple[str, int]
) -> bool:
    """Whether an evidence sentence says claim word ``k`` with the word of the ``other`` pole: that
    word negated ("Minors are not permitted" / "forbidden for minors"), or its converse with the
    arguments swapped ("B ended after A began" / "A began before B ended").

    >>> checker = SupportChecker({1: "The backup ends before the update starts."})
    >>> claim = checker.parse("The update starts after the backup ends.")
    >>> before = next(iter(DIRECTIONS["before"]))
    >>> _said_otherwise(claim, 3, checker._sources[1], (0,), before)
    True
    """
    word = claim.spans[k][0]

    def content(toks: list[Tok]) -> list[str]:
        return [
            t
            for t, *_ in toks
            if len(t) > 2 and t not in FUNCTION_WORD_SET and t not in DIRECTIONS and t not in _THAN
        ]

    def near(w: str, words: list[str]) -> int:
        return sum(w == v or (len(w) >= PREFIX and w[:PREFIX] == v[:PREFIX]) for v in words)

    left, right = content(claim.spans[:k]), content(claim.spans[k + 1 :])
    for s in picked:
        toks = source.sentence(s)
        _, ev_marks = source.read(s)
        for p, (w, *_) in enumerate(toks):
            if other not in DIRECTIONS.get(w, ()):
                continue
            if _negated(ev_marks, [t for t, *_ in toks], p):
                return True
            before, after = content(toks[:p]), content(toks[p + 1 :])
            if (
                converse(w, word)
                and sum(near(v, after) for v in left) > sum(near(v, before) for v in left)
                and sum(near(v, before) for v in right) > sum(near(v, after) for v in right)
            ):
                return True
    return False


def _run(toks: list[Tok], first: int, keep: Callable[[int], bool], stop: int) -> int:
    """The last index of the run of tokens ``keep`` accepts from ``first`` on (before ``stop``)."""
    last = first
    while last + 1 < stop and keep(last + 1):
        last += 1
    return last


class Aligned:
    """A claim aligned with one evidence sentence: what natural logic concludes of it
    (``core/natlog.py``), and the numbers and names it states otherwise.

    ``claim_names`` / ``evidence_names`` say which tokens are names; ``claim_absent`` which claim
    tokens no evidence sentence holds (a number or name flip needs the claim's word to be missing from
    the evidence, or it is merely said twice); ``sentence_absent``, when given, tests a number or name
    against this sentence alone (the caller then checks that the sentence says all the rest).
    """

    def __init__(
        self,
        claim: list[Tok],
        claim_text: str,
        claim_marks: list[Mark],
        evidence: list[Tok],
        source_text: str,
        evidence_marks: list[Mark],
        evidence_names: list[bool],
        claim_names: list[bool],
        claim_absent: Callable[[str], bool],
        sentence_absent: Callable[[str], bool] | None = None,
    ) -> None:
        #: Number and name flips (each with the claim words it concerns).
        self.conflicts: list[tuple[Conflict, frozenset[str]]] = []
        #: Natural logic's exclusion of the claim, if any (with the claim words it rests on).
        self.excluded: tuple[Conflict, frozenset[str]] | None = None
        #: The lexicon says the claim goes beyond the evidence ("all" where it says "some").
        self.weaker = False
        #: Claim words the lexicon relates to the evidence when it entails the claim ("not permitted"
        #: facing "forbidden"): counted as said.
        self.eased: frozenset[str] = frozenset()
        #: The evidence restricts the claim with a number or name where the claim says something else.
        self.restricted = False
        self.inference: Inference | None = None
        chain = align(claim, evidence)
        #: Where each claim token stood in the claim (its phrase in front may be read at its end).
        self.claim_order = list(range(len(claim)))
        # A phrase one side puts in front ("In May 2023, the agency rejected …") read at its end,
        # where the other says it, when the words then align better ("The agency approved … in May
        # 2023").
        # Its words that align nowhere ("Starting with", "According to the") are left out, or they
        # would stand in one gap with the last words of the clause.
        order = fronted(evidence, source_text)
        if order is not None and len(moved := align(claim, [evidence[k] for k in order])) > len(chain):
            order = _kept(order, moved, 1, evidence_marks, [t[0] for t in evidence])
            evidence, evidence_marks, evidence_names = _permuted(
                order, evidence, evidence_marks, evidence_names
            )
            chain = align(claim, evidence)
        # A passive clause read as its active ("Dornaxin was rejected by the regulator" / "The
        # regulator approved Dornaxin"), on either side, when the words then align better.
        order = active_order([t[0] for t in evidence])
        if order is not None and len(moved := align(claim, [evidence[k] for k in order])) > len(chain):
            chain = moved
            evidence, evidence_marks, evidence_names = _permuted(
                order, evidence, evidence_marks, evidence_names
            )
        order = active_order([t[0] for t in claim])
        if order is not None and len(moved := align([claim[k] for k in order], evidence)) > len(chain):
            chain = moved
            claim, claim_marks, claim_names = _permuted(order, claim, claim_marks, claim_names)
            self.claim_order = order
        # The claim's own phrase in front, opened by a preposition ("After the second dose, her
        # symptoms improved" / "Her symptoms worsened after the second dose"; not "Prince Harry, Duke
        # of Sussex, received …"), when that aligns clearly more and the evidence says all its words
        # but numbers ("Starting with release 7.0" / "in release 7.0" would leave "starting with"
        # inside the clause's last gap).
        opener = claim[0][0] in NOUN_PHRASE_START_WORDS or claim[0][0] in _FRONT_OPENERS
        order = fronted(claim, claim_text) if opener else None
        if (
            order is not None
            and self.claim_order == list(range(len(claim)))
            and len(moved := align([claim[k] for k in order], evidence))
            >= len(chain) + _front_gain(order, moved, claim, evidence)
            and _front_said(order, moved, claim)
        ):
            chain = moved
            claim, claim_marks, claim_names = _permuted(order, claim, claim_marks, claim_names)
            self.claim_order = order
        if not chain:
            return  # the sentence says nothing of the claim
        self._claim, self._evidence, self._chain = claim, evidence, chain
        self._claim_text, self._source_text = claim_text, source_text
        self._marks = (claim_marks, evidence_marks)
        here_absent = sentence_absent or claim_absent
        ev_words = {number_key(t) for t, *_ in evidence}
        claim_words = {number_key(t) for t, *_ in claim}
        c_words, e_words = [t for t, *_ in claim], [t for t, *_ in evidence]
        found = infer(claim, claim_text, evidence, source_text, chain, claim_marks, evidence_marks)
        self.inference = found
        settled = found.settled
        known = frozenset(claim[i][0] for i in found.known)
        if found.role is not None and any(t[0][:1] >= "\u3400" for t in claim):
            # Chinese is read in pairs of characters, and a swap leaves pairs across the arguments
            # that no side holds ("教堂比这座塔高" / "这座塔比教堂高"): their characters are all said.
            said = set(source_text)
            known |= frozenset(t[0] for t in claim if t[0][:1] >= "\u3400" and set(t[0]) <= said)
        if found.relation in EXCLUSIVE and (found.role is not None or not found.unknown_beside()):
            self.excluded = (self._exclusion(found), known)
        elif found.relation in ENTAILING:
            self.eased = known
        else:
            self.weaker = True
        self.weaker = self.weaker or found.dropped
        german = sentence_language(c_words) == "de" or sentence_language(e_words) == "de"
        for gap in gaps(chain, len(claim), len(evidence)):
            cl, ev = range(gap.ca, gap.cb), range(gap.ea, gap.eb)
            substitution = abs(len(cl) - len(ev)) <= GAP_SLACK
            # A flip sits in a sentence that says the rest alike: two aligned words in a row next to it,
            # or, for a claim that ends on a name, the word right before it ("takes place in Harlow" /
            # "will be held in Brevik next spring").
            if not cl or not ev:
                continue
            # A name facing a name, each right after the same aligned word, however long the
            # evidence's gap runs on ("la ministre Hélène Robin" / "la ministre Claire Dumesnil, qui
            # avait annoncé …").
            opened = gap.ea and any(
                c in "([{,;:" for c in source_text[evidence[gap.ea - 1][2] : evidence[gap.ea][1]]
            )
            name_slot = all(claim_names[k] for k in cl) and evidence_names[gap.ea] and not opened
            if not substitution and not (name_slot and gap.where == "inner"):
                continue
            ends_on_name = gap.where == "trail" and name_slot
            # One name for one, between the same two words ("in Polen gefertigt" / "in Tschechien
            # gefertigt"): a slot of its own.
            one_for_one = (
                name_slot
                and gap.where == "inner"
                and gap.cb - gap.ca == 1
                and gap.eb - gap.ea == 1
                # "au XVIe siècle" may restate "entre 1520 et 1540" beside "au XIIIe siècle"
                and not _ROMAN_ORDINAL.fullmatch(claim[gap.ca][0])
            )
            if not phrase_around(chain, gap) and not ends_on_name and not one_for_one:
                continue
            # A number or name of the claim that the evidence does not hold, facing
            # one of the same kind that the claim does not hold.
            for kind, mine, theirs in (
                (
                    "number",
                    lambda k: (
                        _stated_amount(claim[k][0], claim[k][3])
                        and (here_absent(claim[k][0]) or not _said_alike(c_words, k, e_words))
                        and k not in settled
                        and fraction(c_words, k) is None
                        # "une heure trente": the hour is not the whole amount
                        and not amount_goes_on(c_words, k)
                    ),
                    lambda k: (
                        _stated_amount(evidence[k][0], evidence[k][3])
                        and number_key(evidence[k][0]) not in claim_words
                        and fraction(e_words, k) is None
                    ),
                ),
                (
                    "name",
                    # A word the lexicon relates to the evidence's (a unit converted) is no name, nor a
                    # German noun with a common noun's ending ("Kollisionen" / "Zusammenstöße").
                    lambda k: (
                        claim_names[k]
                        and here_absent(claim[k][0])
                        and k not in found.known
                        and not (german and (_common_noun(claim[k][0]) or _counted(c_words, k)))
                    ),
                    lambda k: (
                        evidence_names[k]
                        and evidence[k][0] not in claim_words
                        and not (german and (_common_noun(evidence[k][0]) or _counted(e_words, k)))
                    ),
                ),
            ):
                a = next((k for k in cl if mine(k)), None)
                c = next((k for k in ev if theirs(k)), None)
                if a is None or c is None:
                    continue
                b, d = _run(claim, a, mine, gap.cb), _run(evidence, c, theirs, gap.eb)
                if kind == "name":
                    # A surname's particle belongs to the name: "Sanne de Vries" / "Sanne Jansen".
                    while a > gap.ca and claim[a - 1][0] in NAME_PARTICLES:
                        a -= 1
                    while c > gap.ea and evidence[c - 1][0] in NAME_PARTICLES:
                        c -= 1
                if kind == "number" and (
                    (
                        (c_kind := _date_kind(claim[a][0], claim_text[claim[a][1] : claim[a][2]]))
                        != (
                            e_kind := _date_kind(evidence[c][0], source_text[evidence[c][1] : evidence[c][2]])
                        )
                        # alone in one slot, "employs 1500 people" / "employs 2500 people" is no year
                        and not (
                            gap.where == "inner"
                            and gap.cb - gap.ca == 1
                            and gap.eb - gap.ea == 1
                            and "calendar" not in (c_kind, e_kind)
                        )
                    )
                    or _same_span(c_words, a, e_words, c)
                    or _same_rate(c_words, a, e_words, c)  # "alle acht Stunden" / "dreimal täglich"
                    # "in 2019" facing "20-year-old", "in May" facing "on the 5th": not the same role
                    or (_date_kind(claim[a][0]) == "year" and (_reckoned(c_words) or _reckoned(e_words)))
                    or _change_said(c_words, a, e_words, c)  # "rose from 10 to 12" / "went up by 2"
                    or same_amount(c_words, a, e_words, c)  # "twelve hundred" / "1,200"
                    or _in_decade(c_words, a, e_words, c)  # "in the late 1980s" / "in 1987"
                    # "0,35 metros cúbicos" / "350 litros": a unit not read, on one side only
                    or _squared(c_words, a) != _squared(e_words, c)
                ):
                    continue  # … nor a year reckoned from another event ("in 1932, two years following")
                elif kind == "name" and (
                    any(
                        _glued(
                            source_text[evidence[j][1] : evidence[j][2]],
                            {claim[i][0] for i in range(a, b + 1)},
                        )
                        for j in range(c, d + 1)
                    )
                    or _title_of_another(claim, claim_text, claim_names, chain, gap)
                    or _abbreviates(claim_text, claim[a : b + 1], source_text, evidence[c : d + 1])
                ):
                    continue
                elif kind == "name" and self._title_of_another(gap, claim_names, here_absent):
                    continue
                # A unit is no name: "anderthalb Kilometer" / "1.480 Meter".
                edge = kind == "name" and not any(
                    unit_dimension(t[0]) for t in (*claim[a : b + 1], *evidence[c : d + 1])
                )
                # A plain number right before the same aligned word on both sides is in its slot too:
                # "covers an area of 37 square kilometres" / "is 73 square kilometres".
                before_same = (
                    kind == "number"
                    and gap.where == "inner"
                    and a == b
                    and c == d
                    and b == gap.cb - 1
                    and d == gap.eb - 1
                    # Not a bound: "más de tres" / "5", "no llega a los 20 kilos" / "18 kilos".
                    and not approximator([t[0] for t in claim[max(0, a - 3) : a]])
                    and not approximator([t[0] for t in evidence[max(0, c - 3) : c]])
                    and not _bound_said(c_words, claim_marks, a)
                )
                if before_same or _tight(gap, a, b, c, d, edge):
                    self._add(kind, a, b, c, d)
            self._name_in_another_role(gap, claim_names, evidence_names, claim_words)
            # A bound said otherwise: the evidence holds a number with a comparison in this slot
            # ("in adults over 50"), the claim words of its own there ("in children"). Not a flip to
            # name, but not what the source says.
            bound = range(gap.ea, min(len(evidence), gap.ea + 5)) if gap.where == "trail" else ev
            if (
                len(cl) <= 3
                and all(
                    number_key(claim[k][0]) not in ev_words and not number_key(claim[k][0])[0].isdigit()
                    for k in cl
                )
                and any(evidence[k][0][0].isdigit() for k in bound)
                and any(evidence[k][0] in DIRECTIONS for k in bound)
            ):
                self.restricted = True
        if not self.conflicts and self.excluded is None:
            self._number_apart(here_absent, settled, found.known)
        if not self.conflicts and self.excluded is None:
            self._unit_apart()
        if not self.conflicts and self.excluded is None:
            self._name_apart(here_absent, claim_names, evidence_names, claim_words)
        if not self.conflicts and self.excluded is None:
            self._drug_apart(here_absent, claim_words)
        if not self.conflicts and self.excluded is None:
            self._chinese_name_apart()
        if not self.conflicts and self.excluded is None:
            self._passed_over(evidence_names, claim_words)

    def _number_apart(self, absent: Callable[[str], bool], settled: set[int], known: set[int]) -> None:
        """A number the claim says in other words than the evidence, so that no slot holds both: the
        claim's one number the evidence lacks against the evidence's one number the claim lacks, of one
        kind (two years, or two amounts of one thing: "allows 5 devices" / "link 8 devices", or two
        spans of time that differ in days: "within 90 days" / "up to six months"), exact on both sides
        or, when either is approximate, allowing no common value ("unas 340 hectáreas" / "cerca de 430
        hectáreas"), where at least half of the claim's other content words are said ("The lighthouse …
        was first lit in 1874" / "The granite lighthouse … went into service in 1847"). Of the evidence's
        numbers only those of the claim's kind count: "opened in 1931, spans 480 metres" holds one year,
        and of a number with a unit only those of its dimension: "weighs 17 kilos and has a range of 80
        kilometres" holds one length."""
        claim, evidence = self._claim, self._evidence
        cw, ew = [t[0] for t in claim], [t[0] for t in evidence]
        c_keys, e_keys = {number_key(w) for w in cw}, {number_key(w) for w in ew}

        def amounts(
            toks: list[Tok], words: list[str], others: set[str], skip: set[int], rough: bool = False
        ) -> list[int]:
            # A number word that is a function word of the sentence's language: Portuguese "dos" (of the).
            lang = sentence_language(words)
            return [
                k
                for k, (w, *_, cap) in enumerate(toks)
                if k not in skip
                and not is_function_word(w, lang)
                and _stated_amount(w, cap)
                and w not in CALENDAR_WORDS
                and number_key(w) not in others
                and fraction(words, k) is None
                and (rough or not approximator(words[max(0, k - 3) : k]))
                and not _ERAS & set(words[max(0, k - 3) : k])  # "la década de 1950"
                and not _once_when(words, k)
            ]

        # Exact numbers first; an approximate one only where a side has no exact one.
        # A number the evidence holds only as a date's day or month is not said: "for 3 years" / "on 3 March".
        # Each number in its place: "vier Jahre" does not say the day of "am 4. September".
        alike = {i for i in range(len(cw)) if _said_alike(cw, i, ew)}

        def not_said(i: int) -> bool:
            return absent(cw[i]) or number_key(cw[i]) in e_keys

        mine = [i for i in amounts(claim, cw, set(), settled | known | alike) if not_said(i)]
        mine = mine or [
            i for i in amounts(claim, cw, set(), settled | known | alike, rough=True) if not_said(i)
        ]
        if len(mine) != 1:
            return
        i = mine[0]
        kind = _date_kind(cw[i])
        # Only the evidence's numbers of the claim's kind face it: "opened in 1931, spans 480 metres"
        # holds one year.
        theirs = [k for k in amounts(evidence, ew, c_keys, set()) if _date_kind(ew[k]) == kind]
        theirs = theirs or [
            k for k in amounts(evidence, ew, c_keys, set(), True) if _date_kind(ew[k]) == kind
        ]
        if len(theirs) > 1 and (dimension := i + 1 < len(cw) and unit_dimension(cw[i + 1])):
            theirs = [k for k in theirs if k + 1 < len(ew) and unit_dimension(ew[k + 1]) == dimension]
        if len(theirs) != 1 or (kind == "year" and (_reckoned(cw) or _reckoned(ew))):
            return
        j = theirs[0]
        if _change_said(cw, i, ew, j) or _in_decade(cw, i, ew, j) or _same_rate(cw, i, ew, j):
            return
        rough = approximator(cw[max(0, i - 3) : i]) or approximator(ew[max(0, j - 3) : j])
        if rough and not amounts_exclude(cw, i, ew, j):
            return
        if _bound_said(cw, self._marks[0], i):
            return
        if None not in (_span_days(cw, i), _span_days(ew, j)):
            # Two spans of time compare in days: "two years" is "24 months", "90 days" not "six months".
            if _same_span(cw, i, ew, j):
                return
        elif kind == "number":
            # The thing counted: a content word among the next three after each, the same word or stem
            # ("five connected devices" / "eight devices").
            c_next = [w for w in cw[i + 1 : i + 4] if len(w) > 3 and w not in FUNCTION_WORD_SET]
            e_next = [w for w in ew[j + 1 : j + 4] if len(w) > 3 and w not in FUNCTION_WORD_SET]
            # or the same unit right after each, however short ("5 mg" / "50 mg")
            unit = (
                i + 1 < len(cw) and j + 1 < len(ew) and cw[i + 1] == ew[j + 1] and unit_dimension(cw[i + 1])
            )
            # or two days of one month ("am 3. Mai" / "am 13. Mai")
            day = _day_of_month(cw, i) and _day_of_month(ew, j) and _month_of(cw, i) == _month_of(ew, j)
            if not unit and not day and not any(a == b or same_stem(a, b) for a in c_next for b in e_next):
                return
        # "im Jahr 1917", "in May": the words of a date belong to its number.
        if self._rest_said(lambda k, w: k != i and w not in _YEARS and w not in CALENDAR_WORDS):
            self._add("number", i, i, j, j)

    def _unit_apart(self) -> None:
        """The claim's amount said in another unit of the same dimension, unconverted, where no slot
        holds both: "stürzt 85 Meter in die Tiefe" / "mit einer Fallhöhe von 85 Fuß". Each number once
        on its side, and neither side writes the other's unit."""
        cw, ew = [t[0] for t in self._claim], [t[0] for t in self._evidence]
        aligned = {i for i, _ in self._chain}
        found = next(
            (
                (i, ew.index(w))
                for i, w in enumerate(cw[:-1])
                if i not in aligned and w[:1].isdigit() and cw.count(w) == 1 and ew.count(w) == 1
            ),
            None,
        )
        if found is None or found[1] + 1 >= len(ew):
            return
        i, j = found
        mine, theirs = cw[i + 1], ew[j + 1]
        if (
            units_differ(mine, theirs)
            and mine not in ew
            and theirs not in cw
            and self._rest_said(lambda k, _: k not in (i, i + 1))
        ):
            self._add("number", i, i + 1, j, j + 1)

    def _rest_said(self, keep: Callable[[int, str], bool]) -> bool:
        """Whether the evidence says at least ``NUMBER_APART_COVERAGE`` of the claim's content words that
        ``keep`` (index, word) keeps: aligned, or the same word or stem anywhere in the sentence."""
        cw, ew = [t[0] for t in self._claim], [t[0] for t in self._evidence]
        aligned = {i for i, _ in self._chain}
        rest = [
            (k, w)
            for k, w in enumerate(cw)
            # a Chinese pair of characters is a word here too ("石拱", "全长")
            if (len(w) > 2 or w[:1] >= "\u4e00")
            and w not in FUNCTION_WORD_SET
            and not w[0].isdigit()
            and keep(k, w)
        ]
        said = sum(k in aligned or any(w == v or _derived(w, v) for v in ew) for k, w in rest)
        return bool(rest) and said >= NUMBER_APART_COVERAGE * len(rest)

    def _name_apart(
        self,
        absent: Callable[[str], bool],
        claim_names: list[bool],
        evidence_names: list[bool],
        claim_words: set[str],
    ) -> None:
        """A name the claim says in a sentence reworded around it, so that no slot holds both: the
        claim's one run of name words the evidence lacks against the evidence's one run the claim lacks,
        each right after the same word or a synonym ("contributor Mei Tanaka" / "contributor Dana Holt",
        "Elena Ortuño" / "Elena Urquijo", "la doctora Ibarra" / "del doctor Santaolalla", "la empresa
        Cierzo Labs" / "la compañía Nimbo Soft"), where at least half of the claim's other content words
        are said."""
        claim, evidence = self._claim, self._evidence
        cw, ew = [t[0] for t in claim], [t[0] for t in evidence]
        # A name the other side says in another form is said: "Grünauer Stadtpark" / "von Grünau".
        mine = [
            k
            for k in range(1, len(cw))
            if claim_names[k] and absent(cw[k]) and not any(_name_form(cw[k], v) for v in ew)
        ]
        theirs = [
            k
            for k in range(1, len(ew))
            if evidence_names[k]
            and number_key(ew[k]) not in claim_words
            and not any(_name_form(ew[k], v) for v in cw)
        ]
        if not mine or not theirs:
            return
        a, b, c, d = mine[0], mine[-1], theirs[0], theirs[-1]
        # One run each, a surname's particle inside it: "Sanne de Vries".
        if any(k not in mine and cw[k] not in NAME_PARTICLES for k in range(a, b + 1)) or any(
            k not in theirs and ew[k] not in NAME_PARTICLES for k in range(c, d + 1)
        ):
            return
        before, other = cw[a - 1], ew[c - 1]
        lang = sentence_language(cw) or sentence_language(ew)
        if (
            before in FUNCTION_WORD_SET
            or len(before) < 3
            or not (before == other or same_stem(before, other) or same_predicate(before, other, lang))
        ):
            return
        if self._rest_said(lambda k, _: not a <= k <= b):
            self._add("name", a, b, c, d)

    def _chinese_name_apart(self) -> None:
        """A Chinese person the claim names after the same title as the evidence names another, in a
        sentence reworded around it ("作家林静秋于1987年出版" / "出自作家林静春之手"): each side's one
        name after that title, the other's not, at least half of the claim's other pairs said."""
        claim_text, source_text = self._claim_text, self._source_text
        if not any("\u4e00" <= ch <= "\u9fff" for ch in claim_text):
            return
        mine, theirs = chinese_titled_names(claim_text), chinese_titled_names(source_text)
        mine = [(t, n, at) for t, n, at in mine if n not in source_text]
        theirs = [(t, n, at) for t, n, at in theirs if n not in claim_text]
        if len(mine) != 1 or len(theirs) != 1 or mine[0][0] != theirs[0][0]:
            return
        (_, name, at), (_, other, there) = mine[0], theirs[0]
        a, b = _token_range(self._claim, at, at + len(name))
        c, d = _token_range(self._evidence, there, there + len(other))
        if a is None or c is None:
            return
        if self._rest_said(lambda k, _: not a <= k <= b):
            self._add("name", a, b, c, d)

    def _drug_apart(self, absent: Callable[[str], bool], claim_words: set[str]) -> None:
        """A drug the claim names in a sentence reworded around it: the claim's one drug the evidence
        lacks against the evidence's one drug the claim lacks ("prescribed ibuprofen for the pain" /
        "For the pain, … prescribed paracetamol"), at least half of the claim's other content words
        said. Drugs are written in lower case, so the name check does not see them."""
        cw, ew = [t[0] for t in self._claim], [t[0] for t in self._evidence]
        mine = [k for k, w in enumerate(cw) if drug_name(w) and absent(w)]
        theirs = [k for k, w in enumerate(ew) if drug_name(w) and w not in claim_words]
        if len(mine) == 1 and len(theirs) == 1 and self._rest_said(lambda k, _: k != mine[0]):
            self._add("name", mine[0], mine[0], theirs[0], theirs[0])

    def _passed_over(self, evidence_names: list[bool], claim_words: set[str]) -> None:
        """A name or drug the evidence passes over for another ("recommends clarozin rather than
        amtrexil", "statt Dolorin das Präparat Kalmaxin", "plutôt que le Dolvane") that the claim puts
        in the other's place: the claim says the one passed over, neither the one chosen nor a phrase
        that passes over, and no negation; at least half of its other content words are said."""
        cw, ew = [t[0] for t in self._claim], [t[0] for t in self._evidence]

        def named(k: int) -> bool:
            return evidence_names[k] or drug_name(ew[k])

        found = _passing_over(ew)
        if found is None:
            return
        m, phrase = found
        after = m + len(phrase)
        passed = next((k for k in range(after, min(len(ew), after + 3)) if named(k)), None)
        if passed is None or ew[passed] not in claim_words:
            return
        # The one chosen: the nearest name before the phrase, or after the one passed over ("Statt
        # Dolorin wird Kalmaxin empfohlen").
        near = [*range(m - 1, max(-1, m - 5), -1), *range(passed + 1, min(len(ew), passed + 6))]
        chosen = next((k for k in near if named(k) and ew[k] != ew[passed]), None)
        if (
            chosen is None
            or ew[chosen] in claim_words
            or _passing_over(cw) is not None
            or any(self._marks[0])
        ):
            return
        i = cw.index(ew[passed])
        if self._rest_said(lambda k, _: k != i):
            self._add("name", i, i, chosen, chosen)

    def _name_in_another_role(
        self, gap: Gap, claim_names: list[bool], evidence_names: list[bool], claim_words: set[str]
    ) -> None:
        """A slot the claim fills with a name the evidence says elsewhere in the sentence, and the
        evidence with another name: "The prize went to Priya Castellane, while Tomas Verhoef received
        …" facing "The prize went to Tomas Verhoef". Both slots hold the names only, and no "and"
        stands beside either name in the evidence (a coordination may list them in any order)."""
        claim, evidence = self._claim, self._evidence
        cl, ev = list(range(gap.ca, gap.cb)), list(range(gap.ea, gap.eb))
        if (
            not cl
            or not ev
            or not all(claim_names[k] for k in cl)
            or any(c.kind == "name" for c, _ in self.conflicts)
        ):
            return
        order = ev[::-1] if gap.where == "lead" else ev
        run: list[int] = []
        for j in order:
            if not (evidence_names[j] and evidence[j][0] not in claim_words):
                break
            run.append(j)
        if not run or (gap.where == "inner" and len(run) != len(ev)):
            return
        # A sentence's first word is capitalized whatever it is: "Version 4.2 of the Quillon library"
        # (a name of two words, "Mara Lenz was elected", is read).
        if run == [0]:
            return
        c, d = min(run), max(run)
        words = [t for t, *_ in evidence]
        mine = [k for k, w in enumerate(words) if w == claim[cl[0]][0]]
        if not mine or not all(claim[k][0] in words for k in cl):
            return  # the claim's name is not in this sentence: the flip above is the one to read
        beside = [j for k in (c, d, *mine) for j in (k - 1, k + 1) if 0 <= j < len(words)]
        if any(words[j] in COORDINATORS for j in beside):
            return
        # A slot said by "of the" alone names whose it is, after heads that may differ ("winner of the
        # Orrin Prize" / "reporter Tamsin Vale of the Eastby Courier").
        if gap.before >= 0 and all(
            claim[i][0] in _GENITIVE
            for i, _ in self._chain[_run_start(self._chain, gap.before) : gap.before + 1]
        ):
            return
        if _tight(gap, cl[0], cl[-1], c, d):
            self._add("name", cl[0], cl[-1], c, d)

    def _title_of_another(self, gap: Gap, claim_names: list[bool], absent: Callable[[str], bool]) -> bool:
        """Whether the aligned phrase before a name is a title the claim gives a person the evidence
        names elsewhere: "Prince Harry, Duke of Sussex" facing "the Duke of Kent … to Prince Harry"
        aligns "Duke of", but the evidence's duke is another man, not Harry under another title."""
        chain, claim = self._chain, self._claim
        if gap.before < 0:
            return False
        start = chain[_run_start(chain, gap.before)][0]
        aligned = {i for i, _ in chain}
        return any(
            claim_names[i] and i not in aligned and not absent(claim[i][0])
            for i in range(max(0, start - 3), start)
        )

    def _add(self, kind: str, a: int, b: int, c: int, d: int) -> None:
        claim = self._claim
        # One name, one side in the genitive ("Anna Bergs Roman" / "von Anna Berg"): no flip.
        if kind == "name" and b == a and d == c and _genitive_of(claim[a][0], self._evidence[c][0]):
            return
        words = frozenset(claim[k][0] for k in range(a, b + 1)) if b >= a else frozenset()
        claim_text = self._claim_text.__getitem__(slice(*_extent(claim, a, b + 1))) if b >= a else ""
        start, end = _extent(self._evidence, c, d + 1)
        self.conflicts.append((Conflict(kind, claim_text, self._source_text[start:end], start, end), words))

    def _exclusion(self, found: Inference) -> Conflict:
        """The conflict a reader is shown for an exclusion: both sides' words, from the edit it rests
        on (a role swap: the arguments and what lies between; a lone negation: from the cue through
        the word it negates, and that word's counterpart)."""
        claim, evidence, chain = self._claim, self._evidence, self._chain
        if found.role is not None:
            (a, b), (c, d) = found.role
            return self._conflict("role", a, b, c, d)
        edit = found.deciding[0]
        (a, b), (c, d) = edit.claim, edit.evidence
        if edit.op == "sub":
            gap = next(
                (g for g in gaps(chain, len(claim), len(evidence)) if g.ca <= a < max(g.cb, g.ca + 1)), None
            )
            if gap is not None and gap.cb - gap.ca <= GAP_SLACK and gap.ca < gap.cb:
                a, b = gap.ca, gap.cb
            return self._conflict(edit.kind, a, b, c, d)
        # A lone operator (with the "ne" before its "pas"), read in the gap it stands in.
        index, at = (0, a) if edit.op == "ins" else (1, c)
        side_marks = self._marks[index]
        first = next(
            (
                j
                for j in range(max(0, at - 3), at)
                if side_marks[j] is not None and side_marks[j][0] == "part"
            ),
            at,
        )
        gap = next(
            (
                g
                for g in gaps(chain, len(claim), len(evidence))
                if (g.ca, g.ea)[index] <= at < (g.cb, g.eb)[index]
            ),
            None,
        )
        if gap is None:
            return self._conflict(edit.kind, a, b, c, d)
        cues = list(range(first, at + 1))
        return self._negation(gap, cues if index == 0 else [], cues if index == 1 else [], edit.kind)

    def _negation(self, gap: Gap, c_cue: list[int], e_cue: list[int], kind: str) -> Conflict:
        """A negation on one side, in words a reader follows: from the cue (and an auxiliary written
        in lower case right before it, as in "should not"; inside the sentence, a verb aligned right
        before the gap: "is not"), through two aligned words after it or up to a word of five letters
        ("not be given", "is not the capital"); the other side the same, with the last word of its own
        gap ("can be given")."""
        chain, claim, evidence = self._chain, self._claim, self._evidence
        cues = c_cue or e_cue
        side, text = (claim, self._claim_text) if c_cue else (evidence, self._source_text)
        first = gap.ca if c_cue else gap.ea
        before = cues[0] - 1
        lo = before if before >= first and text[side[before][1]].islower() else cues[0]
        keep = max(1, cues[0] - lo)  # words of the other side's gap kept before the aligned words
        c_lo = lo if c_cue else max(gap.ca, gap.cb - keep)
        e_lo = lo if e_cue else max(gap.ea, gap.eb - keep)
        anchor = chain[gap.before] if gap.where == "inner" else None
        if anchor and self._claim_text[claim[anchor[0]][1]].islower():  # a verb ("is not"), not a subject
            c_lo, e_lo = anchor
        last = min(gap.before + 1, len(chain) - 1)
        while (
            (last == gap.before + 1 or len(claim[chain[last][0]][0]) < 5)
            and last < gap.before + 4
            and follows(chain, last + 1, 2)
        ):
            last += 1
        c_hi, e_hi = chain[last]
        c_lo, e_lo = min(c_lo, c_hi), min(e_lo, e_hi)
        return self._conflict(kind, c_lo, c_hi + 1, e_lo, e_hi + 1)

    def _conflict(self, kind: str, a: int, b: int, c: int, d: int) -> Conflict:
        claim, evidence = self._claim, self._evidence
        b, d = max(b, a + 1), max(d, c + 1)
        start, end = _extent(evidence, c, min(d, len(evidence)))
        claim_text = self._claim_text.__getitem__(slice(*_extent(claim, a, min(b, len(claim)))))
        return Conflict(kind, claim_text, self._source_text[start:end], start, end)


def _permuted(order: list[int], *lists: list) -> list[list]:
    """Each of ``lists`` read in ``order`` (token lists and what belongs to each token alike)."""
    return [[items[k] for k in order] for items in lists]


def _kept(
    order: list[int], chain: list[tuple[int, int]], side: int, marks_: list[Mark], words: list[str]
) -> list[int]:
    """``order`` (a phrase moved from the front to the end) without the moved words that ``chain``
    leaves unaligned on ``side``, but for operators and direction words ("In no case, …", "Before
    installing, …")."""
    aligned = {pair[side] for pair in chain}
    moved = order.index(0)
    return [
        k
        for n, k in enumerate(order)
        if n < moved or n in aligned or marks_[k] is not None or words[k] in DIRECTIONS
    ]


def _extent(toks: list[Tok], a: int, b: int) -> tuple[int, int]:
    """The text offsets tokens [a, b) cover, in whatever order they were read (a phrase from the
    front may be read at the end)."""
    return min(t[1] for t in toks[a:b]), max(t[2] for t in toks[a:b])


# ---------------------------------------------------------------------------
# The checker
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Evidence:
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class Judgement:
    verdict: str
    score: float
    evidence: tuple[Evidence, ...] = ()
    better_source: int | None = None
    #: For ``contradicted``: the element the evidence states differently.
    conflict: Conflict | None = None

    @property
    def uncertain(self) -> bool:
        return is_uncertain(self.score)


@dataclass
class _Source:
    """One presented source, tokenized once: sentence spans and what the scorer looks up."""

    text: str
    spans: list[tuple[int, int]]
    postings: dict[str, list[int]]  # word -> sentences holding it
    prefix_postings: dict[str, list[int]]
    flat: str  # the whole text as " tok tok ... ", for word-for-word quote checks
    units: dict[str, set[tuple[str, bool]]]  # number -> (unit, apart) written next to it (see quantities)
    sentence_tokens: dict[int, list[Tok]]  # filled as sentences are aligned
    poles: dict[tuple[str, int], list[int]] | None = None  # see ``directions``
    sentence_marks: dict[int, tuple[str, list[Mark]]] = field(default_factory=dict)  # see ``read``

    @classmethod
    def build(cls, text: str) -> _Source:
        spans = split_sentences(text)
        postings: dict[str, list[int]] = {}
        prefix_postings: dict[str, list[int]] = {}
        flat = []
        dated = _ISO_HINT.search(text) is not None
        for k, (a, b) in enumerate(spans):
            toks = tokens(text[a:b])
            flat += toks
            words = set(toks)
            words |= {NUMBER_WORDS[w] for w in words if w in NUMBER_WORDS}
            # A month written short or in digits is the month a claim names in full (the pattern is
            # read only where a word or a date could be one: most sentences hold neither).
            if (not words.isdisjoint(_MONTH_OF) and any(w[0].isdigit() for w in words)) or (
                dated and _ISO_HINT.search(text, a, b)
            ):
                words |= stated_months(text[a:b])
            for w in words:
                postings.setdefault(w, []).append(k)
            for p in {w[:PREFIX] for w in words if len(w) >= PREFIX and not w[0].isdigit()}:
                prefix_postings.setdefault(p, []).append(k)
        units: dict[str, set[tuple[str, bool]]] = {}
        for number, unit, apart in quantities(text):
            units.setdefault(number, set()).add((unit, apart))
        return cls(text, spans, postings, prefix_postings, f" {' '.join(flat)} ", units, {})

    def directions(self) -> dict[tuple[str, int], list[int]]:
        """The direction poles its words sit on (``DIRECTIONS``), each with the sentences that hold one."""
        if self.poles is None:
            self.poles = {}
            for word, where in self.postings.items():
                for pole in DIRECTIONS.get(word, ()):
                    self.poles.setdefault(pole, []).extend(where)
        return self.poles

    def read(self, k: int) -> tuple[str, list[Mark]]:
        """Sentence ``k``'s language and operators (``core/natlog.py``), read once."""
        if k not in self.sentence_marks:
            toks = self.sentence(k)
            lang = sentence_language([t for t, *_ in toks])
            self.sentence_marks[k] = (lang, marks(toks, self.text, lang))
        return self.sentence_marks[k]

    def sentence(self, k: int) -> list[Tok]:
        if k not in self.sentence_tokens:
            self.sentence_tokens[k] = token_spans(self.text, *self.spans[k])
        return self.sentence_tokens[k]


@dataclass(frozen=True)
class Claim:
    """A claim tokenized and weighted against one checker's sources (see ``SupportChecker.parse``)."""

    vocab: list[str]
    weights: list[float]
    # Bit masks over vocab. Names and numbers survive paraphrase, so their absence is telling.
    hard: int
    numbers: int
    absent: int  # in no presented sentence at all
    names: list[int]  # each name (a run of words): one no evidence sentence holds caps the claim
    quotes: list[str]
    quantities: list[tuple[str, str]]  # numbers with a unit
    # For alignment: the claim's text (markers blanked), its tokens with offsets, which negate, and
    # which are names.
    text: str
    spans: list[Tok]
    marks: list[Mark]
    span_names: list[bool]
    # German nouns, capitalized as every noun is, that count as names for the hard signal only
    # ("Müllgebühren"): a conflict is still read past them.
    nouns: int = 0


@dataclass(frozen=True)
class _Match:
    """How one source covers a claim: the best sentence, the evidence, coverage by the evidence and
    by up to three sentences, bit masks of the claim words found anywhere in the source (exactly /
    by prefix) and in the evidence, and the claim's weighted coverage function."""

    best: int
    picked: tuple[int, ...]
    cov: float
    cov3: float
    found: int
    found_soft: int
    in_evidence: int
    in_evidence_soft: int
    coverage: Callable[[int, int], float]


@dataclass(frozen=True)
class Flips:
    """What an evidence says of a claim beyond its words: conflicts (each with the claim words it
    concerns), whether the claim is capped below ``supported`` (a conflict, a claim the lexicon says
    goes beyond the evidence, a bound or direction said otherwise), and the claim words the lexicon
    relates to the evidence (counted as said)."""

    conflicts: list[tuple[Conflict, frozenset[str]]] = field(default_factory=list)
    capped: bool = False
    eased: frozenset[str] = frozenset()
    #: Conflicts that are evidence enough on their own (the same number in another unit of its kind):
    #: the claim, put right, need only be on topic, not supported word for word.
    firm: tuple[Conflict, ...] = ()


class SupportChecker:
    """Judges claims against a fixed set of presented sources; build once per answer."""

    def __init__(self, sources: dict[int, str]) -> None:
        self.texts: dict[int, str] = {}
        for sid, text in dict(sources or {}).items():
            try:
                self.texts[int(sid)] = text if isinstance(text, str) else ""
            except (TypeError, ValueError):
                continue
        self._sources = {sid: _Source.build(text) for sid, text in self.texts.items()}
        # Document frequency over all presented sentences: a word every source repeats says little.
        self._df: dict[str, int] = {}
        for source in self._sources.values():
            for word, where in source.postings.items():
                self._df[word] = self._df.get(word, 0) + len(where)
        self._n = sum(len(s.spans) for s in self._sources.values())
        self._not_units: set[str] | None = None  # short words seen without a number before them
        self._common: dict[str, bool] = {}  # capitalized words, by their lower case: written so somewhere?
        self._joined: str | None = None  # every source's text, for those look-ups
        self._last: tuple[str, Claim | None, dict[int, Judgement]] | None = None
        # Per parsed claim, each source's match (``_match``): ``features`` compares a source with the rest.
        self._matches: tuple[Claim | None, dict[int, _Match]] = (None, {})
        self._together: tuple[Claim | None, tuple[int, int, list[tuple[int, float]]]] = (None, (0, 0, []))
        self._flips: tuple[Claim | None, dict[int, Flips]] = (None, {})
        #: Sentences scored so far (a work counter for tests and benchmarks).
        self.sentences_scored = 0

    def check_all(self, claim: str) -> dict[int, Judgement]:
        """Judge ``claim`` against every presented source, once: ``{source id: judgement}``."""
        parsed, judged = self._claim(claim)
        for sid in self._sources:
            self._judged(parsed, judged, sid)
        return {sid: replace(j, better_source=self._better(parsed, judged, sid)) for sid, j in judged.items()}

    def check(self, claim: str, source_id: int) -> Judgement:
        """Judge ``claim`` against source ``source_id``, suggesting a clearly better source if any."""
        parsed, judged = self._claim(claim)
        if source_id not in self._sources:
            return Judgement("unsupported", 0.0)
        own = self._judged(parsed, judged, source_id)
        return replace(own, better_source=self._better(parsed, judged, source_id))

    def best_source(self, claim: str) -> tuple[int | None, float]:
        """The source that supports ``claim`` best, with no conflict, and its lead over the next best
        source's score: ``(None, 0.0)`` when no source supports it."""
        ranked = sorted(self.check_all(claim).items(), key=lambda item: (-item[1].score, item[0]))
        if not ranked or ranked[0][1].verdict != "supported":
            return None, 0.0
        runner_up = ranked[1][1].score if len(ranked) > 1 else 0.0
        return ranked[0][0], round(ranked[0][1].score - runner_up, 4)

    def ranked(self, claim: str) -> list[tuple[int, float]]:
        """Every presented source with its score before the alignment is read, best first: cheap, and
        never below its verdict's score but for the words the lexicon relates ("not permitted" for
        "forbidden", which may raise a verdict a little), so it tells which sources could win
        (``core/uncited.py``)."""
        parsed, _ = self._claim(claim)
        if parsed is None:
            return [(sid, 0.0) for sid in self._sources]
        return sorted(((sid, self._raw(parsed, sid)) for sid in self._sources), key=lambda p: (-p[1], p[0]))

    def _claim(self, claim: object) -> tuple[Claim | None, dict[int, Judgement]]:
        """The parsed claim and the judgements made of it so far (adjacent markers share a claim)."""
        claim = claim if isinstance(claim, str) else ""
        if self._last is None or self._last[0] != claim:
            self._last = (claim, self.parse(claim), {})
        return self._last[1], self._last[2]

    def _judged(self, claim: Claim | None, judged: dict[int, Judgement], source_id: int) -> Judgement:
        if source_id not in judged:
            judged[source_id] = self.judge(claim, source_id)
        return judged[source_id]

    def _better(self, claim: Claim | None, judged: dict[int, Judgement], source_id: int) -> int | None:
        """Another source whose verdict scores clearly higher. Flips only lower a score, so sources are
        judged in full only while their score before flips could still win."""
        own = judged[source_id]
        if own.score >= HIGH or claim is None:
            return None
        best: tuple[float, int] | None = None
        for raw, sid in sorted((-self._raw(claim, sid), sid) for sid in self._sources if sid != source_id):
            if -raw < own.score + BETTER_MARGIN or (best and -raw <= best[0]):
                break
            score = self._judged(claim, judged, sid).score
            if score >= own.score + BETTER_MARGIN and (best is None or score > best[0]):
                best = (score, sid)
        return best[1] if best else None

    def _raw(self, claim: Claim, source_id: int) -> float:
        """A source's score from its words alone, before the alignment is read: cheap. Flips only
        lower a score; the lexicon's paraphrases ("not permitted" for "forbidden") may raise a
        verdict's score above it, which costs at most a missed near-tie."""
        found = self.features(claim, source_id)
        return combine(found[0], found[2], found[3]) if found else 0.0

    def is_unit(self, word: str) -> bool:
        """Whether a short word written after a number is a unit ("100 km") rather than just the
        next word ("2017 to"): in the presented sources it follows a number every time it occurs, and it
        is no function word that names no unit ("en 2022 una tienda": an article)."""
        if self._not_units is None:
            # One pass over the sources' tokens, so each look-up costs nothing however many
            # different words an answer writes after its numbers.
            self._not_units = set()
            for source in self._sources.values():
                toks = source.flat.split()
                self._not_units.update(
                    t for i, t in enumerate(toks) if len(t) <= 3 and not (i and toks[i - 1][0].isdigit())
                )
        return word not in self._not_units and (
            word not in FUNCTION_WORD_SET or unit_dimension(word) is not None
        )

    def is_common(self, word: str) -> bool:
        """Whether a word written with a capital is also written in lower case in a presented
        source: then a capital at the start of a sentence does not make it a name ("The", "Aspirin")."""
        lower = word.lower()
        if lower not in self._common:
            if self._joined is None:
                self._joined = "\n".join(self.texts.values())
            # A handful of look-ups per claim: one search each beats reading every word up front.
            text, at, found = self._joined, self._joined.find(lower), False
            while at >= 0 and not found:
                end = at + len(lower)
                found = not (at and text[at - 1].isalnum()) and not (end < len(text) and text[end].isalnum())
                at = text.find(lower, at + 1)
            self._common[lower] = found
        return self._common[lower]

    def _unit(self, unit: str, apart: bool) -> str:
        """A unit as ``quantities`` wrote it, or "" when it is just the word after the number."""
        return unit if not apart or self.is_unit(unit) else ""

    def _is_name(self, toks: list[Tok], k: int, text: str, lang: str = "") -> bool:
        """A name: written with a capital, two letters or more; at the start of a sentence only when it
        is no sentence opener (``SENTENCE_OPENER_WORDS``), no comma follows ("Overall, …") and no source
        writes it in lower case. In German, where every noun has a capital, not after an article or a
        declined adjective ("die Firma", "das neue Werk")."""
        word, _, end, cap = toks[k]
        if (
            not cap
            or len(word) < 2
            or word[0].isdigit()
            or word in CALENDAR_WORDS
            or word in _YEARS  # "im Jahr 1917"
            or word in _HONORIFICS  # "zugunsten von Frau Albrecht": a title, the name follows
            or word in NUMBER_WORDS
            or operator(word) is not None  # "Alle", "Sommige", "Einige" open a sentence
            or approximator([word]) is not None  # "About 400", "Rund 250", "Environ 300"
            or word in SCALES  # "300 Mio. Euro"
        ):
            return False
        if (
            lang == "de"
            and k
            and (
                toks[k - 1][0] in GERMAN_NOUN_MARKERS
                or (
                    not toks[k - 1][3]
                    and len(toks[k - 1][0]) > 3
                    and toks[k - 1][0].endswith(("e", "en", "er", "es", "em"))
                    and toks[k - 1][0] not in _GERMAN_AUXILIARIES  # "wurde Martina Oswald gewählt"
                )
            )
        ):
            return False
        return (
            k > 0
            or (
                word not in SENTENCE_OPENER_WORDS
                and word not in FUNCTION_WORD_SET  # "Solo algunos socios …", "Einer der drei …"
                and word not in _OPENING_WORDS
                # "Hergestellt wird …", "Gemeldet hat …": a German participle put first, before its auxiliary
                and not (
                    len(toks) > 1
                    and toks[1][0] in _GERMAN_AUXILIARIES
                    and "ge" in word[:6]
                    and word.endswith(("t", "en"))
                )
                and text[end : end + 1] != ","
                and not self.is_common(text[toks[k][1] : end])
            )
        )

    def _name_runs(self, text: str, spans: list[Tok], names: list[bool], index: dict[str, int]) -> list[int]:
        """Bit masks (over the claim's vocabulary) of each name inside the claim: a run of name words
        with only spaces, hyphens, apostrophes or periods between them ("Prince Harry", "Jean-Luc", not
        "Calgary, Alberta"); the claim's first word
        is left out, since it may just open the sentence. A name counts as held when the evidence holds
        one of its words that the sources never write in lower case ("Hamamatsu", not "Air", "The")."""
        runs: list[list[int]] = []
        for k, ((t, start, _, _), name) in enumerate(zip(spans, names, strict=False)):
            # The first word may just open the sentence ("Instead", "During"): a name only when it is
            # no sentence opener, no presented source holds it at all, and what follows is no noun
            # phrase ("Staring at the…", "Season 1…") but, as after a subject, a verb.
            if not name or t not in index or (not k and (t in SENTENCE_OPENER_WORDS or t in self._df)):
                continue
            if (
                not k
                and len(spans) > 1
                and (spans[1][0] in NOUN_PHRASE_START_WORDS or spans[1][0][0].isdigit())
            ):
                continue
            if runs and runs[-1][-1] == k - 1 and not text[spans[k - 1][2] : start].strip(" -\u2010'\u2019."):
                runs[-1].append(k)
            else:
                runs.append([k])
        masks = []
        for run in runs:
            telling = [k for k in run if not self.is_common(text[spans[k][1] : spans[k][2]])] or run
            masks.append(sum({1 << index[spans[k][0]] for k in telling}))
        return masks

    def parse(self, claim: str) -> Claim | None:
        """Tokens and weights of a claim (None when it has no words); markers in it are ignored."""
        # Markers become spaces of their own length, so offsets in the claim hold.
        claim = _MARKER_RE.sub(lambda m: " " * len(m.group(0)), claim)
        vocab = list(dict.fromkeys(tokens(claim)))[:MAX_CLAIM_TOKENS]
        if not vocab:
            return None
        index = {t: i for i, t in enumerate(vocab)}
        # Aligned word by word: a claim runs to a sentence or two, and a wall of text is cut short.
        spans = token_spans(claim)[: 4 * MAX_CLAIM_TOKENS]
        # A capitalized German noun is a name only for the hard signal (a claim's "Schweiz" must be
        # in the source); facing another noun in the same slot it is no name conflict ("Firma").
        lang = sentence_language([t for t, *_ in spans])
        span_names = [self._is_name(spans, k, claim, lang) for k in range(len(spans))]
        capitals = [self._is_name(spans, k, claim) for k in range(len(spans))]
        nouns = {
            t for (t, *_), name, cap in zip(spans, span_names, capitals, strict=False) if cap and not name
        }
        caps = {
            normalize(m.group(0))
            for m in re.finditer(r"[^\W\d_]+", unicodedata.normalize("NFKC", claim))
            if m.start() > 0 and m.group(0)[0].isupper()
        }

        def mask(keep: Callable[[str], bool]) -> int:
            return sum(1 << i for i, t in enumerate(vocab) if keep(t))

        return Claim(
            vocab,
            [
                math.log((self._n + 1) / (self._df.get(t, 0) + 0.5))
                # IDF over a handful of sentences cannot tell "en" from "Paris"; in spaced scripts
                # the shortest words are mostly grammatical, so they count for less.
                * (SHORT_WORD_WEIGHT if len(t) <= 2 and t.isalpha() and t[0] < "\u0e00" else 1.0)
                for t in vocab
            ],
            mask(lambda t: _dated(t, t in caps) or t in caps),
            # A month or day is part of a date: one the source does not state fails like a number.
            mask(lambda t: _dated(t, t in caps)),
            mask(lambda t: t not in self._df),
            self._name_runs(claim, spans, capitals, index),
            [
                " ".join(tokens(piece))
                for q in _QUOTE_RE.finditer(normalize(claim))
                # An ellipsis marks words left out: each piece around it must still be verbatim.
                for piece in re.split(r"\[?(?:\.\.\.|…)\]?", next(g for g in q.groups() if g))
                if tokens(piece)
            ],
            [(n, u) for n, u, apart in quantities(claim) if self._unit(u, apart)],
            claim,
            spans,
            marks(spans, claim),
            span_names,
            mask(lambda t: t in nouns) if lang == "de" else 0,
        )

    def judge(self, claim: Claim | None, source_id: int) -> Judgement:
        """The verdict on a parsed claim by one source (no ``better_source``: see :meth:`check_all`)."""
        found = self.features(claim, source_id)
        if claim is None or found is None:
            return Judgement("unsupported", 0.0)
        flips = self.flips(claim, source_id)
        if flips.eased:
            found = self.features(claim, source_id, self._mask(claim, flips.eased)) or found
        features, picked, penalty, failed = found
        score = combine(features, penalty, failed)
        source = self._sources[source_id]
        conflict = None
        for candidate, words in flips.conflicts:
            # Contradicted: with the differing element put right, the evidence would support it.
            again = self.features(claim, source_id, self._mask(claim, words | flips.eased), nouns_said=True)
            # A firm conflict needs the claim, put right, on topic with every hard signal held.
            firm = candidate in flips.firm
            if (
                again is not None
                and not (firm and again[3])
                and combine(again[0], again[2], again[3]) >= (UNCERTAIN_LOW if firm else HIGH)
            ):
                conflict = candidate
                break
        if flips.capped:
            score = min(score, capped())
        evidence = tuple(Evidence(a, b, source.text[a:b]) for a, b in (source.spans[k] for k in picked))
        verdict = "contradicted" if conflict else verdict_for(score)
        return Judgement(verdict, round(score, 4), evidence, None, conflict)

    def signals(self, claim: Claim | None, source_id: int) -> tuple[tuple[float, ...], float, bool] | None:
        """What the verdict's score is computed from, as ``combine`` takes it, with the words the
        lexicon relates counted as said and every cap (a hard signal, a flip) as ``failed``; None when
        the source says nothing. The fitting scripts score with it, so they fit what ships."""
        found = self.features(claim, source_id)
        if claim is None or found is None:
            return None
        flips = self.flips(claim, source_id)
        if flips.eased:
            found = self.features(claim, source_id, self._mask(claim, flips.eased)) or found
        return found[0], found[2], found[3] or flips.capped

    @staticmethod
    def _mask(claim: Claim, words: frozenset[str]) -> int:
        return sum(1 << i for i, t in enumerate(claim.vocab) if t in words)

    def flips(self, claim: Claim, source_id: int) -> Flips:
        """What one source's evidence says of the claim beyond its words (``Flips``), computed once per
        claim and source. A source that shares little with the claim states nothing of it."""
        if self._flips[0] is not claim:
            self._flips = (claim, {})
        if source_id not in self._flips[1]:
            m = self._match(claim, source_id)
            found = Flips()
            # Words no source holds (a swapped name, say) count as shared here, or a long name put in
            # would hide its own flip.
            if m.coverage(m.in_evidence | claim.absent, m.in_evidence_soft) >= MIN_COVERAGE:
                source = self._sources[source_id]
                found = self._conflicts(claim, source, m)
                if (
                    not found.conflicts
                    and not found.capped
                    and self._reversed(claim, source, m.picked, found.eased)
                ):
                    found = Flips(found.conflicts, True, found.eased)
            self._flips[1][source_id] = found
        return self._flips[1][source_id]

    def _conflicts(self, claim: Claim, source: _Source, m: _Match) -> Flips:
        """Natural logic and number / name flips between the claim and its evidence sentences.

        An exclusion (``core/natlog.py``: a negation, an antonym, a quantifier, a role swap) is a
        conflict; the lexicon saying the claim goes beyond the evidence caps it; the lexicon relating
        the claim's words to the evidence's counts them as said. A number or name of the claim that
        one evidence sentence states otherwise while another holds it ("Smith won in 1994" against
        "Smith won in 1990. … Jones won in 1994.") is a flip when that one sentence, with the element
        put right, says all the evidence says of the claim: the claim then does not join two facts, it
        moves one."""
        sentences = [source.sentence(k) for k in m.picked]

        def absent_from(toks_of: list[list[Tok]]) -> Callable[[str], bool]:
            words = {number_key(t) for toks in toks_of for t, *_ in toks}
            # A German plural turns its vowel ("Sturz" / "Stürze"): prefixes compare without umlauts.
            prefixes = {
                t[:PREFIX].translate(_UMLAUTS)
                for toks in toks_of
                for t, *_ in toks
                if len(t) >= PREFIX and not t[0].isdigit()
            }
            return lambda tok: (
                number_key(tok) not in words
                and (
                    len(tok) < PREFIX or tok[0].isdigit() or tok[:PREFIX].translate(_UMLAUTS) not in prefixes
                )
            )

        absent = absent_from(sentences)
        # A claim the source says word for word holds no flip, whichever sentence the match read
        # ("Paris water Paris" copied from "Paris water Lyon. Paris water Paris.").
        verbatim = f" {' '.join(tokens(claim.text))} " in source.flat
        conflicts: list[tuple[Conflict, frozenset[str]]] = []
        exclusions: list[tuple[Conflict, frozenset[str], set[int]]] = []
        eased: frozenset[str] = frozenset()
        capped_ = False
        lonely: set[int] = set()
        paired: set[int] = set()
        claim_lang = sentence_language(claim.vocab)
        for k, toks in zip(m.picked, sentences, strict=True):
            lang, ev_marks = source.read(k)
            # A sentence too short to tell its language ("No patient reported …") is read in the other's.
            if not lang and claim_lang:
                ev_marks = marks(toks, source.text, claim_lang)
            claim_marks = claim.marks
            if lang and not claim_lang:
                claim_marks = marks(claim.spans, claim.text, lang)
            names = [self._is_name(toks, j, source.text, lang) for j in range(len(toks))]
            alone = absent_from([toks]) if len(sentences) > 1 else None
            aligned = Aligned(
                claim.spans,
                claim.text,
                claim_marks,
                toks,
                source.text,
                ev_marks,
                names,
                claim.span_names,
                absent,
                alone,
            )
            for conflict, words in aligned.conflicts:
                if verbatim:
                    break
                if all(absent(w) for w in words) or self._says_all_but(claim, source, k, words, m):
                    conflicts.append((conflict, words))
            back = aligned.claim_order
            if aligned.excluded is not None and aligned.inference is not None:
                at = {back[i] for e in aligned.inference.deciding if e.op == "ins" for i in range(*e.claim)}
                exclusions.append((*aligned.excluded, at))
            eased |= aligned.eased
            capped_ = capped_ or aligned.restricted or aligned.weaker
            if aligned.inference is not None:
                lonely |= {back[i] for i in aligned.inference.lonely}
                paired |= {back[i] for i in aligned.inference.paired}
        # A Chinese claim that names another person, place or organization in a sentence said alike.
        if not conflicts:
            for k in m.picked:
                a, b = source.spans[k]
                swap = chinese_name_swap(claim.text, source.text[a:b])
                if swap is not None:
                    (cs, ce), (es, ee) = swap
                    words = frozenset(t for t, s, e, _ in claim.spans if s < ce and e > cs)
                    inside = frozenset(t for t, s, e, _ in claim.spans if s >= cs and e <= ce)
                    if inside and inside <= eased:
                        continue  # words the lexicon relates ("不同意" / "拒绝了"), no name
                    conflicts.append(
                        (
                            Conflict("name", claim.text[cs:ce], source.text[a + es : a + ee], a + es, a + ee),
                            words,
                        )
                    )
                    break
        # A claim's amount whose number the evidence writes only in another unit of its kind, wherever
        # the alignment put it ("Adults should take 20 g" / "the adult dose is 20 mg"): another amount.
        firm = []
        for n, u in claim.quantities:
            flip = self._unit_flip(claim, source, m.picked, n, u)
            if flip is not None:
                conflicts.append(flip)
                firm.append(flip[0])
        # A claim's negation that no evidence sentence faces: the claim says what they do not.
        capped_ = capped_ or bool(lonely - paired)
        # A claim's negation that one evidence sentence leaves alone and another faces is said there.
        conflicts = [(c, words) for c, words, at in exclusions if not at & paired] + conflicts
        if verbatim and self._copied(claim, source):
            return Flips([], capped_, eased, ())  # whichever sentence the match read
        return Flips(conflicts, bool(conflicts) or capped_, eased, tuple(firm))

    @staticmethod
    def _copied(claim: Claim, source: _Source) -> bool:
        """Whether a sentence of the source is the claim word for word (not merely holds it: "… die
        Liste" is in "… die Liste nicht")."""
        words = tokens(claim.text)
        return any(
            abs((b - a) - len(claim.text)) <= COPY_SLACK and tokens(source.text[a:b]) == words
            for a, b in source.spans
        )

    def _unit_flip(
        self, claim: Claim, source: _Source, picked: tuple[int, ...], n: str, u: str
    ) -> tuple[Conflict, frozenset[str]] | None:
        """The conflict when the source writes number ``n`` only with units other than ``u`` of the
        same kind, and one evidence sentence writes it so; with the claim words it concerns."""
        written = {self._unit(v, apart) for v, apart in source.units.get(n, ())}
        if not written or u in written:
            return None
        mine = next(
            (m for m in _QUANTITY_RE.finditer(normalize(claim.text)) if canonical_number(m.group(2)) == n),
            None,
        )
        for k in picked:
            a, b = source.spans[k]
            for m in _QUANTITY_RE.finditer(normalize(source.text[a:b])):
                unit = m.group(1) or m.group(4) or ""
                if canonical_number(m.group(2)) == n and units_differ(u, unit):
                    words = frozenset(t for t in claim.vocab if t == u or number_key(t) == n)
                    # The amount from its number on: the pattern may open with a space.
                    shown = claim.text[mine.start(2) : mine.end()] if mine else f"{n} {u}"
                    start, end = a + m.start(2), a + m.end()
                    return Conflict("number", shown, source.text[start:end], start, end), words
        return None

    @staticmethod
    def _reversed(claim: Claim, source: _Source, picked: tuple[int, ...], eased: frozenset[str]) -> bool:
        """Whether the claim holds a direction word that the source never uses while it uses its
        antonym near the evidence (``DIRECTION_REACH``: "before" where it says "after", "oldest" where
        it says "youngest"): the claim then says the other way round, even where no slot aligns the
        two words."""
        lo, hi = picked[0] - DIRECTION_REACH, picked[-1] + DIRECTION_REACH
        held = source.directions()
        poles = {pole for pole, where in held.items() if any(lo <= k <= hi for k in where)}
        if not poles:
            return False
        everywhere = held.keys()
        for k, (tok, start, end, cap) in enumerate(claim.spans):
            # "North America", "High School" are names; "low-cost", "long-term" compounds.
            if (
                tok in DIRECTIONS
                and tok not in eased
                and not (k and cap)
                and "-" not in claim.text[start - 1 : start] + claim.text[end : end + 1]
            ):
                # "not permitted" where the source says "forbidden" says the same.
                if _negated(claim.marks, [t for t, *_ in claim.spans], k):
                    continue
                for concept, pole in DIRECTIONS[tok]:
                    if (
                        (concept, 1 - pole) in poles
                        and (concept, pole) not in everywhere
                        and not _said_otherwise(claim, k, source, picked, (concept, 1 - pole))
                    ):
                        return True
        return False

    @staticmethod
    def _says_all_but(claim: Claim, source: _Source, k: int, words: frozenset[str], m: _Match) -> bool:
        """Whether sentence ``k`` alone holds every claim word the evidence holds, but ``words``."""
        held = 0
        for i, tok in enumerate(claim.vocab):
            if (
                tok in words
                or k in source.postings.get(tok, ())
                or (
                    len(tok) >= PREFIX
                    and not tok[0].isdigit()
                    and k in source.prefix_postings.get(tok[:PREFIX], ())
                )
            ):
                held |= 1 << i
        return not (m.in_evidence | m.in_evidence_soft) & ~held

    def _all_matches(self, claim: Claim) -> tuple[int, int, list[tuple[int, float]]]:
        """What every presented source holds of the claim together (exactly, by prefix), and the two
        sources that cover it best with their coverage; once per claim."""
        if self._together[0] is not claim:
            union = union_soft = 0
            covs = []
            for sid, source in self._sources.items():
                if source.spans:
                    m = self._match(claim, sid)
                    union, union_soft = union | m.found, union_soft | m.found_soft
                    covs.append((sid, m.cov))
            covs.sort(key=lambda item: -item[1])
            self._together = (claim, (union, union_soft, covs[:2]))
        return self._together[1]

    def _match(self, claim: Claim, source_id: int) -> _Match:
        """How one source covers a parsed claim, computed once per claim and source."""
        if self._matches[0] is not claim:
            self._matches = (claim, {})
        if source_id in self._matches[1]:
            return self._matches[1][source_id]
        source = self._sources[source_id]
        weights = claim.weights
        total = sum(weights) or 1.0
        # Per sentence, bit masks of the claim words it holds exactly / only by a shared prefix;
        # built from postings so the work follows the matches, not the length of the source.
        exact: dict[int, int] = {}
        soft: dict[int, int] = {}
        for i, tok in enumerate(claim.vocab):
            for k in source.postings.get(tok, ()):
                exact[k] = exact.get(k, 0) | 1 << i
            if len(tok) >= PREFIX and not tok[0].isdigit():
                for k in source.prefix_postings.get(tok[:PREFIX], ()):
                    soft[k] = soft.get(k, 0) | 1 << i

        def coverage(e: int, s: int) -> float:
            got, only_soft = 0.0, s & ~e
            for bits, credit in ((e, 1.0), (only_soft, SOFT_CREDIT)):
                while bits:
                    low = bits & -bits
                    got += credit * weights[low.bit_length() - 1]
                    bits ^= low
            return got / total

        hits = sorted(exact.keys() | soft.keys()) or [0]
        self.sentences_scored += len(hits)
        best = max(hits, key=lambda k: (coverage(exact.get(k, 0), soft.get(k, 0)), -k))
        e, s = exact.get(best, 0), soft.get(best, 0)
        picked, cov = (best,), coverage(e, s)
        # A claim may join two facts from two sentences: add the sentence that covers most of the rest;
        # a third one counts towards a feature only (evidence stays short).
        gain, k = max(((coverage(e | exact.get(k, 0), s | soft.get(k, 0)), -k) for k in hits), default=(0, 0))
        cov3 = cov
        if gain - cov >= PAIR_GAIN:
            picked, cov = tuple(sorted((best, -k))), gain
            e, s = e | exact.get(-k, 0), s | soft.get(-k, 0)
            cov3 = max(coverage(e | exact.get(j, 0), s | soft.get(j, 0)) for j in hits)
        found = found_soft = 0
        for k in hits:
            found |= exact.get(k, 0)
            found_soft |= soft.get(k, 0)
        # A name the evidence leaves to a pronoun ("It should not be given…") or states once for the
        # whole text ("… in Washington, D.C.") is stated in another sentence: for each such name, the
        # closest sentence that holds it (the one before, first) is evidence too. Only a name the
        # source does not hold at all is missing from the evidence.
        core = len(picked)
        for run in claim.names:
            if run & (e | s) or not run & (found | found_soft) or len(picked) - core >= MAX_NAME_SENTENCES:
                continue
            k = min(
                (k for k in hits if (exact.get(k, 0) | soft.get(k, 0)) & run and k not in picked),
                key=lambda k: (abs(k - best) + (k > best), k),
            )
            picked = tuple(sorted((*picked, k)))
            e, s = e | exact.get(k, 0), s | soft.get(k, 0)
        match = _Match(best, picked, cov, cov3, found, found_soft, e, s, coverage)
        self._matches[1][source_id] = match
        return match

    def features(
        self, claim: Claim | None, source_id: int, assume: int = 0, nouns_said: bool = False
    ) -> tuple[tuple[float, ...], tuple[int, ...], float, bool] | None:
        """What ``combine`` takes: features, the hard signals' logit penalty, whether one failed;
        and the evidence sentences (second). ``assume``: claim words (a bit mask) to count as found,
        which tells what the evidence would say with a differing element put right; ``nouns_said``:
        German nouns count as held then ("Müllgebühren" for "Gebühren für die Müllabfuhr")."""
        source = self._sources.get(source_id)
        if claim is None or source is None or not source.spans:
            return None
        m = self._match(claim, source_id)
        union, union_soft, ranked = self._all_matches(claim)
        found = m.found | assume
        union |= assume
        best_other = next((c for sid, c in ranked if sid != source_id), 0.0)
        missing = claim.hard & ~found
        cov = m.coverage(m.in_evidence | assume, m.in_evidence_soft) if assume else m.cov
        features = (
            cov,
            min(5, missing.bit_count()) / 5,
            min(5, (missing & claim.absent).bit_count()) / 5,
            max(m.cov3, cov),
            # What the presented sources together cover: words found nowhere are often paraphrase.
            m.coverage(union, union_soft),
            # Another presented source covers the claim better: this one is likely the wrong one.
            min(0.0, cov - best_other),
        )
        quotes = sum(f" {q} " not in source.flat for q in claim.quotes)
        # The same number in another unit ("100 °C" / "100 °F") is a different quantity.
        assumed = {t for i, t in enumerate(claim.vocab) if assume >> i & 1}
        numbers = (claim.numbers & ~found).bit_count() + sum(
            not {self._unit(v, apart) for v, apart in source.units.get(n, {(u, False)})} & {u, ""}
            for n, u in claim.quantities
            if n not in assumed
        )
        # A name the evidence sentences do not hold: the source may say it of someone else. A German
        # noun is no name when the evidence holds as many nouns the claim does not say, which it may say
        # in other words ("das Mittel" for "das Präparat", "185 Zentimeter" for "1,85 Meter"); one more
        # is something the source does not name ("nach Österreich und in die Schweiz"), and so is
        # another compound of a noun's head ("Strompreise" / "Gaspreise").
        held = m.in_evidence | m.in_evidence_soft | assume
        nouns = claim.nouns & ~held
        if nouns and not nouns_said:
            toks = [t for k in m.picked for t in source.sentence(k)]
            said = {t for t, *_ in toks}
            theirs = {t for n, (t, *_, cap) in enumerate(toks) if n and cap and t not in claim.vocab}
            mine = [t for i, t in enumerate(claim.vocab) if nouns >> i & 1]
            if len(mine) > len(theirs) or any(_sibling(t, said) for t in mine):
                nouns = 0
        held |= nouns
        names = any(not run & held for run in claim.names)
        penalty = QUOTE_PENALTY * quotes + NUMBER_PENALTY * numbers
        return features, m.picked, penalty, bool(quotes or numbers or names)
