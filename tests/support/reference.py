"""A reference citation filter: short, slow and written from the documented grammar, not from the engine.

    from tests.support.reference import reference_filter

    result = reference_filter("Water [1] and ice [Source 9].", [1])
    assert result.text == "Water [Source 1] and ice."
    assert (result.cited, result.removed) == ([1], ["[Source 9]"])

It is the oracle for ``tests/properties/test_reference_oracle.py``: the engine streams and has to
decide with a bounded look-ahead, this one reads the whole answer with one regular-expression
scanner. The rules come from the README ("Citation Post-Processor") and ``docs/marker-forms.md``:

* a marker is ``[…]``, ``【…】``, ``{…}``, ``{{…}}`` or a labelled ``(Source …)`` of at most
  ``MARKER_WINDOW`` characters (opener to closer), on one line, holding no other bracket, except that
  a bracket or brace may hold one parenthesized qualifier (``[Source 2 (p. 7)]``) that is not itself a
  marker; format characters (zero-width, bidi) inside it are ignored;
* labelled (a keyword of ``KEYWORDS``, in 13 languages, any case, optional ``:``, ``：`` or ``#``,
  possibly repeated as in ``Source: Document 4``) it counts anywhere in brackets and braces; in
  parentheses only a "source" word opens one (``(Quelle 3)``, not ``(doc 1)``); braces need a label;
  bare (``[1]``, ``[1, 3]``, ``[1-3]``, ``[^1]``, ``[^1^]``, ASCII digits only) only at the start, after a
  marker, whitespace or ``. , ; : ! ? ) } " ' * _ ~ ^`` and closing quotes, ``»``, ``…``, but a caret
  footnote (``word[^1]``) anywhere; ``【N】`` always; ``[[N]]`` only as link text (``[[N]](url)``,
  ``[[N]]()``), otherwise it is read as two brackets;
* after an item of a labelled group, the next item is tried before a qualifier: a page (``p. 3``,
  ``S. 3``, ``стр. 5``), a section (``§ 2``, ``section 2``), a parenthesized note or, after ``:`` or
  ``,``, a name (``manual.pdf``); qualifiers leave the text with their marker;
* each number is checked on its own; a marker with no presented number is removed with the spaces
  and tabs before it (at most ``RUN_WINDOW`` of them, and none from before a marker removed earlier), and is
  listed in ``removed`` (so is a marker that keeps some numbers but not all); a removal that would join
  two backtick runs leaves one space between them; ``【…†…】`` and ``\\ue200…\\ue201`` and ``\\ue202turnXfileY`` are always removed;
* a link tail ``(target)`` right after a marker is dropped with it when the target is link-like
  (a scheme, ``/``, ``#`` or ``www.``) and the tail closes within ``LINK_WINDOW`` characters;
* code is left alone: a fence (a run of three or more backticks or tildes where the line holds
  nothing else yet) up to a line of at least as many of the same character, and an inline span
  from a backtick run to the next run of the same length or the end of the paragraph;
* the result is a fixed point (a second pass changes nothing): after each removal the answer is
  read again from the start, so a removal that assembles a marker from the text around it is
  read like any marker.

Decisions where the documents are silent, each stated once here: context (is the line blank
before a fence, what precedes a bare number) is read from the output, as a second pass would see
it; an unclosed backtick run opens a code span until the paragraph ends (a streaming reader cannot
wait for a closer that may never come); whitespace before a bare number means space, tab, CR or LF;
a number may carry a sign (``-``, ``+``, ``−``) or decimals and is then invalid; a range dash is
``-`` or U+2010–U+2015; a labelled group may also be separated by spaces alone (``[Sources 1 3]``);
a link title is quoted (``"…"`` or ``'…'``); no marker or annotation spans a backtick, which starts
code; keywords match as ``re.IGNORECASE`` does, so ``ſ``, ``ı`` and ``İ`` fold to ``s`` and ``i`` in
brackets and parentheses alike; ``{{…}}`` is read whole (any parenthesis inside is a qualifier),
while a single bracket reads a parenthesis that is a marker first.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

MARKER_WINDOW = 64
LINK_WINDOW = 256
# At most this many spaces go with a removed marker: a longer run keeps the rest.
RUN_WINDOW = 16

_OPENERS = "[(\u3010{\ue200\ue202"
_CLOSERS = "])\u3011}\ue201"
# No marker spans a line break, another bracket or a backtick (which starts code).
_NOT_INNER = "[^" + re.escape(_OPENERS + _CLOSERS) + r"\n`]*"
# A bracket or brace may hold one parenthesized qualifier: ``[Source 2 (p. 7)]``.
_WITH_QUALIFIER = rf"{_NOT_INNER}(?:\({_NOT_INNER}\){_NOT_INNER})?"

# The documented keyword table (README, docs/marker-forms.md "localized keyword"): "source" words may
# open a parenthesis, the others only a bracket or brace. Written out here, like the page and section
# words below, rather than imported from core/grammar.py: an entry lost there is then a disagreement.
SOURCE_WORDS = (
    *("sources", "source", "src", "quellen", "quelle", "fuentes", "fuente", "fonti", "fonte", "fontes"),
    *("bronnen", "bron", "źródła", "źródło", "źródeł", "källor", "källa", "источники", "источник"),
    *("来源", "出处", "來源", "出處", "出典", "ソース", "출처"),
)
OTHER_WORDS = (
    *("documents", "document", "docs", "doc", "citations", "citation", "cite", "references", "reference"),
    *("refs", "ref", "références", "référence", "dokumente", "dokument", "documentos", "documento"),
    *("referencias", "referencia", "documenti", "riferimenti", "riferimento", "referências", "referência"),
    *("documenten", "dokumenty", "документы", "документ", "文档", "文檔", "文献", "参考", "參考"),
    *("文書", "資料", "문서", "자료"),
)


def _either(words: tuple[str, ...]) -> str:
    return "(?:" + "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True)) + ")"


_KEYWORD = _either(SOURCE_WORDS + OTHER_WORDS)
_LABEL = rf"(?:{_KEYWORD}\s*[:#\uff1a]?\s*)+"
_DASH = r"[-\u2010-\u2015]"
_NUMBER = r"[-+\u2212]?\d+(?:\.\d+)?"
_ITEM = rf"(?P<first>{_NUMBER})(?:\s*{_DASH}\s*(?P<last>{_NUMBER}))?"
_GROUP_SEP = r"(?:\s*[,;&\u3001\uff0c\uff1b]\s*|\s+and\s+|\s*,\s*and\s+|\s+)"
_FIRST = re.compile(rf"\s*{_LABEL}{_ITEM}", re.IGNORECASE)
_NEXT = re.compile(rf"{_GROUP_SEP}(?:{_LABEL})?{_ITEM}", re.IGNORECASE)
# Qualifiers (docs/marker-forms.md, "qualified marker"): a page, a section, a note in parentheses, a name.
_PAGE = (
    r"(?:pp?|pgs?|pages?|seiten?|s|p[a\u00e1]g(?:ina)?s?|pagina|blz|str|стр|с|ページ|页|頁|쪽)\.?\s*"
    rf"\d+(?:\s*{_DASH}\s*\d+)?"
)
_SECTION = (
    r"(?:\u00a7+|sections?|sec|chapters?|chap|ch|abschnitt|kapitel|secci[o\u00f3]n|sezione|se[c\u00e7][a\u00e3]o"
    r"|hoofdstuk|rozdzia\u0142|раздел|глава|para(?:graph)?|\u00b6)\.?\s*\d+(?:\.\d+)*"
)
_NOT_NAME = "\\[\\](){}\u3010\u3011;,\uff0c\uff1b\n"
_QUALIFIER = re.compile(
    r"\s*\([^()\[\]\n]*[^()\[\]\n\s]\s*\)"
    rf"|\s*[:,;\uff1a\uff0c\uff1b]?\s*(?:{_PAGE}|{_SECTION})(?!\w)"
    rf"|\s*[:,\uff1a\uff0c]\s*(?!{_LABEL}{_NUMBER})[^\s\d:{_NOT_NAME}][^{_NOT_NAME}]*",
    re.IGNORECASE,
)
_BARE_ITEM = rf"[0-9]+(?:\s*{_DASH}\s*[0-9]+)?"
_BARE_LIST = rf"{_BARE_ITEM}(?:\s*[,;]\s*{_BARE_ITEM})*"
BARE = re.compile(rf"\s*(?:\^\s*{_BARE_LIST}\s*\^?|{_BARE_LIST})\s*")
# A footnote reference stands anywhere, glued to a word too: a caret has no indexing meaning.
CARET = re.compile(r"\s*\^\s*[0-9]+(?:\s*[,;]\s*[0-9]+)*\s*\^?\s*")
_BARE_ITEMS = re.compile(rf"(?P<first>[0-9]+)(?:\s*{_DASH}\s*(?P<last>[0-9]+))?")
_BARE_AFTER = set(" \t\r\n.,;:!?)}\"'*_~^\u201d\u2019\u00bb\u2026")
_PAREN_LABEL = re.compile(rf"\s*{_either(SOURCE_WORDS)}", re.IGNORECASE)

# Link tail: optional spaces, one optional line break, a target (<…> or a run without spaces with
# parentheses balanced two deep), an optional quoted title, then ")".
_PARENS = r"\((?:[^\s()]|\([^\s()]*\))*\)"
_TARGET = rf"<[^>]*>|(?:[^\s()]|{_PARENS})+"
_LINK_TAIL = re.compile(
    rf"\([ \t]*(?:\n[ \t]*)?(?P<target>{_TARGET})(?:[ \t]*(?:\"[^\"]*\"|'[^']*'))?[ \t]*\)"
)
_LINK_LIKE = re.compile(r"<?(?:[A-Za-z][A-Za-z0-9+.\-]*:|/|#|www\.)")

# One scanner: at each position, exactly one of these applies.
_SCAN = re.compile(
    rf"""(?P<plain>[^ \t`~{_OPENERS}]+)|(?P<spaces>[ \t]*)(?:
      (?P<token>\ue202turn[0-9]+[a-z]+[0-9]+)
    | (?P<private>\ue200{_NOT_INNER}\ue201)
    | (?P<double>\[\[(?P<double_in>{_NOT_INNER})\]\])
    | (?P<braces>\{{\{{(?P<braces_in>[^\[\]{{}}\n`]*)\}}\}})
    | (?P<square>\[(?P<square_in>{_WITH_QUALIFIER})\])
    | (?P<wide>\u3010(?P<wide_in>{_WITH_QUALIFIER})\u3011)
    | (?P<brace>\{{(?P<brace_in>{_WITH_QUALIFIER})\}})
    | (?P<paren>\((?P<paren_in>{_NOT_INNER})\))
    )?""",
    re.VERBOSE,
)
_KINDS = ("token", "private", "double", "braces", "square", "wide", "brace", "paren")
_NESTED_PAREN = re.compile(rf"\((?P<inner>{_NOT_INNER})\)")


def strip_format(text: str) -> str:
    """Format characters (category Cf: zero-width, bidi controls, soft hyphen) are invisible."""
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


@dataclass
class ReferenceResult:
    text: str
    cited: list[int]
    removed: list[str]
    reported: bool
    first_spans: dict[int, tuple[int, int]] = field(default_factory=dict)
    passes: int = 1


def read_numbers(
    inner: str, presented: set[int], *, labelled: bool, bare: bool
) -> tuple[list[int], bool] | None:
    """(ids kept, some number was invalid) for a marker's inside, None when it is no marker."""
    clean = strip_format(inner)
    items = _labelled_items(clean) if labelled else None
    if items is None:
        if not (bare and BARE.fullmatch(clean)):
            return None
        items = [(m["first"], m["last"]) for m in _BARE_ITEMS.finditer(clean)]
    ids: list[int] = []
    invalid = False
    for first, last in items:
        ends = [first] if not last else [first, last]
        if not all(e.isascii() and e.isdigit() for e in ends):
            invalid = True
            continue
        low, high = int(ends[0]), int(ends[-1])
        wanted = [n for n in sorted(presented) if low <= n <= high]
        ids += wanted
        invalid = invalid or low > high or len(wanted) != high - low + 1
    return list(dict.fromkeys(ids)), invalid


