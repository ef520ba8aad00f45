#!/usr/bin/env python3
"""Build a link manifest for the Indexed Retrieved-Data Parser from the stored document names.

Why: a vector store often keeps only a file name per chunk (``api-reference_collection-methods_
create-collection.md``), made from the page URL by swapping ``/`` for ``_``. This script reverses
that rule with the parser's own ``slug_url`` (so the manifest and the parser's fallback can never
disagree), fetches every candidate page to confirm it resolves and to read its real ``<title>``,
and writes ``{"version": 1, "documents": {name: {"url", "title"}}}``. What cannot be mapped is
reported with the reason (a 404, a stray JSON asset, a name the slug rule cannot reverse...).

Names come from a text file (one per line) or from an Astra DB collection (the distinct values of a
metadata key, e.g. ``metadata.file_name``)::

    python scripts/build_manifest.py --names names.txt \\
        --base-url https://docs.example.com/en/ --output manifest.json
    python scripts/build_manifest.py --astra-endpoint https://<db>.apps.astra.datastax.com \\
        --collection docs_chunks --base-url https://docs.example.com/en/ --output manifest.json

Entries already in the output manifest (hand edits) are kept unless ``--overwrite``. Exit code 0
when the manifest was written, even if some names stayed unmapped; 1 on I/O, manifest or Astra DB
errors; 2 on usage errors.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import functools
import json
import os
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol, TextIO
from urllib.parse import urlsplit

import httpx

LINKS_MODULE = "lfx_citations.core.links"
USER_AGENT = "lfx-citations-build-manifest/0.1"
TOKEN_ENV = "ASTRA_DB_APPLICATION_TOKEN"
DEFAULT_KEY = "metadata.file_name"
HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})
RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
NOT_FOUND_STATUSES = frozenset({404, 410})
MAX_TITLE_CHARS = 1_000_000
"""Stop reading a page after this many characters if no ``<title>`` has been seen."""
MAX_RETRY_AFTER = 30.0
DEFAULT_SOFT_404 = r"^\s*(?:404\b|(?:page\s+)?not\s+found\b)"
"""A page title like this on a 200 response is a soft 404 (single-page docs sites do this)."""

# Reasons a name is left out of the manifest (the first words of ``Check.reason``).
NOT_FOUND = "not found"
NOT_A_PAGE = "not a page"
NO_CANDIDATE = "no candidate URL"
ERROR = "error"
CATEGORIES = (NOT_FOUND, NOT_A_PAGE, NO_CANDIDATE, ERROR)

EXIT_OK, EXIT_FAILURE, EXIT_USAGE = 0, 1, 2


class BuildError(Exception):
    """An I/O, manifest or Astra DB problem: reported on stderr, exit code 1."""


@functools.cache
def _links() -> ModuleType:
    """The parser's link rules, ``lfx_citations.core.links`` (imported when first needed)."""
    import importlib

    return importlib.import_module(LINKS_MODULE)


# ---------------------------------------------------------------------------
# Stored names
# ---------------------------------------------------------------------------


def unique_names(values: Iterable[object]) -> list[str]:
    """Stripped, non-empty string names without duplicates, first occurrence first."""
    seen: dict[str, None] = {}
    for value in values:
        if isinstance(value, str) and value.strip():
            seen.setdefault(value.strip(), None)
    return list(seen)


def read_names(source: str | Path, stdin: TextIO | None = None) -> list[str]:
    """Names from a text file, one per line (``-`` reads stdin); blank lines and ``#`` comments are skipped."""
    if str(source) == "-":
        text = (stdin or sys.stdin).read()
    else:
        try:
            text = Path(source).expanduser().read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            msg = f"cannot read names from {str(source)!r}: {getattr(exc, 'strerror', None) or exc}"
            raise BuildError(msg) from exc
    return unique_names(line for line in text.splitlines() if not line.lstrip().startswith("#"))


