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

from lfx_citations.core.lexicon import PERIOD_DAYS, period_days

PREFIX = 5

# Scripts written without spaces between words: matched by character bigrams.
NOSPACE = "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
# Digit groups ("1,000", "1 000", "1.000") are one number; a single separator is a decimal mark.
NUMBER_PATTERN = r"(?<![\d.,])\d{1,3}(?:[ \u00a0\u202f\u2009,.]\d{3})+(?!\d)(?:[.,]\d+)?|\d+(?:[.,]\d+)?"
# A Latin letter next to Chinese ("A型手机") is a word of its own, not the start of one long token.
TOKEN_RE = re.compile(rf"{NUMBER_PATTERN}|[{NOSPACE}]+|[^\W\d_{NOSPACE}]+")

NOSPACE_RE = re.compile(rf"[{NOSPACE}]")
# A season or span of years written short ("2018–19", "1999-00") names the full second year.
# Not ISO dates ("2019-05-12"): no third part.
YEAR_SPAN_RE = re.compile(r"(?<![\d.,])(1[5-9]|20)(\d\d)([-‐‑–—/])(\d\d)(?![\d.,]\d|[-‐‑–—/]\d)")

# Small numbers are often spelled out ("only three players", "ninth grade"): a source that spells one
# out states the claim's digits. Cardinals and ordinals 2 to 12 (en fr de es), cardinals 2 to 10 (nl
# it pt); not 1, whose words are also articles and pronouns ("one", "un", "ein"), nor words with
# another common sense ("once", "sept", Italian "due" and "sei", Dutch "elf").
# How often, in one word: "twice a day" / "three times a day" is another dose.
_REPEATS = (
    (1, "once einmal eenmaal"),
    (2, "twice zweimal tweemaal"),
    (3, "thrice dreimal driemaal"),
    (4, "viermal viermaal"),
)
NUMBER_WORDS = (
    {
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
                "eleven eleventh onze onzième elf elfte undici",
                "twelve twelfth douze douzième zwölf zwölfte doce duodécimo doze dodici twaalf",
            ),
            start=2,
        )
        for stem in words.split()
        # German ordinals decline: "der dritte", "im dritten", "ein dritter".
        for word in (stem, *(stem + end for end in ("n", "r", "s", "m") if stem.endswith("te")))
    }
    | {
        # Cardinals 13 to 20 and the tens (a limit, a dose, a team), in the lexicon's languages.
        word: str(n)
        for n, words in (
            (13, "thirteen treize dreizehn trece treze tredici dertien"),
            (14, "fourteen quatorze vierzehn catorce catorze quattordici veertien"),
            (15, "fifteen quinze fünfzehn quince quindici vijftien"),
            (16, "sixteen seize sechzehn dieciséis dezesseis sedici zestien"),
            (17, "seventeen siebzehn diecisiete dezessete diciassette zeventien"),
            (18, "eighteen achtzehn dieciocho dezoito diciotto achttien"),
            (19, "nineteen neunzehn diecinueve dezenove diciannove negentien"),
            (20, "twenty vingt zwanzig veinte vinte venti twintig"),
            (30, "thirty trente dreißig dreissig treinta trinta trenta dertig"),
            (40, "forty quarante vierzig cuarenta quarenta quaranta veertig"),
            (50, "fifty cinquante fünfzig cincuenta cinquenta cinquanta vijftig"),
            (60, "sixty soixante sechzig sesenta sessenta sessanta zestig"),
            (70, "seventy siebzig setenta settanta zeventig"),
            (80, "eighty achtzig ochenta oitenta ottanta tachtig"),
            (90, "ninety neunzig noventa novanta negentig"),
        )
        for word in words.split()
    }
    | {word: str(n) for n, words in _REPEATS for word in words.split()}
    # Hundreds written as one word: "doscientos", "duecento", "quinhentos".
    | {
        word: str(100 * n)
        for n, words in (
            (2, "doscientos doscientas duecento duzentos duzentas"),
            (3, "trescientos trescientas trecento trezentos trezentas"),
            (4, "cuatrocientos cuatrocientas quattrocento quatrocentos quatrocentas"),
            (5, "quinientos quinientas cinquecento quinhentos quinhentas"),
            (6, "seiscientos seiscientas seicento seiscentos seiscentas"),
            (7, "setecientos setecientas settecento setecentos setecentas"),
            (8, "ochocientos ochocientas ottocento oitocentos oitocentas"),
            (9, "novecientos novecientas novecento novecentos novecentas"),
        )
        for word in words.split()
    }
    # A whole and a half in one word: "anderthalb", "zweieinhalb", "tweeënhalf".
    | {
        word: f"{n}.5"
        for n, words in (
            (1, "anderthalb anderhalf"),
            (2, "zweieinhalb tweeënhalf tweeenhalf"),
            (3, "dreieinhalb drieënhalf drieenhalf"),
            (4, "viereinhalb vierenhalf"),
            (5, "fünfeinhalb vijfenhalf"),
        )
        for word in words.split()
    }
)
#: Number words that have another common sense, read as numbers before what they count: "sept jours",
#: "due volte", "elf Jahre", "once días", "un mois", "eine Woche", "one year".
COUNTING_HOMONYMS = {
    **dict.fromkeys("un une uno una um uma ein eine einen einem einer een one".split(), "1"),
    "an": "1",  # "an hour" only (German "an Tagen" is "on days"): see token_spans
    "due": "2",
    "sei": "6",
    "sept": "7",
    "elf": "11",
    "once": "11",
}
#: Words that count repetitions ("three times", "drei Mal", "trois fois", "una vez").
TIMES_COUNTED = frozenset("times mal fois veces vez vezes volte keer".split())
#: What a number word of another sense counts: spans of time and repetitions (not "mal": "un mal día").
_COUNTED = frozenset(w for w in PERIOD_DAYS if w[:1] < "\u4e00") | (TIMES_COUNTED - {"mal"})
#: "And a half": "un minuto y medio", "une heure et demie".
_HALF = frozenset("half halb halve demi demie medio media mezzo mezza meio meia".split())
#: "Half" in any form, before a span of time: "two and a half hours", "zwei und eine halbe Stunde".
_HALVES = _HALF | frozenset("halbe halbes halben halber mezz".split())
#: "And" between a whole and its half or its minutes ("two and a half hours", "las dos y media").
AND_WORDS = frozenset("and et y und e en ed".split())
#: Number words that count repetitions by themselves ("twice", "zweimal").
REPEAT_WORDS = frozenset(word for _, words in _REPEATS for word in words.split())