def _labelled_items(clean: str) -> list[tuple[str, str | None]] | None:
    """The (first, last) numbers of a labelled group, qualifiers skipped; None if it is not one."""
    item = _FIRST.match(clean)
    if item is None:
        return None
    items, at = [(item["first"], item["last"])], item.end()
    while at < len(clean):
        if item := _NEXT.match(clean, at):
            items.append((item["first"], item["last"]))
        elif not (item := _QUALIFIER.match(clean, at)):
            break
        at = item.end()
    return items if not clean[at:].strip() else None


def _paren_numbers(inner: str, presented: set[int]) -> tuple[list[int], bool] | None:
    """A parenthesis is a marker only when a "source" word opens it."""
    if not _PAREN_LABEL.match(strip_format(inner)):
        return None
    return read_numbers(inner, presented, labelled=True, bare=False)


def link_tails_end(text: str, end: int) -> int:
    """End of the run of link-like ``(target)`` tails starting at ``end`` (``end`` if none)."""
    while (tail := _LINK_TAIL.match(text, end)) and len(tail[0]) <= LINK_WINDOW:
        if not _LINK_LIKE.match(tail["target"]):
            break
        end = tail.end()
    return end


@dataclass
class _Pass:
    """One scan: the output, or where it stopped at the first marker it removes."""

    out: str
    cited: list[int]
    spans: dict[int, tuple[int, int]]
    partly_invalid: list[tuple[int, str]]  # kept markers holding an invalid number: (position, raw)
    cut: tuple[int, int, str] | None = None  # (start with its spaces, end, raw) of the removed marker