def names_from_astra(
    *,
    endpoint: str,
    token: str,
    collection: str,
    key: str = DEFAULT_KEY,
    keyspace: str | None = None,
    environment: str = "prod",
    request_timeout: float = 30.0,
) -> list[str]:
    """The distinct string values of ``key`` across an Astra DB collection (astrapy's ``distinct``).

    ``distinct`` pages through every document client-side (projecting only ``key``), so it reads
    the whole collection once; non-string values are ignored.
    """
    from astrapy import DataAPIClient

    try:
        database = DataAPIClient(environment=environment).get_database(
            endpoint, token=token, keyspace=keyspace
        )
        values = database.get_collection(collection).distinct(
            key,
            request_timeout_ms=int(request_timeout * 1000),
            general_method_timeout_ms=30 * 60 * 1000,
        )
    except Exception as exc:  # astrapy raises its own and httpx's exceptions; all mean the same here
        msg = f"cannot read distinct {key!r} values from Astra DB collection {collection!r}: {exc}"
        raise BuildError(msg) from exc
    return sorted(unique_names(values))


# ---------------------------------------------------------------------------
# Candidates and titles
# ---------------------------------------------------------------------------


def candidate_url(name: str, base_url: str, suffix: str = "") -> str | None:
    """The URL to try for a stored name: the name itself if it is a web URL, else the parser's slug rule."""
    links = _links()
    own = links.safe_http_url(name)
    return own if own else links.slug_url(name, base_url, suffix)


def title_from_url(url: str) -> str | None:
    """A readable title from a URL's last path segment: ``…/create-collection.html`` -> ``Create collection``."""
    segment = urlsplit(url).path.rstrip("/").rsplit("/", 1)[-1]
    segment = re.sub(r"\.[A-Za-z0-9]{1,8}$", "", segment)
    words = " ".join(re.split(r"[-_\s]+", segment)).strip()
    return words[:1].upper() + words[1:] if words else None


def clean_title(title: str | None, strip_suffixes: Sequence[str] = ()) -> str | None:
    """Whitespace collapsed, a trailing site name such as `` | Example Docs`` removed."""
    text = " ".join((title or "").split())
    for suffix in strip_suffixes:
        suffix = " ".join(suffix.split())
        if suffix and text.endswith(suffix) and text[: -len(suffix)].strip():
            text = text[: -len(suffix)].rstrip()
    return text or None


