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
  two backtick runs (or two tilde runs) leaves one space between them; ``【…†…】`` and ``\\ue200…\\ue201`` and ``\\ue202turnXfileY`` are always removed;
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

# ---------------------------------------------------------------------------------------------------
# The lexicon, as docs/marker-forms.md ("The lexicon") lists it. Written out here rather than imported
# from core/grammar.py, so that an entry lost or added there is a disagreement, and read below by
# hand-written scanning (no regular expression of the engine's is repeated here).
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
KEYWORDS = SOURCE_WORDS + OTHER_WORDS
PAGE_WORDS = (
    *("p", "pp", "pg", "pgs", "page", "pages", "seite", "seiten", "s", "pag", "pags", "pág", "págs"),
    *("pagina", "paginas", "página", "páginas", "blz", "str", "стр", "с", "ページ", "页", "頁", "쪽"),
)
SECTION_WORDS = (
    *("section", "sections", "sec", "chapter", "chapters", "chap", "ch", "abschnitt", "kapitel"),
    *("seccion", "sección", "sezione", "secao", "secão", "seçao", "seção", "hoofdstuk", "rozdział"),
    *("раздел", "глава", "para", "paragraph", "¶"),
)
LABEL_MARKS = ":#\uff1a"
GROUP_SEPARATORS = ",;&\u3001\uff0c\uff1b"
BARE_SEPARATORS = ",;"
DASHES = "-\u2010\u2011\u2012\u2013\u2014\u2015"
SIGNS = "-+\u2212"
# Before a page or section word, and before a name (which is also not opened by ";").
PAGE_LEADS = ":,;\uff1a\uff0c\uff1b"
NAME_LEADS = ":,\uff1a\uff0c"
NAME_ENDS = "[](){}\u3010\u3011;,\uff0c\uff1b\n`"
# Where a bare number may stand: after a marker, at the start, after space, tab or a line break, and
# after the punctuation docs/marker-forms.md lists (question 12), a caret included (``^[1]^``).
BARE_MAY_FOLLOW = (
    "",
    " ",
    "\t",
    "\r",
    "\n",
    *". , ; : ! ? ) } \" ' * _ ~ \u201d \u2019 \u00bb \u2026 ^".split(),
)
# Letters that case-insensitive matching folds to another letter than str.lower() gives.
FOLDS = {"\u017f": "s", "\u0131": "i", "\u0130": "i", "\u1c80": "в", "\u1c81": "д", "\u1c82": "о"}
FOLDS |= {"\u1c83": "с", "\u1c84": "т", "\u1c85": "т"}


def _fold(ch: str) -> str:
    return FOLDS.get(ch) or ch.lower()


def _words_at(s: str, at: int, words: tuple[str, ...]) -> list[int]:
    """Where each of ``words`` that ``s`` holds at ``at`` (in any letter case) ends."""
    ends = []
    for word in words:
        piece = s[at : at + len(word)]
        if len(piece) == len(word) and all(_fold(a) == b for a, b in zip(piece, word, strict=True)):
            ends.append(at + len(word))
    return ends


def _spaces(s: str, at: int) -> int:
    while at < len(s) and s[at].isspace():
        at += 1
    return at


def _digits(s: str, at: int, *, ascii_only: bool = False) -> int:
    """End of the run of decimal digits at ``at`` (``at`` itself when there is none)."""
    while at < len(s) and s[at].isdecimal() and (s[at].isascii() or not ascii_only):
        at += 1
    return at


def _is_word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def _number(s: str, at: int) -> int | None:
    """End of a number at ``at``: a sign, digits, and a decimal part, each as far as it goes."""
    begin = at + (s[at : at + 1] in tuple(SIGNS))
    end = _digits(s, begin)
    if end == begin:
        return None
    if s[end : end + 1] == "." and _digits(s, end + 1) > end + 1:
        end = _digits(s, end + 1)
    return end


def _item(s: str, at: int) -> tuple[str, str | None, int] | None:
    """``(first, last, end)`` of a number or a range of two at ``at``."""
    first_end = _number(s, at)
    if first_end is None:
        return None
    dash = _spaces(s, first_end)
    if s[dash : dash + 1] in tuple(DASHES):
        second = _spaces(s, dash + 1)
        second_end = _number(s, second)
        if second_end is not None:
            return s[at:first_end], s[second:second_end], second_end
    return s[at:first_end], None, first_end


def _after_labels(s: str, at: int) -> list[int]:
    """Every place one or more labels starting at ``at`` can end (a keyword, spaces, a mark, spaces)."""
    reached: list[int] = []
    todo = [at]
    while todo:
        here = todo.pop()
        for end in _words_at(s, here, KEYWORDS):
            end = _spaces(s, end)
            if s[end : end + 1] in tuple(LABEL_MARKS):
                end = _spaces(s, end + 1)
            if end not in reached:
                reached.append(end)
                todo.append(end)
    return reached