def _one_pass(text: str, presented: set[int], after_removal: set[int]) -> _Pass:
    """Scan ``text``; ``after_removal`` holds the positions right after a marker removed earlier."""
    out = ""
    cited: list[int] = []
    partly_invalid: list[tuple[int, str]] = []
    spans: dict[int, tuple[int, int]] = {}
    after_marker = False
    pos = 0

    def line_is_blank() -> bool:
        return not out[out.rfind("\n") + 1 :].strip(" \t")

    while pos < len(text):
        ch = text[pos]
        if ch in "`~":  # a backtick or tilde run: a fence, an inline code span, or (tildes) text
            run = re.match(rf"{re.escape(ch)}+", text[pos:])[0]
            end = pos + len(run)
            if len(run) >= 3 and line_is_blank():  # a fence: up to a line of only (enough of) its character
                for line in re.finditer(r"[^\n]*\n|[^\n]+\Z", text[end:]):
                    end = pos + len(run) + line.end()
                    if set(line[0].strip()) == {ch} and len(line[0].strip()) >= len(run):
                        break
                else:
                    end = len(text)
            elif ch == "`":  # an inline span: up to a run of the same length, or the end of the paragraph
                line_start = -1  # the span's first line holds its backticks, so it is not blank
                for mark in re.finditer(r"`+|\n", text[end:]):
                    at = pos + len(run) + mark.start()
                    if mark[0] == "\n":
                        if line_start >= 0 and not text[line_start:at].strip(" \t"):
                            end = at + 1
                            break
                        line_start = at + 1
                    elif len(mark[0]) == len(run):
                        end = at + len(run)
                        break
                else:
                    end = len(text)
            out, pos, after_marker = out + text[pos:end], end, False
            continue
        found = _SCAN.match(text, pos)
        if found["plain"]:
            out, pos, after_marker = out + found["plain"], found.end(), False
            continue
        kind = next((k for k in _KINDS if found[k]), None)
        if kind is None:  # no marker here: one character (or a run of spaces) is plain text
            step = len(found["spaces"]) or 1
            out, pos, after_marker = out + text[pos : pos + step], pos + step, False
            continue
        spaces, start, end = found["spaces"], found.start(kind), found.end(kind)
        inner = found[f"{kind}_in"] if kind not in ("token", "private") else ""
        prev = spaces[-1:] or out[-1:]
        bare = after_marker or pos in after_removal or prev == "" or prev in _BARE_AFTER
        bare = bare or CARET.fullmatch(strip_format(inner)) is not None
        nested = _NESTED_PAREN.search(inner) if kind in ("square", "wide", "brace") else None
        numbers: tuple[list[int], bool] | None = None
        if kind not in ("token", "private") and end - start > MARKER_WINDOW:
            numbers = None
        elif nested and _paren_numbers(nested["inner"], presented) is not None:
            numbers = None  # the parenthesis inside is a marker itself, read first (innermost first)
        elif kind == "double":  # [[N]] only as link text: [[N]](url), or Onyx's [[N]]()
            numbers = read_numbers(inner, presented, labelled=False, bare=True)
            if text.startswith("()", end):
                end += 2
            elif numbers is not None and (tails := link_tails_end(text, end)) > end:
                end = tails
            else:
                numbers = None
        elif kind in ("braces", "brace"):
            numbers = read_numbers(inner, presented, labelled=True, bare=False)
        elif kind == "square":
            numbers = read_numbers(inner, presented, labelled=True, bare=bare)
        elif kind == "paren":
            numbers = _paren_numbers(inner, presented)
        elif kind == "wide":
            if "\u2020" in strip_format(inner):
                numbers = ([], True)  # an OpenAI annotation: never one of our numbers
            else:
                numbers = read_numbers(inner, presented, labelled=True, bare=True)
        else:
            numbers = ([], True)  # ChatGPT's private-use citation tokens
        if numbers is None:
            out, pos, after_marker = out + text[pos : start + 1], start + 1, False
            continue
        if kind not in ("token", "private", "double"):
            end = link_tails_end(text, end)
        ids, invalid = numbers
        if not ids:
            # Removed with the spaces before it (the last RUN_WINDOW of them), but not past where a
            # marker removed earlier stood: those spaces were that one's. The caller cuts and rescans.
            floor = max((at for at in after_removal if at <= start), default=0)
            taken = min(len(spaces), RUN_WINDOW, start - floor)
            return _Pass(out, cited, spans, partly_invalid, (start - taken, end, text[start:end]))
        if invalid:
            partly_invalid.append((start, text[start:end]))
        if ids:
            out += spaces
            for source_id in ids:
                marker = f"[Source {source_id}]"
                if source_id not in spans:
                    cited.append(source_id)
                    spans[source_id] = (len(out), len(out) + len(marker))
                out += marker
        pos, after_marker = end, True
    return _Pass(out, cited, spans, partly_invalid)