class TitleParser(HTMLParser):
    """Collects the text of the first ``<title>`` that is not inside an inline ``<svg>``."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self._parts: list[str] = []
        self._in_title = False
        self._svg_depth = 0
        self.done = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "svg":
            self._svg_depth += 1
        elif tag == "title" and not self._svg_depth and not self.done:
            self._in_title = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "svg" and self._svg_depth:
            self._svg_depth -= 1
        elif tag == "title" and self._in_title:
            self._in_title = False
            self.done = True

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self._parts.append(data)

    @property
    def title(self) -> str | None:
        return " ".join("".join(self._parts).split()) or None


def html_title(html: str) -> str | None:
    parser = TitleParser()
    parser.feed(html)
    parser.close()
    return parser.title


def media_type(content_type: str | None) -> str:
    return (content_type or "").split(";", 1)[0].strip().lower()


# ---------------------------------------------------------------------------
# Verification
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Check:
    """What became of one stored name. ``reason`` is None when the name is mapped."""

    name: str
    candidate: str | None
    url: str | None = None
    title: str | None = None
    reason: str | None = None
    status: int | None = None
    attempts: int = 0
    kept: bool = False
    """The output manifest already had an entry for this name and it was kept."""
    fresh_reason: str | None = None
    """With ``--overwrite``: why the fresh check failed, so the existing entry was kept."""

    @property
    def mapped(self) -> bool:
        return self.url is not None

    @property
    def category(self) -> str | None:
        if self.reason is None:
            return None
        return next((c for c in CATEGORIES if self.reason.startswith(c)), ERROR)

    @property
    def redirected(self) -> bool:
        return self.url is not None and self.candidate is not None and self.url != self.candidate


@dataclass(frozen=True)
class Fetched:
    status: int
    final_url: str
    content_type: str
    title: str | None
    retry_after: float | None


@dataclass(frozen=True)
class VerifyOptions:
    concurrency: int = 8
    timeout: float = 10.0
    retries: int = 2
    backoff: float = 0.5
    strip_title_suffixes: tuple[str, ...] = ()
    soft_404: str | None = DEFAULT_SOFT_404


def _retry_after(value: str | None) -> float | None:
    try:
        seconds = float(value) if value is not None else None
    except ValueError:
        return None  # HTTP-date form: fall back to our own backoff
    return None if seconds is None or seconds < 0 else min(seconds, MAX_RETRY_AFTER)


async def fetch(client: httpx.AsyncClient, url: str) -> Fetched:
    """One GET, redirects followed; the body is read only for HTML, and only up to ``</title>``."""
    async with client.stream("GET", url) as response:
        content_type = response.headers.get("content-type", "")
        title = None
        if response.is_success and media_type(content_type) in HTML_TYPES:
            parser, seen = TitleParser(), 0
            async for text in response.aiter_text():
                parser.feed(text)
                seen += len(text)
                if parser.done or seen >= MAX_TITLE_CHARS:
                    break
            parser.close()
            title = parser.title
        return Fetched(
            status=response.status_code,
            final_url=str(response.url),
            content_type=content_type,
            title=title,
            retry_after=_retry_after(response.headers.get("retry-after")),
        )


def _describe(exc: Exception) -> str:
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


async def check_candidate(
    client: httpx.AsyncClient,
    name: str,
    url: str,
    options: VerifyOptions,
    *,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
) -> Check:
    """Verify one candidate URL, retrying connection errors, timeouts, 429 and 5xx with backoff (never 404)."""
    links = _links()
    attempts = 0
    while True:
        attempts += 1
        try:
            got = await fetch(client, url)
        except httpx.TooManyRedirects:
            return Check(name, url, reason=f"{ERROR} (too many redirects)", attempts=attempts)
        except (httpx.TimeoutException, httpx.NetworkError, httpx.RemoteProtocolError) as exc:
            if attempts <= options.retries:
                await sleep(_backoff(options.backoff, attempts, None))
                continue
            return Check(
                name, url, reason=f"{ERROR} ({_describe(exc)}; {attempts} attempt(s))", attempts=attempts
            )
        except (httpx.HTTPError, httpx.InvalidURL, httpx.StreamError, ValueError) as exc:
            # A redirect to another scheme or to an invalid URL, a bad host name...: retrying will not help.
            return Check(name, url, reason=f"{ERROR} ({_describe(exc)})", attempts=attempts)
        if got.status in RETRY_STATUSES and attempts <= options.retries:
            await sleep(_backoff(options.backoff, attempts, got.retry_after))
            continue
        return _judge(name, url, got, attempts, options, links.safe_http_url)


def _backoff(base: float, attempt: int, retry_after: float | None) -> float:
    delay = base * 2 ** (attempt - 1) + random.uniform(0, base / 2)
    return max(delay, retry_after) if retry_after is not None else delay


def _judge(
    name: str,
    url: str,
    got: Fetched,
    attempts: int,
    options: VerifyOptions,
    safe: Callable[[object], str | None],
) -> Check:
    base = {"name": name, "candidate": url, "status": got.status, "attempts": attempts}
    if got.status in NOT_FOUND_STATUSES:
        return Check(**base, reason=f"{NOT_FOUND} ({got.status})")
    if not 200 <= got.status < 300:
        retried = f" after {attempts} attempts" if attempts > 1 else ""
        return Check(**base, reason=f"{ERROR} (HTTP {got.status}{retried})")
    kind = media_type(got.content_type)
    if kind not in HTML_TYPES:
        return Check(**base, reason=f"{NOT_A_PAGE} (content-type {kind or 'missing'})")
    final = safe(got.final_url)
    if final is None:
        return Check(**base, reason=f"{ERROR} (final URL is not a plain http(s) URL: {got.final_url!r})")
    title = clean_title(got.title, options.strip_title_suffixes)
    if title and options.soft_404 and re.search(options.soft_404, title, re.IGNORECASE):
        return Check(**base, reason=f"{NOT_FOUND} (soft 404: the page title is {title!r})")
    return Check(**base, url=final, title=title or title_from_url(final))


class Progress(Protocol):
    def update(self, n: int = 1) -> Any: ...

    def close(self) -> Any: ...


class SimpleProgress:
    """A one-line progress bar on stderr, for when tqdm is not installed."""

    def __init__(self, total: int, desc: str, stream: TextIO | None = None, width: int = 30) -> None:
        self.total, self.desc, self.width, self.count = total, desc, width, 0
        self.stream = stream or sys.stderr
        self._last = 0.0
        self._draw(force=True)

    def update(self, n: int = 1) -> None:
        self.count += n
        self._draw(force=self.count >= self.total)

    def _draw(self, *, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self._last < 0.1:
            return
        self._last = now
        done = int(self.width * self.count / self.total) if self.total else self.width
        bar = "#" * done + "." * (self.width - done)
        self.stream.write(f"\r{self.desc} [{bar}] {self.count}/{self.total}")
        self.stream.flush()

    def close(self) -> None:
        self.stream.write("\n")
        self.stream.flush()


class NoProgress:
    def update(self, n: int = 1) -> None:
        pass

    def close(self) -> None:
        pass


def make_progress(total: int, *, enabled: bool = True, desc: str = "verifying") -> Progress:
    """tqdm on stderr if it is installed, else :class:`SimpleProgress`."""
    if not enabled or total == 0:
        return NoProgress()
    try:
        from tqdm import tqdm
    except ImportError:
        return SimpleProgress(total, desc)
    return tqdm(total=total, desc=desc, unit="page", file=sys.stderr, dynamic_ncols=True)


async def verify_all(
    candidates: Mapping[str, str],
    options: VerifyOptions,
    *,
    progress: Progress | None = None,
    transport: httpx.AsyncBaseTransport | None = None,
) -> dict[str, Check]:
    """Check every distinct candidate URL once, at most ``options.concurrency`` at a time.

    ``candidates`` maps stored name -> candidate URL; the result maps stored name -> Check.
    """
    by_url: dict[str, list[str]] = {}
    for name, url in candidates.items():
        by_url.setdefault(url, []).append(name)
    semaphore = asyncio.Semaphore(max(options.concurrency, 1))
    bar = progress or NoProgress()
    limits = httpx.Limits(
        max_connections=max(options.concurrency, 1), max_keepalive_connections=options.concurrency
    )
    async with httpx.AsyncClient(
        follow_redirects=True,
        timeout=httpx.Timeout(options.timeout),
        limits=limits,
        headers={"User-Agent": USER_AGENT, "Accept": "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1"},
        transport=transport,
    ) as client:

        async def one(url: str) -> Check:
            async with semaphore:
                try:
                    return await check_candidate(client, by_url[url][0], url, options)
                finally:
                    bar.update(1)

        results = await asyncio.gather(*(one(url) for url in by_url))
    checks: dict[str, Check] = {}
    for url, result in zip(by_url, results, strict=True):
        for name in by_url[url]:
            checks[name] = dataclasses.replace(result, name=name)
    return checks


# ---------------------------------------------------------------------------
# Manifest
# ---------------------------------------------------------------------------


@dataclass
class ExistingManifest:
    """The output file as found: its documents exactly as written (hand edits included) and other keys."""

    documents: dict[str, dict[str, Any]]
    extra: dict[str, Any]


def read_existing(path: Path) -> ExistingManifest:
    """The current manifest at ``path`` (empty if there is none), validated by the parser's rules."""
    if not path.exists():
        return ExistingManifest({}, {})
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        msg = f"cannot read the existing manifest {str(path)!r}: {getattr(exc, 'strerror', None) or exc}"
        raise BuildError(msg) from exc
    try:
        _links().parse_manifest(text, str(path))
    except _links().ManifestError as exc:
        msg = f"the existing manifest is invalid, fix or remove it first: {exc}"
        raise BuildError(msg) from exc
    data = json.loads(text)
    extra = {k: v for k, v in data.items() if k not in ("version", "documents")}
    return ExistingManifest(dict(data["documents"]), extra)


