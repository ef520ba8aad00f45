"""Tokens and alignment: where a claim and an evidence sentence say the same words, in order.

    >>> claim = token_spans("The plant no longer operates in Lyon.")
    >>> evidence = token_spans("The plant ceased operations in Lyon in 2020.")
    >>> [(claim[i][0], evidence[j][0]) for i, j in align(claim, evidence)]
    [('the', 'the'), ('plant', 'plant'), ('operates', 'operations'), ('in', 'in'), ('lyon', 'lyon')]
    >>> [(g.where, g.ca, g.cb, g.ea, g.eb) for g in gaps(align(claim, evidence), len(claim), len(evidence))]
    [('lead', 0, 0, 0, 0), ('inner', 2, 4, 2, 3), ('trail', 7, 7, 6, 8)]

Words are casefolded (NFKC), numbers canonical ("1,000" and "1000" are one token), scripts written
without spaces read as character bigrams. ``align`` is the longest chain of matching tokens in the
same order (equal, a spelled-out number, or a shared prefix of ``PREFIX`` letters); what lies between
two aligned pairs is a ``Gap``: the edits that turn the evidence into the claim happen there.
Standard library only.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from dataclasses import dataclass
from itertools import pairwise

PREFIX = 5

# Scripts written without spaces between words: matched by character bigrams.
NOSPACE = "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
# Digit groups ("1,000", "1 000", "1.000") are one number; a single separator is a decimal mark.
NUMBER_PATTERN = r"(?<![\d.,])\d{1,3}(?:[ \u00a0\u202f\u2009,.]\d{3})+(?!\d)(?:[.,]\d+)?|\d+(?:[.,]\d+)?"
TOKEN_RE = re.compile(rf"{NUMBER_PATTERN}|[{NOSPACE}]+|[^\W\d_]+")

NOSPACE_RE = re.compile(rf"[{NOSPACE}]")
# A season or span of years written short ("2018–19", "1999-00") names the full second year.
# Not ISO dates ("2019-05-12"): no third part.
YEAR_SPAN_RE = re.compile(r"(?<![\d.,])(1[5-9]|20)(\d\d)([-‐‑–—/])(\d\d)(?![\d.,]\d|[-‐‑–—/]\d)")

# Small numbers are often spelled out ("only three players", "ninth grade"): a source that spells one
# out states the claim's digits. Cardinals and ordinals 2 to 12 (en fr de es), cardinals 2 to 10 (nl
# it pt); not 1, whose words are also articles and pronouns ("one", "un", "ein"), nor words with
# another common sense ("once", "sept", Italian "due" and "sei", Dutch "elf").
NUMBER_WORDS = {
    word: str(n)
    for n, words in enumerate(
        (
            "two second deux deuxième second seconde zwei zweite dos segundo segunda twee dois duas",
            "three third trois troisième drei dritte tres tercero tercera tercer tre três drie",
            "four fourth quatre quatrième vier vierte cuatro cuarto cuarta quattro quatro",
            "five fifth cinq cinquième fünf fünfte cinco quinto quinta vijf cinque",
            "six sixth sixième sechs sechste seis sexto sexta zes",
            "seven seventh septième sieben siebte siete séptimo séptima zeven sette sete",
            "eight eighth huit huitième acht achte ocho octavo octava otto oito",
            "nine ninth neuf neuvième neun neunte nueve noveno novena negen nove",
            "ten tenth dix dixième zehn zehnte diez décimo décima tien dieci dez",
            "eleven eleventh onze onzième elf elfte",
            "twelve twelfth douze douzième zwölf zwölfte doce duodécimo",
        ),
        start=2,
    )
    for stem in words.split()
    # German ordinals decline: "der dritte", "im dritten", "ein dritter".
    for word in (stem, *(stem + end for end in ("n", "r", "s", "m") if stem.endswith("te")))
}


def normalize(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def canonical_number(raw: str) -> str:
    digits = re.sub(r"[ \u00a0\u202f\u2009]", "", raw)
    seps = re.findall(r"[.,]", digits)
    # Two kinds of mark ("1,000.5", "1.000,5"): the first groups thousands, the last is decimal.
    # One kind before groups of exactly three digits ("1,000", "1.000.000") groups thousands;
    # otherwise it is a decimal mark ("1,5", "3.14").
    if len(seps) > 1 and len(set(seps)) == 2:
        group, decimal = seps[0], seps[-1]
        digits = digits.replace(group, "").replace(decimal, ".")
    elif seps and re.fullmatch(r"\d{1,3}(?:[.,]\d{3})+", digits):
        digits = digits.replace(seps[0], "")
    else:
        digits = digits.replace(",", ".")
    whole, _, frac = digits.partition(".")
    # Digits of any script read alike; no int(): it has a length limit and absurd inputs exist.
    whole = "".join(str(unicodedata.digit(c, 0)) for c in whole).lstrip("0") or "0"
    frac = "".join(str(unicodedata.digit(c, 0)) for c in frac)
    frac = frac.rstrip("0")
    return f"{whole}.{frac}" if frac else whole


def _full_year_span(m: re.Match[str]) -> str:
    century, first, dash, second = m.groups()
    century = str(int(century) + 1) if second < first else century
    return f"{m.group(1)}{first}{dash}{century}{second}"


def tokens(text: str) -> list[str]:
    """Normalized tokens: numbers canonical, words casefolded, space-less scripts as bigrams."""
    out: list[str] = []
    text = YEAR_SPAN_RE.sub(_full_year_span, normalize(text))
    for match in TOKEN_RE.finditer(text):
        tok = match.group(0)
        if tok[0].isdigit():
            out.append(canonical_number(tok))
        elif tok[0] >= "\u0e00" and NOSPACE_RE.match(tok):  # cheap test first: most words are below
            out.extend(tok[i : i + 2] for i in range(max(1, len(tok) - 1)))
        else:
            out.append(tok)
    return out


#: A token with its offsets in the text it came from and whether it is written with a capital.
Tok = tuple[str, int, int, bool]
#: A gap may differ from its counterpart by this many tokens and still be a substitution; a longer
#: gap on one side is an inserted clause ("X, which was not contested, won"), not a flip.
GAP_SLACK = 3
#: How far before (after) the first (last) aligned word an evidence sentence is read for a flip.
EDGE_SLACK = 2


def token_spans(text: str, start: int = 0, end: int | None = None) -> list[Tok]:
    """The tokens of ``text[start:end]`` as :func:`tokens` reads them, with offsets in ``text``.

    >>> [(t, text[a:b], cap) for text in ["Köln, 2018–19"] for t, a, b, cap in token_spans(text)]
    [('köln', 'Köln', True), ('2018', '2018', False), ('2019', '19', False)]
    """
    end = len(text) if end is None else end
    years = {}
    for m in YEAR_SPAN_RE.finditer(text, start, end):
        century, first, _, second = m.groups()
        years[m.start(4)] = (str(int(century) + 1) if second < first else century) + second
    out: list[Tok] = []
    for m in TOKEN_RE.finditer(text, start, end):
        raw, a = m.group(0), m.start()
        if raw[0].isdigit():
            out.append((canonical_number(years.get(a, raw)), a, m.end(), False))
        elif raw[0] >= "\u0e00" and NOSPACE_RE.match(raw):
            out.extend(
                (normalize(raw[i : i + 2]), a + i, a + min(i + 2, len(raw)), False)
                for i in range(max(1, len(raw) - 1))
            )
        else:
            out.append((normalize(raw), a, m.end(), raw[0].isupper()))
    return out


def number_key(tok: str) -> str:
    return NUMBER_WORDS.get(tok, tok)


def align(claim: list[Tok], evidence: list[Tok]) -> list[tuple[int, int]]:
    """The longest chain of claim / evidence token pairs that match in the same order.

    Tokens match when equal, when one spells the other's number ("three" / "3"), or by a shared
    prefix of ``PREFIX`` letters ("published" / "publish"). Hunt–Szymanski: the longest increasing
    run over the matching pairs, O(pairs · log).
    """
    exact: dict[str, list[int]] = {}
    prefix: dict[str, list[int]] = {}
    for j, (t, *_) in enumerate(evidence):
        exact.setdefault(number_key(t), []).append(j)
        if len(t) >= PREFIX and not t[0].isdigit():
            prefix.setdefault(t[:PREFIX], []).append(j)
    tails: list[int] = []  # the smallest evidence index ending a chain of each length
    ends: list[int] = []  # the pair ending it
    pairs: list[tuple[int, int, int]] = []  # (claim index, evidence index, previous pair)
    for i, (t, *_) in enumerate(claim):
        found = set(exact.get(number_key(t), ()))
        if len(t) >= PREFIX and not t[0].isdigit():
            found.update(prefix.get(t[:PREFIX], ()))
        for j in sorted(found, reverse=True):  # descending: one pair per claim token in a chain
            k = bisect_left(tails, j)
            pairs.append((i, j, ends[k - 1] if k else -1))
            if k == len(tails):
                tails.append(j)
                ends.append(len(pairs) - 1)
            else:
                tails[k], ends[k] = j, len(pairs) - 1
    chain = []
    at = ends[-1] if ends else -1
    while at >= 0:
        i, j, at = pairs[at]
        chain.append((i, j))
    chain.reverse()
    # Of equally long chains, keep the tight one: a repeated word ("the") pairs with its last
    # occurrence before the next aligned word, so that a flip faces its counterpart ("the first
    # person" / "the last person"), not the whole clause since the first "the".
    for k in range(len(chain) - 1, -1, -1):
        i, j = chain[k]
        upper = chain[k + 1][1] if k + 1 < len(chain) else len(evidence)
        t = claim[i][0]
        j = max((x for x in exact.get(number_key(t), ()) if j <= x < upper), default=j)
        chain[k] = (i, j)
    return chain


@dataclass(frozen=True)
class Gap:
    """Claim tokens [ca, cb) facing evidence tokens [ea, eb) between two aligned pairs (``where`` is
    "lead" or "trail" before the first or after the last one, else "inner")."""

    where: str
    ca: int
    cb: int
    ea: int
    eb: int
    before: int  # index in the chain of the aligned pair before the gap (-1: none)


def gaps(chain: list[tuple[int, int]], n_claim: int, n_evidence: int) -> list[Gap]:
    (i0, j0), (i1, j1) = chain[0], chain[-1]
    gaps = [Gap("lead", 0, i0, max(0, j0 - i0 - EDGE_SLACK), j0, -1)]
    for k, ((a, b), (c, d)) in enumerate(pairwise(chain)):
        if c > a + 1 or d > b + 1:
            gaps.append(Gap("inner", a + 1, c, b + 1, d, k))
    trail = n_claim - i1 - 1
    gaps.append(
        Gap("trail", i1 + 1, n_claim, j1 + 1, min(n_evidence, j1 + 1 + trail + EDGE_SLACK), len(chain) - 1)
    )
    return gaps


def follows(chain: list[tuple[int, int]], k: int, within: int = 1) -> bool:
    """Whether the ``k``-th aligned pair comes right after the one before it (``within`` words), in
    both texts."""
    return 0 < k < len(chain) and all(0 < chain[k][s] - chain[k - 1][s] <= within for s in (0, 1))


def phrase_around(chain: list[tuple[int, int]], gap: Gap) -> bool:
    """Whether two aligned words, in a row or one word apart in both texts, stand right before or
    right after the gap."""
    return follows(chain, gap.before, 2) or follows(chain, gap.before + 2, 2)
