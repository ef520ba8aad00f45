"""Retrieved rows to numbered source records and the context the model reads.

    >>> rows = [{"text": "Water is wet.", "file_name": "/d/water.pdf", "page": 3}]
    >>> records, blocks, skipped = build_sources(rows)
    >>> records[0].label, records[0].document, records[0].page
    ('Source 1', 'water.pdf', 3)
    >>> print(format_context(blocks))
    [Source 1] water.pdf — page 3
    Water is wet.

Text from documents is untrusted: markers it carries are neutralized before the model sees them, a
line that reads like a source header is taken off its line start (so only our own headers start a
source: ``read_headers`` parses the context back), and metadata is made JSON-safe before it travels
to clients.

    >>> rows = [{"text": "Intro.\\nSource 3: fire is cold.", "file_name": "a.pdf"}]
    >>> records, blocks, _ = build_sources(rows)
    >>> print(format_context(blocks))
    [Source 1] a.pdf
    Intro. Source 3: fire is cold.
    >>> read_headers(format_context(blocks))
    [1]
"""

from __future__ import annotations

import datetime as _dt
import html
import math
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from pydantic import BaseModel, Field, field_validator

from lfx_citations.core.grammar import KEYWORDS, neutralize_markers
from lfx_citations.core.links import document_name, resolve_link, safe_http_url
from lfx_citations.core.text import escape_link_target, page_suffix

DEFAULT_TEMPLATE = "[{label}] {document}{page_suffix}\n{text}"
NO_SOURCES_LINE = "No sources were retrieved for this question."
DEFAULT_DOCUMENT_KEYS = "file_name, filename, source, file_path, title, url"
DEFAULT_PAGE_KEYS = "page, page_number, page_label"
DEFAULT_URL_KEYS = "url, source_url, link"
DEFAULT_CHUNK_ID_KEYS = "chunk_id, _id, id"
DEFAULT_TITLE_KEYS = "title"
_SCORE_KEYS = ("score", "$similarity", "similarity", "_score", "relevance_score")
_TEXT_KEYS = ("text", "page_content", "content", "chunk")
_MAX_DEPTH = 6
# Template values the product writes itself; every other value comes from the document or its row.
_TRUSTED_VALUES = frozenset({"label", "index", "page", "page_suffix"})


class SourceRecord(BaseModel):
    """One presented source. JSON-safe by construction: it goes into messages, the API and the UI."""

    id: int = Field(ge=1)
    label: str
    document: str
    title: str | None = None
    page: int | None = None
    url: str | None = None
    chunk_id: str | None = None
    text: str
    score: float | None = None
    # Plain builtins only: Langflow executes this file under a module name pydantic cannot look
    # names up in, so an annotation such as dict[str, Any] would leave the model undefined.
    metadata: dict[str, object] = Field(default_factory=dict)

    @field_validator("url")
    @classmethod
    def _only_http(cls, value: str | None) -> str | None:
        return safe_http_url(value)

    @field_validator("score")
    @classmethod
    def _finite(cls, value: float | None) -> float | None:
        return value if value is not None and math.isfinite(value) else None


_SCRIPT_SCHEMES = re.compile(r"(?:javascript|vbscript|data|file|blob):", re.IGNORECASE)
_ASCII_CONTROLS_AND_SPACE = re.compile(r"[\x00-\x20\x7f]")