def manifest_text(documents: Mapping[str, Mapping[str, Any]], extra: Mapping[str, Any] | None = None) -> str:
    """The manifest JSON, validated by round-tripping it through the parser's ``parse_manifest``."""
    data = {
        "version": 1,
        **(extra or {}),
        "documents": {name: dict(documents[name]) for name in sorted(documents)},
    }
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    parsed = _links().parse_manifest(text, "generated manifest")
    if set(parsed) != set(documents):  # pragma: no cover - json round-trips keys exactly
        msg = "generated manifest does not round-trip through parse_manifest"
        raise BuildError(msg)
    return text


def write_text_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        msg = f"cannot write {str(path)!r}: {exc.strerror or exc}"
        raise BuildError(msg) from exc


def entry_for(check: Check) -> dict[str, str]:
    entry = {"url": check.url or ""}
    if check.title:
        entry["title"] = check.title
    return entry


# ---------------------------------------------------------------------------
# Build
# ---------------------------------------------------------------------------


@dataclass
class BuildResult:
    checks: list[Check]
    """One per stored name, in input order."""
    documents: dict[str, dict[str, Any]]
    """The manifest's documents as written."""
    verified: bool

    @property
    def mapped(self) -> list[Check]:
        return [c for c in self.checks if c.mapped]

    @property
    def unmapped(self) -> list[Check]:
        return [c for c in self.checks if not c.mapped]