def _labelled_item(s: str, at: int, *, label: str) -> tuple[str, str | None, int] | None:
    """An item after a label (``label="must"``) or after an optional one (``"may"``)."""
    for start in _after_labels(s, at) + ([at] if label == "may" else []):
        if (item := _item(s, start)) is not None:
            return item
    return None


def _separator_ends(s: str, at: int) -> list[int]:
    """Where a separator between two items of a labelled group, starting at ``at``, can end.

    In the order a reader that backs off tries them: ``,`` (or another mark) with spaces around it,
    ``and`` between spaces, ``, and``, spaces alone.
    """
    ends = []
    mark = _spaces(s, at)
    if s[mark : mark + 1] in tuple(GROUP_SEPARATORS):
        ends.append(_spaces(s, mark + 1))
    if mark > at and _words_at(s, mark, ("and",)) and _spaces(s, mark + 3) > mark + 3:
        ends.append(_spaces(s, mark + 3))
    if s[mark : mark + 1] == ",":
        word = _spaces(s, mark + 1)
        if _words_at(s, word, ("and",)) and _spaces(s, word + 3) > word + 3:
            ends.append(_spaces(s, word + 3))
    if mark > at:
        ends.append(mark)
    return ends


def _page_or_section(s: str, at: int) -> int | None:
    """End of ``p. 3``, ``pp. 3-4``, ``§ 2``, ``section 2.1`` at ``at``, if one stands there."""
    word_end = at
    while word_end < len(s) and not (s[word_end].isspace() or s[word_end].isdecimal() or s[word_end] == "."):
        word_end += 1
    word = "".join(_fold(ch) for ch in s[at:word_end])
    if not word:
        return None
    number = word_end + (s[word_end : word_end + 1] == ".")
    number = _spaces(s, number)
    first = _digits(s, number)
    if first == number:
        return None
    ends: list[int] = []  # the longest reading first, as a reader that backs off would try them
    if word in PAGE_WORDS:
        dash = _spaces(s, first)
        if s[dash : dash + 1] in tuple(DASHES):
            second = _spaces(s, dash + 1)
            if _digits(s, second) > second:
                ends.append(_digits(s, second))
        ends.append(first)
    elif word in SECTION_WORDS or set(word) == {"§"}:
        parts = [first]
        while s[parts[-1] : parts[-1] + 1] == "." and _digits(s, parts[-1] + 1) > parts[-1] + 1:
            parts.append(_digits(s, parts[-1] + 1))
        ends += reversed(parts)
    return next((end for end in ends if not _is_word_char(s[end : end + 1] or " ")), None)


def _qualifier(s: str, at: int) -> int | None:
    """End of a qualifier after an item: a parenthesized note, a page or section, or a name."""
    here = _spaces(s, at)
    if s[here : here + 1] == "(":
        close = here + 1
        while close < len(s) and s[close] not in "()[]\n`":
            close += 1
        if s[close : close + 1] == ")" and s[here + 1 : close].strip():
            return close + 1
    lead = here + (s[here : here + 1] in tuple(PAGE_LEADS))
    if (end := _page_or_section(s, _spaces(s, lead))) is not None:
        return end
    if s[here : here + 1] in tuple(NAME_LEADS):
        name = _spaces(s, here + 1)
        if name < len(s) and not (s[name].isspace() or s[name].isdecimal() or s[name] in ":" + NAME_ENDS):
            if _labelled_item(s, name, label="must") is None:
                end = name
                while end < len(s) and s[end] not in NAME_ENDS:
                    end += 1
                return end
    return None


def _labelled_items(clean: str) -> list[tuple[str, str | None]] | None:
    """The (first, last) numbers of a labelled group, qualifiers skipped; None if it is not one."""
    first = _labelled_item(clean, _spaces(clean, 0), label="must")
    if first is None:
        return None
    items, at = [first[:2]], first[2]
    while at < len(clean):
        following = None
        for start in _separator_ends(clean, at):
            if (following := _labelled_item(clean, start, label="may")) is not None:
                break
        if following is not None:
            items.append(following[:2])
            at = following[2]
        elif (end := _qualifier(clean, at)) is not None:
            at = end
        else:
            break
    return items if not clean[at:].strip() else None