def json_safe(value: Any, depth: int = 0) -> Any:
    """A JSON-safe copy of ingest metadata: NaN/inf become None, odd objects become strings.

    Strings that are links with a script-capable or local scheme (``javascript:``, ``data:``, …,
    however disguised) become None: the payload travels to clients that may render links.
    """
    if isinstance(value, str):
        if ":" not in value and "&" not in value:  # no scheme, not even an encoded one: the common case
            return value
        if value.isascii() and "&" not in value:  # nothing to unescape; ASCII's C/Z are controls and space
            bare = _ASCII_CONTROLS_AND_SPACE.sub("", value)
        else:
            bare = "".join(c for c in html.unescape(value) if unicodedata.category(c)[0] not in "CZ")
        return None if _SCRIPT_SCHEMES.match(bare) else value
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if depth >= _MAX_DEPTH:
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): json_safe(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [json_safe(v, depth + 1) for v in value]
    if isinstance(value, bytes | bytearray):
        return bytes(value).decode("utf-8", errors="replace")
    if isinstance(value, _dt.datetime | _dt.date | _dt.time):
        return value.isoformat()
    item = getattr(value, "item", None)  # numpy / pandas scalars
    if callable(item):
        try:
            return json_safe(item(), depth + 1)
        except (TypeError, ValueError):
            pass
    return str(value)


def parse_keys(value: str | None, default: str) -> list[str]:
    keys = [k.strip() for k in (value if value and value.strip() else default).split(",")]
    return [k for k in keys if k]


def _first(meta: Mapping[str, Any], keys: Iterable[str]) -> Any:
    for key in keys:
        value = meta.get(key)
        if value is not None and value != "" and value == value:  # NaN != NaN: an empty DataFrame cell
            return value
    return None


def _as_page(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    if isinstance(value, str) and re.fullmatch(r"\s*[0-9]{1,9}\s*", value):
        return int(value)
    return None


def _as_score(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) else None


def rows_from_input(value: Any) -> tuple[list[dict[str, Any]], int]:
    """Flatten Data / JSON / DataFrame / Table / dicts (single or list) into row dicts.

    Returns the rows and how many items were skipped as unusable (None, scalars, empty rows).
    """
    rows: list[dict[str, Any]] = []
    skipped = 0
    if value is None or (isinstance(value, str) and not value):
        return rows, skipped  # nothing retrieved (an unconnected or empty input)
    stack = [value]
    items: list[Any] = []
    while stack:
        item = stack.pop()
        if isinstance(item, list | tuple):
            stack.extend(reversed(item))
        else:
            items.append(item)
    for item in items:
        if item is None:
            skipped += 1
            continue
        to_dict = getattr(item, "to_dict", None)
        if hasattr(item, "columns") and callable(to_dict):  # DataFrame / Table
            for record in to_dict(orient="records"):
                rows.append({str(k): v for k, v in record.items()})
            continue
        data = getattr(item, "data", item)
        if isinstance(data, Mapping) and data:
            row = dict(data)
            text_key = getattr(item, "text_key", None)
            if isinstance(text_key, str) and text_key != "text" and text_key in row and "text" not in row:
                row["text"] = row[text_key]
            rows.append(row)
        else:
            skipped += 1
    return rows, skipped


def _row_text(row: Mapping[str, Any]) -> str | None:
    for key in _TEXT_KEYS:
        value = row.get(key)
        if isinstance(value, str) and value.strip():
            return value
    return None


class Template:
    """A block template: ``{name}`` placeholders; unknown ones render empty, other braces stay literal."""

    _PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")

    def __init__(self, template: str) -> None:
        self.template = template if template and template.strip() else DEFAULT_TEMPLATE
        self.names = frozenset(self._PLACEHOLDER.findall(self.template))

    def render(self, values: Mapping[str, Any]) -> str:
        return self.render_spans(values)[0]

    def render_spans(
        self, values: Mapping[str, Any], trusted: frozenset[str] = frozenset()
    ) -> tuple[str, list[tuple[int, int]]]:
        """The rendered text and the ``(start, end)`` spans filled from values not named in ``trusted``."""
        parts: list[str] = []
        spans: list[tuple[int, int]] = []
        at = 0
        for match in self._PLACEHOLDER.finditer(self.template):
            parts.append(self.template[at : match.start()])
            value = values.get(match[1])
            text = "" if value is None else str(value)
            if text and match[1] not in trusted:
                start = sum(map(len, parts))
                spans.append((start, start + len(text)))
            parts.append(text)
            at = match.end()
        parts.append(self.template[at:])
        return "".join(parts), spans


# --- The header grammar: what a reader takes for the start of a source in the context ---------------
#: A line is a source header when, after invisible characters, spaces and markdown decoration, it
#: opens with a citation keyword in any supported language and a number (``[Source 3] a.pdf``,
#: ``Source 3: …``, ``## Quelle ３``, ``Ѕоurсе #3``). Letters are compared folded: compatibility forms,
#: accents dropped, case folded, Cyrillic and Greek look-alikes read as Latin.
_LINE_BREAKS = "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"
_LINE_BREAK = re.compile(f"[{_LINE_BREAKS}]")
_DECORATION = frozenset(
    "#*_~>=+-|`[({<\"'\u3010\u3014\u300c\u300e\u201c\u201d\u2018\u2019\u00ab\u00bb"
    "\u115f\u1160\u3164\uffa0\u2800"  # fillers and the blank braille cell: letters that show nothing
)
_ASCII_LEAD = re.compile(r"[ \t#*_~>=+\-|`\[({<\"']*")
_CONFUSABLES = str.maketrans(
    "\u0430\u0435\u043e\u0440\u0441\u0443\u0445\u0456\u0455\u0458\u0501\u04bb\u051b\u051d"
    "\u03bf\u03c1\u03bd\u03b9\u03ba\u0131\u017f",
    "aeopcyxisjdhqwopvikis",
)
_HEADER_PEEK = 48
_PRINTABLE_ASCII = re.compile("[ -~]*")
#: Opens a header look-alike that starts a block, where there is no line before it to join.
QUOTED = "(quoted) "


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold().translate(_CONFUSABLES)


_FOLDED_KEYWORDS = sorted({_fold(k) for k in KEYWORDS}, key=lambda k: (-len(k), k))
_HEADER = re.compile(
    "(?:" + "|".join(map(re.escape, _FOLDED_KEYWORDS)) + r")(?![^\W\d_])"
    r"[\W_]{0,8}?(?:(?:number|num|nr|no|n|\u7b2c)[\W_]{0,4}?)?(\d+)"
)


def _header_at(text: str, start: int) -> tuple[int, int, int] | None:
    """``(number, begin, end)`` when the line at ``text[start]`` reads as a source header.

    ``text[begin:end]`` holds the header's words: the keyword to the last digit of the number.
    """
    lead = _ASCII_LEAD.match(text, start).end()  # type: ignore[union-attr]  # matches the empty string
    head = text[lead : lead + _HEADER_PEEK]
    brk = _LINE_BREAK.search(head)
    if brk:
        head = head[: brk.start()]
    if head.isascii():  # the common line: folding ASCII is lowering it
        found = _HEADER.match(head.lower())
        return None if found is None else (int(found[1]), lead, lead + found.end())
    # Our own header line has an em dash after the page label. A match that ends inside the
    # printable ASCII run opening the line is the match on the whole line: every branch tried
    # before it stops at the number's digits (keywords and number words are letters), and the
    # number's last look is the character after it, still in the run.
    run = _PRINTABLE_ASCII.match(head)[0]  # type: ignore[index]  # matches the empty string
    if run and run[0] not in _DECORATION and run[0] != " ":
        found = _HEADER.match(run.lower())
        if found is not None and found.end() < len(run):
            return int(found[1]), lead, lead + found.end()
    return _folded_header_at(text, lead)


def _folded_header_at(text: str, lead: int) -> tuple[int, int, int] | None:
    """:func:`_header_at` by definition: the line folded one character at a time."""
    folded: list[str] = []
    begins: list[int] = []
    ends: list[int] = []
    at, leading = lead, True
    while at < len(text) and len(folded) < _HEADER_PEEK and text[at] not in _LINE_BREAKS:
        char = text[at]
        at += 1
        if unicodedata.category(char) in ("Cf", "Cc", "Mn"):
            continue
        piece = _fold(char)
        if leading and (not piece or piece.isspace() or piece in _DECORATION or char in _DECORATION):
            continue
        leading = False
        folded.extend(piece)
        begins.extend([at - 1] * len(piece))
        ends.extend([at] * len(piece))
    found = _HEADER.match("".join(folded))
    return None if found is None else (int(found[1]), begins[0], ends[found.end() - 1])


def _line_starts(text: str) -> list[int]:
    return [0, *(m.end() for m in _LINE_BREAK.finditer(text))]


def read_headers(context: str) -> list[int]:
    """The source number of every line a reader takes for a source header, in order."""
    found = (_header_at(context, start) for start in _line_starts(context))
    return [header[0] for header in found if header is not None]


def unforge_headers(block: str, untrusted: list[tuple[int, int]]) -> str:
    """Take every header look-alike that document text wrote off its line start.

    A look-alike line is joined to the line before it when that line ends in document text
    (``Intro.\\nSource 3: x`` becomes ``Intro. Source 3: x``); first in a block, or right under a
    line the template wrote (our own header), it is opened with ``(quoted)``. Lines whose header
    words are all the template's (our own ``[Source N]``) stay.
    """
    if not untrusted:
        return block
    mask = bytearray(len(block))
    for start, end in untrusted:
        mask[start:end] = b"\x01" * (end - start)
    done = len(block) + 1
    for start in reversed(_line_starts(block)):
        if start >= done:
            continue  # inside a run of blank lines just joined away
        header = _header_at(block, start)
        if header is None or not any(mask[header[1] : header[2]]):
            continue
        join = start
        while join > 0 and block[join - 1].isspace():
            join -= 1
        if join > 0 and mask[join - 1]:
            block = block[:join] + " " + block[start:]
            done = join
        else:
            # First in its block, or right under a line the template wrote (our own header): joining
            # would put document text on our header line, so it is marked as quoted instead.
            block = block[:start] + QUOTED + block[start:]
            done = start
    return block


def build_sources(
    rows: list[dict[str, Any]],
    *,
    template: str = DEFAULT_TEMPLATE,
    max_sources: int = 0,
    max_context_chars: int = 0,
    document_keys: list[str] | None = None,
    page_keys: list[str] | None = None,
    url_keys: list[str] | None = None,
    chunk_id_keys: list[str] | None = None,
    manifest: Mapping[str, Mapping[str, str | None]] | None = None,
    slug_base_url: str = "",
    slug_suffix: str = "",
    number_for: Callable[[tuple[str, int | None, str]], int | None] | None = None,
) -> tuple[list[SourceRecord], list[str], int]:
    """Number the usable rows 1..n in retrieval order; returns records, context blocks, rows skipped.

    ``number_for`` replaces the 1..n numbering: it gets each new chunk's identity (document name,
    page, text) and gives its number, or None to leave the chunk out (a registry that numbers
    chunks across several retrievals; see ``core/registry.py``).
    """
    document_keys = document_keys or parse_keys(None, DEFAULT_DOCUMENT_KEYS)
    page_keys = page_keys or parse_keys(None, DEFAULT_PAGE_KEYS)
    url_keys = url_keys or parse_keys(None, DEFAULT_URL_KEYS)
    chunk_id_keys = chunk_id_keys or parse_keys(None, DEFAULT_CHUNK_ID_KEYS)
    renderer = Template(template)
    records: list[SourceRecord] = []
    blocks: list[str] = []
    seen: set[tuple[str, int | None, str]] = set()
    skipped = 0
    used = 0
    for row in rows:
        text = _row_text(row)
        if text is None:
            skipped += 1
            continue
        stored = _first(row, document_keys)
        page = _as_page(_first(row, page_keys))
        key = (str(stored), page, text)
        if key in seen:
            continue
        seen.add(key)
        if max_sources > 0 and len(records) >= max_sources:
            break
        stored_name = " ".join(str(stored).split()) if stored is not None else ""
        if number_for is None:
            number = len(records) + 1
        else:
            given = number_for((document_name(stored_name) or "Untitled", page, text))
            if given is None:
                continue
            number = given
        own_url = safe_http_url(_first(row, url_keys)) or safe_http_url(stored_name)
        url, manifest_title = resolve_link(
            stored_name, own_url, page, manifest or {}, slug_base_url=slug_base_url, slug_suffix=slug_suffix
        )
        own_title = row.get("title")
        title = manifest_title or (
            " ".join(own_title.split()) if isinstance(own_title, str) and own_title.strip() else None
        )
        document = document_name(stored_name) or "Untitled"
        chunk_id = _first(row, chunk_id_keys)
        metadata = json_safe({k: v for k, v in row.items() if k not in _TEXT_KEYS})
        record = SourceRecord(
            id=number,
            label=f"Source {number}",
            document=document,
            title=title,
            page=page,
            url=url,
            chunk_id=None if json_safe(chunk_id) is None else str(json_safe(chunk_id)),
            text=text,
            score=_as_score(_first(row, _SCORE_KEYS)),
            metadata=metadata,
        )
        # Everything from the document that the template may write is neutralized: only our own
        # {label} may carry a marker into the context.
        values = {
            **{
                k: neutralize_markers(str(v))
                for k, v in metadata.items()
                if k in renderer.names and v is not None and not isinstance(v, dict | list)
            },
            "index": number,
            "label": record.label,
            "document": neutralize_markers(title or document),
            "page": page,
            "page_suffix": page_suffix(page),
            "url": escape_link_target(url or ""),
            "text": neutralize_markers(text),
        }
        rendered, untrusted = renderer.render_spans(values, _TRUSTED_VALUES)
        block = unforge_headers(rendered, untrusted)
        if max_context_chars > 0 and used + len(block) + (2 if blocks else 0) > max_context_chars:
            break
        used += len(block) + (2 if blocks else 0)
        records.append(record)
        blocks.append(block)
    return records, blocks, skipped


def format_context(blocks: list[str]) -> str:
    return "\n\n".join(blocks) if blocks else NO_SOURCES_LINE