def build(
    names: Sequence[str],
    *,
    base_url: str,
    suffix: str = "",
    existing: ExistingManifest | None = None,
    overwrite: bool = False,
    verify: bool = True,
    options: VerifyOptions | None = None,
    progress: bool = False,
    transport: httpx.AsyncBaseTransport | None = None,
) -> BuildResult:
    """Map every stored name to a URL and title; returns the checks and the merged documents.

    Without ``overwrite``, a name already in ``existing`` keeps its entry and is not fetched. With
    it, fresh results replace existing entries; an existing entry is still kept when the fresh check
    fails (it may be a hand-made mapping for a page the slug rule cannot reach).
    """
    options = options or VerifyOptions()
    existing = existing or ExistingManifest({}, {})
    names = unique_names(names)
    checks: dict[str, Check] = {}
    to_check: dict[str, str] = {}
    for name in names:
        candidate = candidate_url(name, base_url, suffix)
        if name in existing.documents and not overwrite:
            checks[name] = _kept(name, candidate, existing.documents[name])
        elif candidate is None:
            checks[name] = Check(
                name, None, reason=f"{NO_CANDIDATE} (the slug rule cannot reverse this name)"
            )
        elif not verify:
            checks[name] = Check(name, candidate, url=candidate, title=title_from_url(candidate))
        else:
            to_check[name] = candidate
    if to_check:
        bar = make_progress(len(set(to_check.values())), enabled=progress)
        try:
            checks.update(asyncio.run(verify_all(to_check, options, progress=bar, transport=transport)))
        finally:
            bar.close()
    documents = dict(existing.documents)
    for name in names:
        check = checks[name]
        if check.kept:
            continue
        if check.mapped:
            documents[name] = entry_for(check)
        elif name in documents:  # --overwrite and the fresh check failed: keep the hand-made entry
            checks[name] = _kept(name, check.candidate, documents[name], fresh=check.reason)
    return BuildResult([checks[name] for name in names], documents, verify)


def _kept(name: str, candidate: str | None, entry: Mapping[str, Any], fresh: str | None = None) -> Check:
    title = entry.get("title")
    return Check(
        name,
        candidate,
        url=_links().safe_http_url(entry.get("url")),
        title=(" ".join(title.split()) or None) if isinstance(title, str) else None,
        kept=True,
        fresh_reason=fresh,
    )