def normalize(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def canonical_number(raw: str) -> str:
    """A number as one string of digits, whatever marks group its thousands or set off its decimals.

    >>> canonical_number("1.200.000"), canonical_number("12,500"), canonical_number("3,14"), canonical_number("0.005")
    ('1200000', '12500', '3.14', '0.005')
    """
    digits = re.sub(r"[ \u00a0\u202f\u2009]", "", raw)
    seps = re.findall(r"[.,]", digits)
    # Two kinds of mark ("1,000.5", "1.000,5"): the first groups thousands, the last is decimal.
    # One kind before groups of exactly three digits ("1,000", "1.000.000") groups thousands, unless
    # the number opens with a lone zero ("0.005", "0,125"); otherwise it is a decimal mark ("1,5", "3.14").
    if len(seps) > 1 and len(set(seps)) == 2:
        group, decimal = seps[0], seps[-1]
        digits = digits.replace(group, "").replace(decimal, ".")
    elif seps and re.fullmatch(r"(?!0[.,])\d{1,3}(?:[.,]\d{3})+", digits):
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


_CN_DIGITS = {
    "零": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
_CN_UNITS = {"十": 10, "百": 100, "千": 1000}
_CN_BIG = {"万": 10**4, "亿": 10**8}
# A Chinese number: a digit or 十 first, and a unit in it ("三千二百", "五十万", "十一"), so words
# that hold a numeral ("统一", "万一", "千万" "by all means", "十分" "very") stay words; or a digit
# from two to nine before a measure word ("三年", "四次", "两片"); "一" before one is mostly "a".
_CN_MEASURES = (
    "年|次|天|日|周|个|片|粒|名|人|倍|小时|分钟|公里|米|岁|项|家|所|座|条|种|届|位|台|辆|层|场|月|期"
)
_CN_NUMBER_RE = re.compile(
    # A decimal ("三点五", 3.5), not a time ("三点五十分", 3:50).
    "[零一二两三四五六七八九十百千]+点[零一二三四五六七八九]+(?![十百千分])"
    "|[一二两三四五六七八九十][零一二两三四五六七八九十百千万亿]*[十百千万亿][零一二两三四五六七八九]?"
    f"|(?<![零一二两三四五六七八九十百千万亿])[二两三四五六七八九](?={_CN_MEASURES})"
)


def chinese_number(text: str) -> float:
    """The value of a number written in Chinese characters.

    >>> chinese_number("三千二百"), chinese_number("五十万"), chinese_number("十一"), chinese_number("两百零五")
    (3200, 500000, 11, 205)
    >>> chinese_number("一亿二千万"), chinese_number("三亿零五百万"), chinese_number("十万"), chinese_number("三点五")
    (120000000, 305000000, 100000, 3.5)
    """
    whole, point, decimals = text.partition("点")
    if point:
        return chinese_number(whole) + float("0." + "".join(str(_CN_DIGITS[ch]) for ch in decimals))
    # Groups close at 亿 (10^8) and, inside one, at 万 (10^4): "一亿二千万" is 1 亿 and 2000 万.
    groups: dict[int, int] = {}
    section = digit = 0
    for ch in text:
        if ch in _CN_DIGITS:
            digit = _CN_DIGITS[ch]
        elif ch in _CN_UNITS:
            section += (digit or 1) * _CN_UNITS[ch]
            digit = 0
        else:
            scale = _CN_BIG[ch]
            lower = sum(v for k, v in groups.items() if k < scale)
            groups = {k: v for k, v in groups.items() if k > scale}
            groups[scale] = groups.get(scale, 0) + (lower + section + digit or 1) * scale
            section = digit = 0
    return sum(groups.values()) + section + digit


def _spaceless(raw: str) -> list[tuple[str, int, int]]:
    """A run of a script written without spaces as (token, start, end) in ``raw``: character bigrams,
    and Chinese numbers as their digits ("接诊了三千二百名" holds 3200)."""
    out: list[tuple[str, int, int]] = []
    at = 0
    for m in _CN_NUMBER_RE.finditer(raw):
        out += _bigrams(raw, at, m.start())
        value = chinese_number(m.group(0))
        out.append((str(int(value)) if float(value).is_integer() else str(value), m.start(), m.end()))
        at = m.end()
    return out + _bigrams(raw, at, len(raw))


def _bigrams(raw: str, a: int, b: int) -> list[tuple[str, int, int]]:
    if a >= b:
        return []
    return [(raw[i : i + 2], i, min(i + 2, b)) for i in range(a, max(a + 1, b - 1))]


def _scaled_by(out: list, raw: str, end_of_last: int, start: int) -> str:
    """A number written in digits right before 万 or 亿 ("50万") takes their scale: the run without it."""
    if out and raw[:1] in _CN_BIG and end_of_last == start and out[-1][0][:1].isdigit():
        value = float(out[-1][0]) * _CN_BIG[raw[0]]
        number = str(int(value)) if value.is_integer() else str(value)
        out[-1] = (number, *out[-1][1:]) if isinstance(out[-1], tuple) else number
        return raw[1:]
    return raw


def tokens(text: str) -> list[str]:
    """Normalized tokens: numbers canonical, words casefolded, space-less scripts as bigrams."""
    return [t for t, *_ in token_spans(YEAR_SPAN_RE.sub(_full_year_span, normalize(text)))]


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
    >>> [t for t, *_ in token_spans("sept jours, un mois, un comprimé")]
    ['7', 'jours', '1', 'mois', 'un', 'comprimé']
    """
    end = len(text) if end is None else end
    years = {}
    for m in YEAR_SPAN_RE.finditer(text, start, end):
        century, first, _, second = m.groups()
        years[m.start(4)] = (str(int(century) + 1) if second < first else century) + second
    out: list[Tok] = []
    counted: dict[int, Tok] = {}  # number words read as numbers, by index: their own tokens
    last_end = -1
    for m in TOKEN_RE.finditer(text, start, end):
        raw, a = m.group(0), m.start()
        if raw[0].isdigit():
            if _DOTTED_TIME.fullmatch(raw) and _CLOCK_AFTER.match(text, m.end()):
                # "15.30 uur", "20.15 Uhr": a time, hours and minutes, not a decimal.
                hours, minutes = raw.split(".")
                out += [
                    (str(int(hours)), a, a + len(hours), False),
                    (minutes, a + len(hours) + 1, m.end(), False),
                ]
            else:
                out.append((canonical_number(years.get(a, raw)), a, m.end(), False))
        elif raw[0] >= "\u0e00" and NOSPACE_RE.match(raw):  # cheap test first: most words are below
            rest = _scaled_by(out, raw, last_end, a)
            if rest is not raw:
                out[-1] = (out[-1][0], out[-1][1], a + 1, False)
                a, raw = a + 1, rest
            out.extend((normalize(t), a + i, a + j, False) for t, i, j in _spaceless(raw))
        else:
            word = normalize(raw)
            numeral = _compound_numeral(word) if word not in NUMBER_WORDS else None
            if numeral is not None:
                # "achtundvierzigtausend": 48000, as the other side may write it in digits.
                out.append((numeral, a, m.end(), False))
                last_end = m.end()
                continue
            if (
                out
                and word in _COUNTED
                and out[-1][0] in COUNTING_HOMONYMS
                # "an hour" is one, "a quarter of an hour" a quarter of one
                and (out[-1][0] != "an" or (word == "hour" and not (len(out) > 1 and out[-2][0] == "of")))
            ):
                counted[len(out) - 1] = out[-1]
                out[-1] = (COUNTING_HOMONYMS[out[-1][0]], out[-1][1], out[-1][2], False)
            elif word in ("cent", "cents") and out and out[-1][0] in _FRENCH_UNITS:
                # "deux cents vols": 200.
                unit = NUMBER_WORDS.get(out[-1][0]) or COUNTING_HOMONYMS[out[-1][0]]
                value = 100 * int(unit)
                if len(out) > 1 and out[-2][0] == "mille":  # "mille deux cents": 1200
                    value += 1000
                    out.pop()
                out[-1] = (str(value), out[-1][1], m.end(), False)
                last_end = m.end()
                continue
            elif word in _HALF and _and_a_half(out, counted):
                last_end = m.end()
                continue  # "deux heures et demie": 2.5 hours, the half added to the number
            elif word in _HALF and len(out) - 3 in counted:
                # Not "un an et demi": one and a half, the span not converted.
                out[len(out) - 3] = counted.pop(len(out) - 3)
            elif word in PERIOD_DAYS and word != "an" and out:
                _whole_and_half(out)  # ("an", French for year, is the article of "half an hour")
            elif word in _DUTCH_DAY_PARTS and out and out[-1][0] == "s":
                out.pop()  # "'s middags": the "s" of the old genitive, no second
            elif out and out[-1][0] in _CLOCK_BEFORE and _said_clock(out, word, a, m.end()):
                last_end = m.end()
                continue  # "at noon", "à midi", "um halb acht": the time in digits
            out.append((word, a, m.end(), raw[0].isupper()))
        last_end = m.end()
    return out


#: A time written with a dot ("15.30"), read as one when the word for o'clock follows it.
_DOTTED_TIME = re.compile(r"(?:[01]?\d|2[0-3])\.[0-5]\d")
_CLOCK_AFTER = re.compile(r"\s*(?:uur|uhr|h)\b", re.IGNORECASE)
#: Dutch parts of the day after the "'s" of an old genitive ("'s middags").
_DUTCH_DAY_PARTS = frozenset("morgens ochtends middags avonds nachts".split())
#: Words before a time of day ("at noon", "um halb acht", "om half negen").
_AT_CLOCK = frozenset("at à a al alle ao às um om".split())
_NOON = frozenset("noon midday midi mediodía mezzogiorno meio-dia mittag".split())
#: "Halb acht" is half past seven in German and Dutch.
_HALF_BEFORE = frozenset("halb half".split())
_CLOCK_BEFORE = _AT_CLOCK | _HALF_BEFORE


def _said_clock(out: list[Tok], word: str, a: int, b: int) -> bool:
    """Write a time of day said in words after its preposition as the digits of a 24-hour clock:
    "at noon" is 12 00, German and Dutch "halb acht" 7 30; whether ``word`` was read so (its tokens
    added to ``out``)."""
    if word in _NOON and out[-1][0] in _AT_CLOCK:
        out.extend([("12", a, b, False), ("00", a, b, False)])
        return True
    hour = NUMBER_WORDS.get(word, word)
    if (
        len(out) > 1
        and out[-1][0] in _HALF_BEFORE
        and out[-2][0] in ("um", "om")
        and hour.isdigit()
        and 1 <= int(hour) <= 12
    ):
        out[-1] = (str(int(hour) - 1 or 12), out[-1][1], b, False)
        out.append(("30", a, b, False))
        return True
    return False


#: German and Dutch numerals written as one word ("achtundvierzigtausend", "tweehonderd"): their parts.
_UNIT_WORDS = {
    **dict.fromkeys(("ein", "eins", "een"), 1),
    **{
        w: n
        for n, words in enumerate(
            (
                "zwei twee",
                "drei drie",
                "vier",
                "fünf vijf",
                "sechs zes",
                "sieben zeven",
                "acht",
                "neun negen",
            ),
            2,
        )
        for w in words.split()
    },
}
_TEEN_WORDS = {
    w: n
    for n, words in enumerate(
        (
            "zehn tien",
            "elf",
            "zwölf twaalf",
            "dreizehn dertien",
            "vierzehn veertien",
            "fünfzehn vijftien",
            "sechzehn zestien",
            "siebzehn zeventien",
            "achtzehn achttien",
            "neunzehn negentien",
        ),
        10,
    )
    for w in words.split()
}
_TEN_WORDS = {
    w: 10 * n
    for n, words in enumerate(
        (
            "zwanzig twintig",
            "dreissig dertig",
            "vierzig veertig",
            "fünfzig vijftig",
            "sechzig zestig",
            "siebzig zeventig",
            "achtzig tachtig",
            "neunzig negentig",
        ),
        2,
    )
    for w in words.split()
}
_SCALE_WORDS = frozenset("hundert honderd tausend duizend".split())
#: French units that multiply "cent" ("deux cents", "trois cent quinze").
_FRENCH_UNITS = frozenset("deux trois quatre cinq six sept huit neuf".split())
#: Parts only a written-out numeral holds: a word without one is read no further.
_NUMERAL_MARK_RE = re.compile("zig|tig|hundert|honderd|tausend|duizend")


def _below(word: str, scale: int) -> int | None:
    """The value of a German or Dutch numeral below ``scale`` (100 or 1000), None when it is none."""
    if not word:
        return 0
    if scale == 1000:
        for hundred in ("hundert", "honderd"):
            if hundred in word:
                head, _, rest = word.partition(hundred)
                count = 1 if head in ("", "ein", "een") else _UNIT_WORDS.get(head)
                tail = _below(rest, 100)
                return None if count is None or tail is None else 100 * count + tail
    found = _UNIT_WORDS.get(word) or _TEEN_WORDS.get(word) or _TEN_WORDS.get(word)
    if found is None:
        for joint in ("und", "ën", "en"):
            unit, _, ten = word.partition(joint)
            if ten and unit in _UNIT_WORDS and ten in _TEN_WORDS:
                return _UNIT_WORDS[unit] + _TEN_WORDS[ten]
    return found


def _compound_numeral(word: str) -> str | None:
    """A German or Dutch numeral written as one word, in digits; None for any other word.

    >>> _compound_numeral("achtundvierzigtausend"), _compound_numeral("tweehonderdvijftig"), _compound_numeral("tausendfüßler")
    ('48000', '250', None)
    """
    # A bare "tausend" or "hundert" is often a round figure said loosely ("gut tausend"): a word.
    if word in _SCALE_WORDS or not _NUMERAL_MARK_RE.search(word):
        return None
    for thousand in ("tausend", "duizend"):
        if thousand in word:
            head, _, rest = word.partition(thousand)
            count = 1 if head in ("", "ein", "een") else _below(head, 1000)
            tail = _below(rest, 1000)
            return None if count is None or tail is None else str(1000 * count + tail)
    found = _below(word, 1000)
    return None if found is None else str(found)


def _plus_half(tok: Tok) -> Tok | None:
    """A number token with a half added, None when ``tok`` is no number."""
    key = NUMBER_WORDS.get(tok[0]) or COUNTING_HOMONYMS.get(tok[0], tok[0])
    if not key[:1].isdigit():
        return None  # a word, however float() reads it ("nan", "infinity")
    try:
        value = float(key) + 0.5
    except ValueError:
        return None
    return (f"{value:g}", tok[1], tok[2], False)


def _whole_and_half(out: list[Tok]) -> None:
    """Before the span of time about to be added: "two and a half" read as 2.5, the words of the half
    dropped. ("Half an hour" alone stays words: a number there would be one the score needs said.)"""
    k = len(out) - 1 - (out[-1][0] in ("a", "an", "een", "eine") and len(out) > 1)
    if out[k][0] not in _HALVES:
        return
    j = k - 1 - (k >= 1 and out[k - 1][0] in ("a", "een", "eine"))  # "and a half", "en een half"
    if j >= 1 and out[j][0] in AND_WORDS and (whole := _plus_half(out[j - 1])) is not None:
        out[j - 1] = whole  # "two and a half hours", "twee en een half uur"
        del out[j:]


def _and_a_half(out: list[Tok], counted: dict[int, Tok]) -> bool:
    """After a span of time and its "and": add the half about to be read to the number before the
    span ("deux heures et demie", "dos horas y media", "un minuto y medio"); whether it was added."""
    article = len(out) > 1 and out[-1][0] in ("a", "een")  # "an hour and a half"
    n = len(out) - 3 - article
    # Only a span the checker converts: "un an et demi" stays words ("an" is also "a").
    if n < 0 or out[n + 2][0] not in AND_WORDS or period_days(out[n + 1][0]) is None:
        return False
    whole = _plus_half(out[n])
    if whole is None:
        return False
    counted.pop(n, None)
    out[n] = whole
    del out[n + 2 :]
    return True


def number_key(tok: str) -> str:
    return NUMBER_WORDS.get(tok, tok)


def degrees_differ(a: str, b: str) -> bool:
    """Whether two words are the comparative and the superlative of one adjective: they say
    different things ("is not the highest" is no negation of "is higher"), so they do not align.

    >>> degrees_differ("higher", "highest"), degrees_differ("biggest", "bigger"), degrees_differ("publish", "published")
    (True, True, False)
    """
    return any(x.endswith("est") and y.endswith("er") and x[:-3] == y[:-2] for x, y in ((a, b), (b, a)))


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
            found.update(j for j in prefix.get(t[:PREFIX], ()) if not degrees_differ(t, evidence[j][0]))
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
        # The last pair has no next word to be tight to: it stays right after the one before it when
        # the claim says them in a row ("was completed in 1284" / "was completed in 1248 … fire in 1871").
        if k == len(chain) - 1 and k and chain[k - 1] == (i - 1, j - 1):
            continue
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


#: A phrase set off by a comma at the start of a sentence ("In May 2023, …") is at most this long.
FRONT_REACH = 6
#: The longest aside set off by commas: the words a role swap is read without.
ASIDE_WORDS = 10
#: Articles open a subject, not a phrase put in front of it ("The agency, in May, rejected it").
ARTICLES = frozenset(
    "the an le la les l un une der die das ein eine el los las il lo gli i o os het een".split()
)


def _set_off(toks: list[Tok], text: str, k: int, marks: tuple[str, ...]) -> bool:
    # ", " and " (" set a phrase off; "1,500" does not, nor a gap holding words (tokens a reading put
    # side by side that the sentence does not write so)
    gap = text[toks[k - 1][2] : toks[k][1]]
    return gap.strip() in marks and gap != ","


def aside_end(toks: list[Tok], text: str, start: int) -> int | None:
    """Where an aside that opens at token ``start`` (after a comma or a parenthesis) ends: the first
    token after the comma or parenthesis that closes it, at most ``ASIDE_WORDS`` words on and before
    the sentence ends; None when it is no aside.

    >>> s = "The winery, founded in 1954, took over the estate."
    >>> aside_end(token_spans(s), s, 2), aside_end(token_spans(s), s, 1)
    (5, None)
    """
    if not 0 < start < len(toks) or not _set_off(toks, text, start, (",", "(")):
        return None
    ends = range(start + 1, min(len(toks), start + ASIDE_WORDS + 1))
    return next((m for m in ends if _set_off(toks, text, m, (",", ")", "),"))), None)


def aside_free(toks: list[Tok], text: str) -> list[int]:
    """The token indices outside the sentence's asides (``aside_end``).

    >>> s = "The winery, founded in 1954, took over the estate."
    >>> [token_spans(s)[k][0] for k in aside_free(token_spans(s), s)]
    ['the', 'winery', 'took', 'over', 'the', 'estate']
    """
    kept, k = [], 0
    while k < len(toks):
        end = aside_end(toks, text, k)
        if end is not None:
            k = end
            continue
        kept.append(k)
        k += 1
    return kept


def fronted(toks: list[Tok], text: str) -> list[int] | None:
    """The order that moves a phrase set off by a comma at the start of the sentence to its end,
    where a plain restatement puts it; None when the sentence opens with none.

    A claim says "The agency approved the drug in May" of "In May, the agency rejected the drug": in
    the written order the longest chain pairs only "in May", and the verbs never face each other.

    >>> s = "In May 2023, the agency rejected the drug."
    >>> [token_spans(s)[k][0] for k in fronted(token_spans(s), s)]
    ['the', 'agency', 'rejected', 'the', 'drug', 'in', 'may', '2023']
    >>> fronted(token_spans("The agency, in May, rejected it."), "The agency, in May, rejected it.") is None
    True
    """
    if not toks or toks[0][0] in ARTICLES:
        return None
    for k in range(min(FRONT_REACH, len(toks) - 3)):
        between = text[toks[k][2] : toks[k + 1][1]]
        if any(c in between for c in ",，;:()"):
            if ("," not in between and "，" not in between) or k == 0:
                return None
            # A comma that opens an aside follows a subject named before it, not a phrase put first
            # ("In 2016 the Poggio winery, founded in 1954, took over …"): a name stands past the
            # sentence's first two words, what the comma sets off starts with neither an article (nor
            # English "a", a preposition elsewhere) nor a name, and another comma closes it soon.
            if (
                any(t[3] for t in toks[2 : k + 1])
                and toks[k + 1][0] not in ARTICLES
                and toks[k + 1][0] != "a"
                and not toks[k + 1][3]
                and aside_end(toks, text, k + 1) is not None
            ):
                return None
            return [*range(k + 1, len(toks)), *range(k + 1)]
    return None


def follows(chain: list[tuple[int, int]], k: int, within: int = 1) -> bool:
    """Whether the ``k``-th aligned pair comes right after the one before it (``within`` words), in
    both texts."""
    return 0 < k < len(chain) and all(0 < chain[k][s] - chain[k - 1][s] <= within for s in (0, 1))


def phrase_around(chain: list[tuple[int, int]], gap: Gap, within: int = 2) -> bool:
    """Whether two aligned words, in a row or one word apart in both texts (``within``), stand right
    before or right after the gap."""
    return follows(chain, gap.before, within) or follows(chain, gap.before + 2, within)
