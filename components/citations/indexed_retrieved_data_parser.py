"""Indexed Retrieved-Data Parser: number the retriever's chunks ``[Source 1]``, ``[Source 2]``…

It emits the numbered context for the prompt and a sources payload carrying the same numbers, so
the post-processor can check every citation against what the model was actually shown. The file
stands alone (Langflow re-creates the node from this source): it imports only lfx, pydantic and the
standard library. Pure functions first, the thin Component class last.
"""

from __future__ import annotations

import datetime as _dt
import html
import json
import math
import re
import unicodedata
from collections.abc import Iterable, Mapping
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any
from urllib.parse import urlsplit

from pydantic import BaseModel, Field, field_validator

from lfx.custom.custom_component.component import Component
from lfx.io import HandleInput, IntInput, MessageTextInput, MultilineInput, Output
from lfx.schema.data import Data
from lfx.schema.message import Message

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


# ---------------------------------------------------------------------------
# Safe values
# ---------------------------------------------------------------------------


_URL_QUOTES = re.compile(r"[\\<>\"'`]")
_URL_HEAD = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*)://([^/?#]*)")


def safe_http_url(value: object) -> str | None:
    """The URL if it is a plain absolute http(s) URL, else None (kept in step with the post-processor's copy)."""
    if not isinstance(value, str):
        return None
    url = value.strip()
    # Spaces, control, format (bidi, zero-width) and separator characters never belong in a link
    # and can make one display as something else ("…/\u202egpj.exe" shows as "…exe.jpg").
    if not url or len(url) > 4096 or _URL_QUOTES.search(url):
        return None
    if not (url.isascii() and url.isprintable() and " " not in url) and any(
        unicodedata.category(c)[0] in "CZ" for c in url
    ):
        return None
    match = _URL_HEAD.match(url)
    # Userinfo ("https://docs.example.com@evil.example") only serves to disguise the real host.
    if not match or match[1].lower() not in ("http", "https") or not match[2] or "@" in match[2]:
        return None
    return url


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


# Segments with no separator, colon or lone "." (pathlib would drop it): the last one is the name.
_PLAIN_PATH = re.compile(r"(?:(?!\.[\\/])[^:\\/]+[\\/])*(?!\.\Z)([^:\\/]+)")


def document_name(value: Any) -> str:
    """A readable document name: a path gives its base name, a URL its last path segment."""
    text = " ".join(str(value).split()) if value is not None else ""
    plain = _PLAIN_PATH.fullmatch(text)
    if plain:  # a relative path with no drive, scheme or empty segment: its last segment
        return plain[1]
    if safe_http_url(text):
        parts = urlsplit(text)
        return PurePosixPath(parts.path).name or parts.netloc
    if "/" in text or "\\" in text:
        return PureWindowsPath(text).name or PurePosixPath(text).name or text
    return text


# ---------------------------------------------------------------------------
# Marker neutralization (the post-processor's marker grammar, tiny copy)
# ---------------------------------------------------------------------------

# Any group that the post-processor could read as a citation: a bracket, full-width bracket or
# "(Source" group holding a digit and nothing but numbers, separators and citation keywords. A test
# proves that nothing the post-processor recognizes survives neutralization.
_GROUP = re.compile(r"(?P<open>[\[\u3010(])(?P<inner>[^\[\]\u3010\u3011()\n]{0,62})(?P<close>[\]\u3011)])")
_MARKER_CHARS = r"[\s\d,;:#&^.+\-\u2010-\u2015\u2212]"
_MARKER_INNER = re.compile(
    rf"{_MARKER_CHARS}*(?:(?:sources?|src|docs?|documents?|citations?|cite|refs?|references?|and){_MARKER_CHARS}*)*"
    r"(?:\u2020.*)?",
    re.DOTALL | re.IGNORECASE,  # IGNORECASE folds like the post-processor's (ſ is s, ı is i)
)
_SOURCE_WORD = re.compile(r"\s*source", re.IGNORECASE)


# ChatGPT's private-use citation delimiters; no document needs them and they could smuggle a marker.
_PRIVATE_USE_MARKS = {0xE200: None, 0xE201: None, 0xE202: None}
_MAY_HOLD_MARKER = re.compile("[\\[\u3010(\ue200-\ue202]")


def _strip_invisible(text: str) -> str:
    if text.isascii():
        return text
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