def reference_filter(text: str, presented: list[int] | set[int]) -> ReferenceResult:
    """Cut the first marker to remove and scan again from the start, until a scan removes nothing.

    Scanning again from the start reads every later decision from the text as it now is, so a
    removal that assembles a marker around it is read like any marker, and what precedes a marker
    (a blank line before a fence, a word before a bare number) is what the output shows.
    """
    wanted = set(presented)
    noted: list[tuple[int, str]] = []  # each removed marker: (where it stood in the current text, raw)
    after_removal: set[int] = set()
    passes = 0
    while True:
        passes += 1
        scan = _one_pass(text, wanted, after_removal)
        if scan.cut is None:
            break
        cut_start, cut_end, raw = scan.cut

        # Two backtick runs the cut would join keep one space between them.
        gap = " " if text[cut_start - 1 : cut_start] == "`" == text[cut_end : cut_end + 1] else ""

        def shift(at: int, a: int = cut_start, b: int = cut_end - len(gap)) -> int:
            return at if at <= a else max(a, at - (b - a))

        noted = [(shift(at), r) for at, r in noted] + [(cut_start, raw)]
        after_removal = {shift(at) for at in after_removal} | {cut_start}
        text = text[:cut_start] + gap + text[cut_end:]
    # In text order; a marker removed first comes first where two stand at one place.
    removed = [raw for _, raw in sorted([*noted, *scan.partly_invalid], key=lambda entry: entry[0])]
    reported = bool(noted or scan.cited or scan.partly_invalid)
    return ReferenceResult(scan.out, scan.cited, removed, reported, scan.spans, passes)