# ---------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------


def summary_line(result: BuildResult) -> str:
    """``mapped 271 of 272 stored names; 1 dropped: 1 not a page``."""
    total, mapped = len(result.checks), len(result.mapped)
    counts = Counter(c.category for c in result.unmapped)
    dropped = ", ".join(f"{counts[c]} {c}" for c in CATEGORIES if counts[c])
    tail = f"{total - mapped} dropped: {dropped}" if total - mapped else "none dropped"
    return f"mapped {mapped} of {total} stored names; {tail}"


def format_report(result: BuildResult, *, output: str, verbose: bool = False) -> str:
    kept = [c for c in result.checks if c.kept]
    fresh = [c for c in result.mapped if not c.kept]
    lines = [summary_line(result)]
    how = "verified" if result.verified else "not verified (--no-verify: slug-rule candidates as is)"
    details = [f"{len(fresh)} {how}"]
    if kept:
        details.append(f"{len(kept)} kept from the existing manifest")
    lines.append("  " + ", ".join(details))
    for check in result.unmapped:
        where = f" <- {check.candidate}" if check.candidate else ""
        lines.append(f"  dropped {check.name}: {check.reason}{where}")
    for check in kept:
        if check.fresh_reason:
            lines.append(f"  kept the existing entry for {check.name} (fresh check: {check.fresh_reason})")
    redirected = [c for c in fresh if c.redirected]
    if redirected:
        lines.append(f"  {len(redirected)} redirected (the final URL is recorded)")
        if verbose:
            lines.extend(f"    {c.name}: {c.candidate} -> {c.url}" for c in redirected)
        # Another host is worth a look even without -v: a sign-in page or a parked domain also answers 200.
        lines.extend(
            f"  check {c.name}: redirected to another host: {c.candidate} -> {c.url}"
            for c in redirected
            if urlsplit(c.url or "").netloc.lower() != urlsplit(c.candidate or "").netloc.lower()
        )
    if verbose:
        lines.extend(f"  mapped {c.name} -> {c.url} ({c.title})" for c in fresh if not c.redirected)
    lines.append(f"wrote {output}: {len(result.documents)} documents")
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# CLI
# ---------------------------------------------------------------------------


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _non_negative_int(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError("must be 0 or more")
    return value


def _positive_float(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError("must be greater than 0")
    return value


def _non_negative_float(text: str) -> float:
    value = float(text)
    if not value >= 0:
        raise argparse.ArgumentTypeError("must be 0 or more")
    return value


def build_arg_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="build_manifest.py",
        description="Build a link manifest (stored file name -> public URL and title) for the "
        "Indexed Retrieved-Data Parser by reversing the slug rule and checking every page.",
        epilog="Exit codes: 0 manifest written (some names may be unmapped: see the report), "
        "1 I/O, manifest or Astra DB error, 2 usage error.",
    )
    names = parser.add_argument_group("stored names (one source)")
    source = names.add_mutually_exclusive_group(required=True)
    source.add_argument(
        "--names", metavar="FILE", help="a text file with one stored name per line ('-' = stdin)"
    )
    source.add_argument("--astra-endpoint", metavar="URL", help="read names from this Astra DB API endpoint")
    names.add_argument(
        "--astra-token", metavar="TOKEN", default=None, help=f"application token (default: ${TOKEN_ENV})"
    )
    names.add_argument("--keyspace", default=None, help="Astra DB keyspace (default: the database's default)")
    names.add_argument("--collection", help="Astra DB collection holding the chunks")
    names.add_argument(
        "--key", default=DEFAULT_KEY, help=f"document field holding the stored name (default: {DEFAULT_KEY})"
    )
    names.add_argument("--astra-environment", default="prod", help="astrapy environment (default: prod)")

    slug = parser.add_argument_group("candidate URLs")
    slug.add_argument("--base-url", required=True, help="the docs site root the names were made from")
    slug.add_argument("--suffix", default="", help="appended to each slug URL, e.g. '.html' (default: none)")

    net = parser.add_argument_group("verification")
    net.add_argument("--no-verify", action="store_true", help="write the candidates without fetching them")
    net.add_argument("--concurrency", type=_positive_int, default=8, help="requests in flight (default: 8)")
    net.add_argument(
        "--timeout", type=_positive_float, default=10.0, help="seconds per request (default: 10)"
    )
    net.add_argument(
        "--retries",
        type=_non_negative_int,
        default=2,
        help="retries on connection errors, 429 and 5xx (default: 2)",
    )
    net.add_argument(
        "--backoff",
        type=_non_negative_float,
        default=0.5,
        help="first retry delay in seconds, doubled each time",
    )
    net.add_argument(
        "--strip-title-suffix",
        action="append",
        default=[],
        metavar="TEXT",
        help="remove this trailing text from page titles, e.g. ' | Example Docs' (repeatable)",
    )
    net.add_argument(
        "--soft-404",
        default=DEFAULT_SOFT_404,
        metavar="REGEX",
        help="a 200 page whose title matches this is 'not found' ('' disables; default: %(default)r)",
    )

    out = parser.add_argument_group("output")
    out.add_argument("-o", "--output", required=True, help="the manifest file to write ('-' = stdout)")
    out.add_argument("--overwrite", action="store_true", help="replace existing entries with fresh results")
    out.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    out.add_argument("-v", "--verbose", action="store_true", help="list every mapping and redirect")
    return parser


def main(argv: Sequence[str] | None = None, *, transport: httpx.AsyncBaseTransport | None = None) -> int:
    parser = build_arg_parser()
    args = parser.parse_args(argv)
    links = _links()
    base_url = links.safe_http_url(args.base_url)
    if base_url is None:
        parser.error(f"--base-url must be an absolute http(s) URL (got {args.base_url!r})")
    parts = urlsplit(base_url)
    if parts.query or parts.fragment:
        parser.error("--base-url must not have a query or fragment: slug paths are appended to it")
    if args.soft_404:
        try:
            re.compile(args.soft_404)
        except re.error as exc:
            parser.error(f"--soft-404 is not a valid regular expression: {exc}")
    token: str = args.astra_token or os.environ.get(TOKEN_ENV) or ""
    if args.astra_endpoint and not args.collection:
        parser.error("--astra-endpoint needs --collection")
    if args.astra_endpoint and not token:
        parser.error(f"--astra-endpoint needs a token: --astra-token or ${TOKEN_ENV}")
    to_stdout = args.output == "-"
    report_stream = sys.stderr if to_stdout else sys.stdout
    try:
        if args.names:
            names = read_names(args.names)
        else:
            names = names_from_astra(
                endpoint=args.astra_endpoint,
                token=token,
                collection=args.collection,
                key=args.key,
                keyspace=args.keyspace,
                environment=args.astra_environment,
                request_timeout=args.timeout,
            )
        output = Path(args.output).expanduser()
        existing = ExistingManifest({}, {}) if to_stdout else read_existing(output)
        options = VerifyOptions(
            concurrency=args.concurrency,
            timeout=args.timeout,
            retries=args.retries,
            backoff=args.backoff,
            strip_title_suffixes=tuple(args.strip_title_suffix),
            soft_404=args.soft_404 or None,
        )
        result = build(
            names,
            base_url=base_url,
            suffix=args.suffix,
            existing=existing,
            overwrite=args.overwrite,
            verify=not args.no_verify,
            options=options,
            progress=not args.no_progress,
            transport=transport,
        )
        text = manifest_text(result.documents, existing.extra)
        if to_stdout:
            sys.stdout.write(text)
        else:
            write_text_atomic(output, text)
    except BuildError as exc:
        print(f"build_manifest: error: {exc}", file=sys.stderr)
        return EXIT_FAILURE
    print(format_report(result, output=args.output, verbose=args.verbose), file=report_stream)
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