def _neutralize_group(match: re.Match[str]) -> str:
    opener, inner = match["open"], _strip_invisible(match["inner"])
    if opener == "\u3010" and "\u2020" in inner:
        return match["inner"]  # a vendor annotation such as 【4:0†source】
    if not any(c.isdigit() for c in inner) or not _MARKER_INNER.fullmatch(inner):
        return match[0]
    if opener == "(" and not _SOURCE_WORD.match(inner):
        return match[0]
    if opener == "[" and inner.isascii() and not re.search(r"[A-Za-z]", inner):
        before = match.string[match.start() - 1] if match.start() else ""
        if before and (before.isalnum() or before == "]"):
            return match[0]  # indexing such as x[0]: never read as a citation
    return match["inner"]


def neutralize_markers(text: str) -> str:
    """Strip the brackets off citation-like markers in retrieved text, so a chunk cannot forge one.

    ``[Source 7]`` becomes ``Source 7``. Repeated until stable because ``[[1]]`` hides a marker
    inside a marker.
    """
    if not _MAY_HOLD_MARKER.search(text):
        return text
    if not text.isascii():
        text = text.translate(_PRIVATE_USE_MARKS)
    for _ in range(len(text)):
        new = _GROUP.sub(_neutralize_group, text)
        if new == text:
            return text
        text = new
    return text


# ---------------------------------------------------------------------------
# Source links: manifest, slug rule, PDF page deep links
# ---------------------------------------------------------------------------


class ManifestError(ValueError):
    """A link manifest that cannot be used; the message names the line or key at fault."""


_MANIFEST_CACHE: dict[str, tuple[tuple[int, int], dict[str, dict[str, str | None]]]] = {}


class _DuplicateKeyError(ValueError):
    pass


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # Two entries for one stored name would silently mean "the last one wins": refuse instead.
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _DuplicateKeyError(key)
        result[key] = value
    return result


def parse_manifest(text: str, origin: str = "manifest") -> dict[str, dict[str, str | None]]:
    """Validate a manifest ``{"version": 1, "documents": {name: {"url": ..., "title": ...}}}``."""
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicate_keys)
    except json.JSONDecodeError as exc:
        msg = f"{origin}: invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        raise ManifestError(msg) from exc
    except _DuplicateKeyError as exc:
        msg = f"{origin}: key {exc.args[0]!r} appears twice in one object"
        raise ManifestError(msg) from exc
    if not isinstance(data, dict):
        msg = f"{origin}: the top level must be an object with 'version' and 'documents'"
        raise ManifestError(msg)
    if type(data.get("version")) is not int or data["version"] != 1:
        msg = f"{origin}: 'version' must be 1 (got {data.get('version')!r})"
        raise ManifestError(msg)
    documents = data.get("documents")
    if not isinstance(documents, dict):
        msg = f"{origin}: 'documents' must be an object mapping stored names to {{url, title}}"
        raise ManifestError(msg)
    entries: dict[str, dict[str, str | None]] = {}
    for name, entry in documents.items():
        where = f"{origin}: documents[{name!r}]"
        if not isinstance(entry, dict):
            msg = f"{where} must be an object with 'url' and optional 'title'"
            raise ManifestError(msg)
        url, title = entry.get("url"), entry.get("title")
        if safe_http_url(url) is None:
            msg = f"{where}.url must be an absolute http(s) URL (got {url!r})"
            raise ManifestError(msg)
        if title is not None and not isinstance(title, str):
            msg = f"{where}.title must be a string"
            raise ManifestError(msg)
        entries[name] = {"url": safe_http_url(url), "title": " ".join(title.split()) if title and title.strip() else None}
    return entries


def load_manifest(source: str | None) -> dict[str, dict[str, str | None]]:
    """A manifest from inline JSON or a file path; files are read once and re-read when they change."""
    if not source or not source.strip():
        return {}
    if source.lstrip().startswith("{"):
        return parse_manifest(source, "inline manifest")
    path = Path(source.strip()).expanduser()
    try:
        stat = path.stat()
    except OSError as exc:
        msg = f"link manifest {str(path)!r} cannot be read: {exc.strerror or exc}"
        raise ManifestError(msg) from exc
    key, stamp = str(path.resolve()), (stat.st_mtime_ns, stat.st_size)
    cached = _MANIFEST_CACHE.get(key)
    if cached and cached[0] == stamp:
        return cached[1]
    entries = parse_manifest(path.read_text(encoding="utf-8"), str(path))
    _MANIFEST_CACHE[key] = (stamp, entries)
    return entries


