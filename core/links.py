"""Source links: only plain http(s) URLs, a link manifest, the slug rule and PDF page deep links.

>>> safe_http_url("https://docs.example.com@evil.example/") is None
True
>>> slug_url("api-reference_create-collection.md", "https://docs.example.com/en/", ".html")
'https://docs.example.com/en/api-reference/create-collection.html'
>>> page_link("https://x.example/water.pdf", 3)
'https://x.example/water.pdf#page=3'
>>> document_name("/data/uploads/water.pdf")
'water.pdf'
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Mapping
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any
from urllib.parse import urlsplit

_URL_QUOTES = re.compile(r"[\\<>\"'`]")
_URL_HEAD = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*)://([^/?#]*)")


def safe_http_url(value: object) -> str | None:
    """The URL if it is a plain absolute http(s) URL, else None."""
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
    # Userinfo ("https://docs.example.com@evil.example") and a host spelled with non-ASCII letters
    # ("аpple.example" with a Cyrillic "а") only serve to disguise the real host; xn-- hosts stay.
    if not match or match[1].lower() not in ("http", "https") or not match[2] or "@" in match[2]:
        return None
    if not match[2].isascii():
        return None
    return url


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


class ManifestError(ValueError):
    """A link manifest that cannot be used; the message names the line or key at fault."""


MANIFEST_NOT_ALLOWED = (
    "link manifest: this path is not allowed. Langflow lets components read files only inside its "
    "allowed folders (LANGFLOW_RESTRICT_LOCAL_FILE_ACCESS): put the manifest's JSON in the field instead."
)


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
        entries[name] = {
            "url": safe_http_url(url),
            "title": " ".join(title.split()) if title and title.strip() else None,
        }
    return entries


def load_manifest(
    source: str | None, allow: Callable[[Path], Path] | None = None
) -> dict[str, dict[str, str | None]]:
    """A manifest from inline JSON or a file path; files are read once and re-read when they change.

        load_manifest("/srv/langflow/manifest.json", allow=lambda path: path)  # {"guide.pdf": {...}}

    ``allow`` decides which files may be read: it returns the path to read, or raises ``ValueError``
    or ``OSError``. A path it refuses is reported as not allowed and nothing else, before the file is
    touched: not whether it exists, nor what it holds.
    """
    if not source or not source.strip():
        return {}
    if source.lstrip().startswith("{"):
        return parse_manifest(source, "inline manifest")
    path = Path(source.strip()).expanduser()
    if allow is not None:
        try:
            path = allow(path)
        except (ValueError, OSError):
            raise ManifestError(MANIFEST_NOT_ALLOWED) from None  # its reason may describe the file
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