def _bare_list(s: str, at: int) -> tuple[list[tuple[str, str | None]], int] | None:
    """ASCII numbers or ranges separated by ``,`` or ``;``, from ``at``: the items and the end."""
    items: list[tuple[str, str | None]] = []
    while True:
        end = _digits(s, at, ascii_only=True)
        if end == at:
            return None
        first, last = s[at:end], None
        dash = _spaces(s, end)
        if s[dash : dash + 1] in tuple(DASHES):
            second = _spaces(s, dash + 1)
            if (second_end := _digits(s, second, ascii_only=True)) > second:
                last, end = s[second:second_end], second_end
        items.append((first, last))
        sep = _spaces(s, end)
        if s[sep : sep + 1] not in tuple(BARE_SEPARATORS) or _digits(
            s, _spaces(s, sep + 1), ascii_only=True
        ) == _spaces(s, sep + 1):
            return items, end
        at = _spaces(s, sep + 1)


def _bare_items(clean: str) -> list[tuple[str, str | None]] | None:
    """``1``, ``1, 3``, ``1-3``, and the footnotes ``^1`` and ``^1^``; None if it is not one."""
    at = _spaces(clean, 0)
    caret = clean[at : at + 1] == "^"
    listed = _bare_list(clean, _spaces(clean, at + 1) if caret else at)
    if listed is None:
        return None
    items, end = listed
    end = _spaces(clean, end)
    if caret and clean[end : end + 1] == "^":
        end = _spaces(clean, end + 1)
    return items if end == len(clean) else None


def is_caret_footnote(clean: str) -> bool:
    """``^3``, ``^3^``, ``^1, 2``: a footnote reference, a citation even glued to a word (no ranges)."""
    at = _spaces(clean, 0)
    if clean[at : at + 1] != "^":
        return False
    items = _bare_items(clean)
    return items is not None and all(last is None for _, last in items)


def could_still_open(opener: str, text: str) -> bool:
    """Could ``opener + text``, already shown as text, still become a marker as more text comes?

    docs/guarantees.md (G2) says when: no backtick follows the opener; after ``【`` or ``\ue200``, no
    line break; after ``(``, the text opens with a "source" word or the beginning of one; after ``{``,
    with a keyword or the beginning of one (past any further ``{``); and then it opens with a label
    and a number, or it holds only letters, digits, spaces and ``: # , ; & ^ . + -``, dashes, ``−``,
    ``†``, ``、，：；``, and (except after ``(``) each run of letters is keywords written together,
    the last one perhaps only begun, or begins ``and``.
    """
    if "`" in text:
        return False
    if opener in "\u3010\ue200":
        return "\n" not in text
    clean = strip_format(text)

    def begins(head: str, words: tuple[str, ...]) -> bool:
        prefix = "".join(_fold(ch) for ch in head)
        return any(word.startswith(prefix) for word in words) or bool(_words_at(head, 0, words))

    if (
        opener == "("
        and not begins(clean.lstrip(), SOURCE_WORDS)
        and not _words_at(clean, _spaces(clean, 0), SOURCE_WORDS)
    ):
        return False
    if opener == "{" and not begins(clean.lstrip("{ \t"), KEYWORDS):
        return False
    if _labelled_item(clean, _spaces(clean, 0), label="must") is not None:
        return True
    allowed = ":#,;&^.+-" + DASHES + "\u2212\u2020\u3001\uff0c\uff1a\uff1b"
    if not all(_is_word_char(ch) or ch.isspace() or ch in allowed for ch in clean):
        return False
    if opener == "(":
        return True
    letters = "".join(ch if _is_word_char(ch) and not ch.isdecimal() and ch != "_" else " " for ch in clean)
    return all(_keywords_begun(run) for run in letters.split())


def _keywords_begun(run: str) -> bool:
    """Is ``run`` keywords written together (``QuelleSources``, read as two labels), the last one
    perhaps only begun, or the beginning of ``and``?"""
    folded = "".join(map(_fold, run))
    if any(word.startswith(folded) for word in (*KEYWORDS, "and")):
        return True
    return any(_keywords_begun(run[end:]) for end in _words_at(run, 0, KEYWORDS) if end < len(run))


def _link_tail(text: str, at: int) -> tuple[int, str] | None:
    """A link tail at ``text[at]``: where it ends and its target, or None.

    ``(``, optional spaces, one optional line break, a target (``<…>``, or a run without spaces
    whose parentheses balance at any depth, as in CommonMark), an optional quoted title, ``)``.
    """
    if text[at : at + 1] != "(":
        return None
    k = at + 1 + _blanks(text, at + 1)
    if text[k : k + 1] == "\n":
        k += 1 + _blanks(text, k + 1)
    start = k
    if text[k : k + 1] == "<":
        k = text.find(">", k) + 1
        if k == 0:
            return None
    else:
        depth = 0
        while k < len(text) and not text[k].isspace() and (text[k] != ")" or depth):
            depth += {"(": 1, ")": -1}.get(text[k], 0)
            k += 1
        if depth or k == start:
            return None
    target = text[start:k]
    after = k + _blanks(text, k)
    if text[after : after + 1] in ('"', "'") and (close := text.find(text[after], after + 1)) >= 0:
        k = close + 1
    k += _blanks(text, k)
    return (k + 1, target) if text[k : k + 1] == ")" else None