_SLUG_EXTENSIONS = re.compile(r"\.(?:md|mdx|markdown|html?|txt|rst|adoc)$", re.IGNORECASE)


def slug_url(name: str, base_url: str, suffix: str = "") -> str | None:
    """Reverse a file name made from a URL by swapping ``/`` for ``_``.

    ``api-reference_collection-methods_create-collection.md`` under ``https://docs.example.com/en/``
    gives ``https://docs.example.com/en/api-reference/collection-methods/create-collection`` + suffix.
    """
    base = safe_http_url(base_url)
    stem = _SLUG_EXTENSIONS.sub("", document_name(name))
    if not base or "?" in base or "#" in base or not re.fullmatch(r"[A-Za-z0-9._~-]+", stem or ""):
        return None
    segments = [p for p in stem.split("_") if p]
    if not segments or any(p in {".", ".."} for p in segments):
        return None  # a dot segment would climb out of the base path
    return safe_http_url(base.rstrip("/") + "/" + "/".join(segments) + (suffix or ""))


def page_link(url: str | None, page: int | None) -> str | None:
    """Deep-link a PDF to its page (``…/file.pdf#page=3``); other URLs are returned unchanged."""
    if not url or page is None or page < 1:
        return url
    parts = urlsplit(url)
    if parts.path.lower().endswith(".pdf") and not parts.fragment:
        return f"{url}#page={page}"
    return url


def resolve_link(
    stored_name: str,
    own_url: str | None,
    page: int | None,
    manifest: Mapping[str, Mapping[str, str | None]],
    *,
    slug_base_url: str = "",
    slug_suffix: str = "",
) -> tuple[str | None, str | None]:
    """``(url, title)`` for a source: its own web URL, else the manifest, else the slug rule."""
    entry = (manifest.get(stored_name) or manifest.get(document_name(stored_name)) or {}) if manifest else {}
    url = own_url or entry.get("url")
    if not url and slug_base_url:
        url = slug_url(stored_name, slug_base_url, slug_suffix)
    return page_link(safe_http_url(url), page), entry.get("title")


# ---------------------------------------------------------------------------
# Rows → records → context
# ---------------------------------------------------------------------------


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
        def fill(match: re.Match[str]) -> str:
            value = values.get(match[1])
            return "" if value is None else str(value)

        return self._PLACEHOLDER.sub(fill, self.template)


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
) -> tuple[list[SourceRecord], list[str], int]:
    """Number the usable rows 1..n in retrieval order; returns records, context blocks, rows skipped."""
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
        number = len(records) + 1
        stored_name = " ".join(str(stored).split()) if stored is not None else ""
        own_url = safe_http_url(_first(row, url_keys)) or safe_http_url(stored_name)
        url, manifest_title = resolve_link(
            stored_name, own_url, page, manifest or {}, slug_base_url=slug_base_url, slug_suffix=slug_suffix
        )
        own_title = row.get("title")
        title = manifest_title or (" ".join(own_title.split()) if isinstance(own_title, str) and own_title.strip() else None)
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
            "page_suffix": f" \u2014 page {page}" if page is not None else "",
            "url": (url or "").replace("[", "%5B").replace("]", "%5D"),
            "text": neutralize_markers(text),
        }
        block = renderer.render(values)
        if max_context_chars > 0 and used + len(block) + (2 if blocks else 0) > max_context_chars:
            break
        used += len(block) + (2 if blocks else 0)
        records.append(record)
        blocks.append(block)
    return records, blocks, skipped


def format_context(blocks: list[str]) -> str:
    return "\n\n".join(blocks) if blocks else NO_SOURCES_LINE


# ---------------------------------------------------------------------------
# Component
# ---------------------------------------------------------------------------


class IndexedRetrievedDataParserComponent(Component):
    display_name = "Indexed Retrieved-Data Parser"
    description = (
        "Numbers the retriever's chunks [Source 1], [Source 2]… and emits the numbered context for the "
        "prompt plus a sources payload (document, page, URL, chunk id, text) with the same numbers."
    )
    icon = "ListOrdered"
    name = "IndexedRetrievedDataParser"

    inputs = [
        HandleInput(
            name="input_data",
            display_name="Retrieved Data",
            input_types=["Data", "JSON", "DataFrame", "Table"],
            is_list=True,
            required=True,
            info="The retriever's chunks, e.g. Astra DB Search Results: Data with 'text' plus metadata keys.",
        ),
        MultilineInput(
            name="template",
            display_name="Block Template",
            value=DEFAULT_TEMPLATE,
            info=(
                "How each chunk is written into the context. Placeholders: {index}, {label} ('Source N'), "
                "{document}, {page}, {page_suffix} (' — page N' or empty), {url}, {text} and any metadata "
                "key. Unknown placeholders render empty. Keep [{label}] so the model can cite."
            ),
        ),
        IntInput(
            name="max_sources",
            display_name="Max Sources",
            value=0,
            info="Present at most this many chunks (0 = all). Chunks left out are not in the payload.",
        ),
        IntInput(
            name="max_context_chars",
            display_name="Max Context Characters",
            value=0,
            advanced=True,
            info="Stop adding chunks once the context would exceed this many characters (0 = unlimited).",
        ),
        MessageTextInput(
            name="document_keys",
            display_name="Document Name Keys",
            value=DEFAULT_DOCUMENT_KEYS,
            advanced=True,
            info="Metadata keys tried in order for the document name; a path gives its base name.",
        ),
        MessageTextInput(
            name="page_keys",
            display_name="Page Keys",
            value=DEFAULT_PAGE_KEYS,
            advanced=True,
            info="Metadata keys tried in order for the page number (integers only).",
        ),
        MessageTextInput(
            name="url_keys",
            display_name="URL Keys",
            value=DEFAULT_URL_KEYS,
            advanced=True,
            info="Metadata keys tried in order for the source's own web URL (http/https only).",
        ),
        MessageTextInput(
            name="chunk_id_keys",
            display_name="Chunk ID Keys",
            value=DEFAULT_CHUNK_ID_KEYS,
            advanced=True,
            info="Metadata keys tried in order for the chunk id.",
        ),
        MultilineInput(
            name="link_manifest",
            display_name="Link Manifest",
            value="",
            advanced=True,
            info=(
                'A manifest file path or inline JSON: {"version": 1, "documents": {"<stored name>": '
                '{"url": "https://…", "title": "…"}}}. Maps stored file names to public URLs and titles.'
            ),
        ),
        MessageTextInput(
            name="slug_base_url",
            display_name="Slug Base URL",
            value="",
            advanced=True,
            info=(
                "For file names made from URLs by swapping '/' for '_': the base URL to rebuild links from "
                "when the manifest has no entry, e.g. https://docs.example.com/en/."
            ),
        ),
        MessageTextInput(
            name="slug_suffix",
            display_name="Slug Suffix",
            value="",
            advanced=True,
            info="Appended to slug-rule URLs, e.g. '.html'. The file extension (.md, .html…) is dropped first.",
        ),
    ]

    outputs = [
        Output(display_name="Context", name="context", method="build_context", group_outputs=True),
        Output(display_name="Sources", name="sources", method="build_sources_data", group_outputs=True),
    ]

    def _parse(self) -> tuple[list[SourceRecord], list[str]]:
        # Each output parses afresh: cheap, and never stale when the node is re-run with new inputs.
        rows, bad_items = rows_from_input(self.input_data)
        manifest = load_manifest(self.link_manifest)
        records, blocks, bad_rows = build_sources(
            rows,
            template=self.template,
            max_sources=max(int(self.max_sources or 0), 0),
            max_context_chars=max(int(self.max_context_chars or 0), 0),
            document_keys=parse_keys(self.document_keys, DEFAULT_DOCUMENT_KEYS),
            page_keys=parse_keys(self.page_keys, DEFAULT_PAGE_KEYS),
            url_keys=parse_keys(self.url_keys, DEFAULT_URL_KEYS),
            chunk_id_keys=parse_keys(self.chunk_id_keys, DEFAULT_CHUNK_ID_KEYS),
            manifest=manifest,
            slug_base_url=self.slug_base_url or "",
            slug_suffix=self.slug_suffix or "",
        )
        skipped = bad_items + bad_rows
        note = f" Skipped {skipped} row(s) without text." if skipped else ""
        if records and "{label}" not in Template(self.template).template and "{index}" not in self.template:
            note += " Warning: the template has no {label} or {index}, so the model cannot cite."
        self.status = f"Presented {len(records)} source(s).{note}"
        return records, blocks

    def build_context(self) -> Message:
        _, blocks = self._parse()
        return Message(text=format_context(blocks))

    def build_sources_data(self) -> Data:
        records, _ = self._parse()
        return Data(data={"sources": [r.model_dump(mode="json") for r in records]})