def _blanks(text: str, at: int) -> int:
    """How many spaces and tabs stand at ``text[at]``."""
    n = 0
    while text[at + n : at + n + 1] in (" ", "\t"):
        n += 1
    return n


def _link_like(target: str) -> bool:
    """A scheme (a letter, then letters, digits, ``+ . -``, then ``:``), ``/``, ``#`` or ``www.``."""
    target = target.removeprefix("<")
    if target.startswith(("/", "#", "www.")):
        return True
    scheme = 0
    while (
        scheme < len(target)
        and target[scheme].isascii()
        and (target[scheme].isalnum() or target[scheme] in "+.-")
    ):
        scheme += 1
    return scheme > 0 and target[0].isascii() and target[0].isalpha() and target[scheme : scheme + 1] == ":"


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
        items = _bare_items(clean) if bare else None
        if items is None:
            return None
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


def _paren_numbers(inner: str, presented: set[int]) -> tuple[list[int], bool] | None:
    """A parenthesis is a marker only when a "source" word opens it."""
    clean = strip_format(inner)
    if not _words_at(clean, _spaces(clean, 0), SOURCE_WORDS):
        return None
    return read_numbers(inner, presented, labelled=True, bare=False)


def link_tails_end(text: str, end: int) -> int:
    """End of the run of link-like ``(target)`` tails starting at ``end`` (``end`` if none)."""
    while (tail := _link_tail(text, end)) and tail[0] - end <= LINK_WINDOW:
        if not _link_like(tail[1]):
            break
        end = tail[0]
    return end


def _spaces_stay(out: str, spaces: str, taken: int, width: int) -> bool:
    """Do the spaces before a marker that goes stay, because an opener shown as text could still grow?

    docs/guarantees.md (G2): the last opener shown, with no bracket or line break after it, read
    together with the spaces and the marker when they are inside its window (then the marker is
    settled inside it and the spaces go with it); otherwise already text, so the spaces stay when
    the opener and what was shown after it, less than ``MARKER_WINDOW`` long, could still grow.
    """
    shown = out + spaces[: len(spaces) - taken]
    last = max(shown.rfind(ch) for ch in _OPENERS + _CLOSERS + "\n")
    if last < 0 or shown[last] not in _OPENERS:
        return False
    opener, after = shown[last], out[last + 1 :]
    if len(after) + len(spaces) + width < MARKER_WINDOW and could_still_open(opener, after + spaces):
        return False  # read inside the opener's window: the marker goes with its spaces
    return len(shown) - last - 1 < MARKER_WINDOW and could_still_open(opener, shown[last + 1 :])


@dataclass
class _Pass:
    """One scan: the output, or where it stopped at the first marker it removes."""

    out: str
    cited: list[int]
    spans: dict[int, tuple[int, int]]
    partly_invalid: list[tuple[int, str]]  # kept markers holding an invalid number: (position, raw)
    cut: tuple[int, int, str, str] | None = None  # (start with spaces, end, raw, output before it)


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
        bare = after_marker or pos in after_removal or prev in BARE_MAY_FOLLOW
        bare = bare or is_caret_footnote(strip_format(inner))
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
            if taken and _spaces_stay(out, spaces, taken, found.end(kind) - start):
                taken = 0
            left = (spaces[: len(spaces) - taken] or out)[-1:]
            return _Pass(out, cited, spans, partly_invalid, (start - taken, end, text[start:end], left))
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
        cut_start, cut_end, raw, left = scan.cut
        after = text[cut_end : cut_end + 1]
        # One space stays where the cut would join two backtick or tilde runs (one run opens another
        # code span or a fence), or put "(" right after "]" (a link tail a second pass could read).
        gap = " " if (left == after and left in ("`", "~")) or (left == "]" and after == "(") else ""

        def shift(at: int, a: int = cut_start, b: int = cut_end - len(gap)) -> int:
            return at if at <= a else max(a, at - (b - a))

        noted = [(shift(at), r) for at, r in noted] + [(cut_start, raw)]
        after_removal = {shift(at) for at in after_removal} | {cut_start}
        text = text[:cut_start] + gap + text[cut_end:]
    # In text order; a marker removed first comes first where two stand at one place.
    removed = [raw for _, raw in sorted([*noted, *scan.partly_invalid], key=lambda entry: entry[0])]
    reported = bool(noted or scan.cited or scan.partly_invalid)
    return ReferenceResult(scan.out, scan.cited, removed, reported, scan.spans, passes)
