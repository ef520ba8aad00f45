"""Docs-chat reference server: serves the page and proxies questions to a Langflow flow.

    DOCS_CHAT_SESSION_KEY=$(python -c 'import secrets; print(secrets.token_hex(32))') \\
    LANGFLOW_URL=http://127.0.0.1:7860 LANGFLOW_FLOW_ID=<flow id or endpoint name> \\
    LANGFLOW_API_KEY=<key> python examples/docs-chat/server.py --port 8080

Routes: ``GET /``, ``/app.js``, ``/style.css``; ``POST /api/ask`` with ``{"question": str}``
(``Content-Type: application/json``) answers with the events of
``POST {LANGFLOW_URL}/api/v1/run/{flow}?stream=true`` as newline-delimited JSON
(``application/x-ndjson``), one ``{"event", "data"}`` object a line, forwarded as Langflow
flushes them (``add_message``, ``token``, ``end`` and ``error`` only; ``log`` events, which
carry the components' logs, stay here); ``POST /api/session`` starts a new conversation (204
and a fresh cookie).

Sessions are issued by this server, never by the browser: a random id and its issue time in the
cookie ``docs_chat_session=<id>.<issued>.<HMAC-SHA256 of both>`` (``Max-Age``, ``HttpOnly;
SameSite=Strict; Path=/api/``, ``Secure`` with ``--cookie-secure``), signed with
``DOCS_CHAT_SESSION_KEY``. A request without a valid cookie (none, forged, older than
``--session-max-age``, dated in the future) gets a new session; a ``session_id`` in the body is
ignored. ``DOCS_CHAT_SESSION_PREVIOUS_KEY``, when set, is accepted for verification only: a cookie
it signed keeps its session and is re-issued under the current key. Langflow runs with that id,
and ``session_id`` keys are removed from the events the page receives.

Limits (flags or environment, see ``--help``): a token bucket per visitor (the session, or the
address for a request without one) answers 429 with ``Retry-After``; new sessions per address have
their own bucket; a cap on concurrent upstream runs answers 503; a stream is cut after
``--max-stream-seconds``. A visitor who disconnects frees the run's slot at once. With
``--trusted-proxies`` the address comes from ``X-Forwarded-For``, but only when the peer is one
of those proxies.

Questions: at most 4,000 characters; control, bidi-override and surrogate characters are
removed (newlines are kept, tabs become spaces). An upstream failure before the stream starts
is a 502 ``{"error": str, "request_id": str}``; Langflow's own ``error`` events become ``{"error":
str, "request_id": str}`` too, and whenever the stream ends with no answer the page gets an
``error`` event. Visitors read a generic message and the request id (also the ``X-Request-Id``
header); what Langflow said goes to this server's log (``docs_chat``) under that id.

Standard library only. Flags override the environment; the API and session keys are read from
the environment only (a flag would show them in the process list). ``LANGFLOW_TWEAKS`` (JSON) is
sent with every run, e.g. ``{"CitationPostProcessor-xxxx": {"include_payload": true}}``.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import hmac
import http.client
import ipaddress
import json
import logging
import math
import os
import re
import secrets
import selectors
import socket
import sys
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterable, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
STATIC = {
    "/": ("index.html", "text/html"),
    "/app.js": ("app.js", "text/javascript"),
    "/style.css": ("style.css", "text/css"),
}
MAX_BODY = 64 * 1024
MAX_QUESTION = 4000
CONNECT_TIMEOUT_S = 10.0
UPSTREAM_TIMEOUT_S = 300.0  # per read; the whole stream is bounded by Limits.max_stream_seconds
CLIENT_TIMEOUT_S = 30.0  # a visitor that sends its request this slowly, or stops reading, is dropped
BUSY_RETRY_AFTER_S = 5
COOKIE = "docs_chat_session"
SESSION_KEY_ENV = "DOCS_CHAT_SESSION_KEY"
PREVIOUS_SESSION_KEY_ENV = "DOCS_CHAT_SESSION_PREVIOUS_KEY"
MIN_SESSION_KEY = 32
SESSION_ID = re.compile(r"[A-Za-z0-9_-]{32}")
ISSUED = re.compile(r"[0-9]{1,12}")
SESSION_MAX_AGE_S = 7 * 24 * 3600
# Instances sharing a key may disagree on the time by a little; a cookie dated further ahead was
# not issued by any of them.
CLOCK_SKEW_S = 60
LOG_DETAIL = 4000  # characters of Langflow's error text kept in the log line
LANGFLOW_FAILED = "The answer service failed (request {}). Please try again later."
SECURITY_HEADERS = {
    # Defence in depth: even a rendering bug cannot run injected script or load remote content.
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
# What the page reads; the rest (``log`` events carry the components' logs) stays on the server.
FORWARDED_EVENTS = frozenset({"add_message", "token", "end", "error"})
# C0 and C1 controls (newline excepted), bidi embeddings/overrides/isolates, lone surrogates.
_UNSAFE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_NEWLINES = re.compile("\r\n?|[\u2028\u2029]")

IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network
log = logging.getLogger("docs_chat")


# ---------------------------------------------------------------------------- configuration


@dataclass(frozen=True)
class Limits:
    """What one visitor, and everyone together, may spend. Defaults suit a small public site."""

    rate_per_minute: float = 10.0
    """Questions per minute per visitor, the bucket's refill rate."""
    burst: int = 5
    """Questions a visitor may ask back to back (the bucket's size)."""
    sessions_per_minute: float = 20.0
    """New conversations per minute per address (also the burst), so minting cookies costs too."""
    max_concurrent: int = 4
    """Upstream runs at once, for everyone; one more is a 503."""
    max_stream_seconds: float = 120.0
    """A stream still open after this long is cut and the page told so."""

    def __post_init__(self) -> None:
        for name in (
            "rate_per_minute",
            "burst",
            "sessions_per_minute",
            "max_concurrent",
            "max_stream_seconds",
        ):
            value = getattr(self, name)
            if not (isinstance(value, int | float) and math.isfinite(value) and value > 0):
                raise ValueError(f"{name} must be a positive number, got {value!r}")


@dataclass(frozen=True)
class Config:
    langflow_url: str
    flow_id: str
    api_key: str | None = field(default=None, repr=False)
    tweaks: dict[str, Any] = field(default_factory=dict)
    session_key: bytes = field(default_factory=lambda: secrets.token_bytes(32), repr=False)
    limits: Limits = field(default_factory=Limits)
    trusted_proxies: tuple[IPNetwork, ...] = ()
    cookie_secure: bool = False
    session_max_age: int = SESSION_MAX_AGE_S
    """Seconds a session cookie is valid after it was issued."""
    previous_session_key: bytes | None = field(default=None, repr=False)
    """A key being rotated out: its cookies are still accepted, and re-issued under ``session_key``."""

    def __post_init__(self) -> None:
        url = urllib.parse.urlsplit(self.langflow_url)
        if url.scheme not in ("http", "https") or not url.hostname:
            raise ValueError(f"the Langflow URL must be http(s)://host[:port], got {self.langflow_url!r}")
        for name, key in (
            ("session key", self.session_key),
            ("previous session key", self.previous_session_key),
        ):
            if key is not None and len(key) < MIN_SESSION_KEY:
                raise ValueError(f"the {name} must be at least {MIN_SESSION_KEY} bytes")
        max_age = self.session_max_age
        if isinstance(max_age, bool) or not isinstance(max_age, int) or max_age <= 0:
            raise ValueError(f"the session max age must be a positive number of seconds, got {max_age!r}")

    @property
    def session_keys(self) -> tuple[bytes, ...]:
        """The keys a cookie may be signed with, the current one first."""
        return (self.session_key,) + ((self.previous_session_key,) if self.previous_session_key else ())

    def run_url(self) -> str:
        flow = urllib.parse.quote(self.flow_id, safe="")
        return f"{self.langflow_url.rstrip('/')}/api/v1/run/{flow}?stream=true"


# ---------------------------------------------------------------------------- pure helpers


def clean_question(text: str) -> str:
    """The question without control characters: newlines kept (CR, CRLF, U+2028/9 become LF), tabs spaced."""
    text = _NEWLINES.sub("\n", text).replace("\t", " ")
    return _UNSAFE.sub("", text).strip()


def _session_mac(key: bytes, session_id: str, issued: int) -> bytes:
    message = f"docs-chat-session\x00{session_id}\x00{issued}".encode()
    return base64.urlsafe_b64encode(hmac.new(key, message, hashlib.sha256).digest()).rstrip(b"=")


def sign_session(key: bytes, session_id: str, issued: int) -> str:
    """The cookie value for ``session_id`` issued at ``issued`` (Unix seconds): ``<id>.<issued>.<MAC>``.

    The MAC (base64url HMAC-SHA256) covers the issue time, so a cookie cannot be made younger.
    """
    return f"{session_id}.{issued}.{_session_mac(key, session_id, issued).decode()}"


@dataclass(frozen=True)
class Session:
    """A visitor's conversation, as its cookie says."""

    id: str
    issued: int
    """Unix seconds, as signed."""
    stale_key: bool = False
    """Signed with a previous key: still valid, to be re-issued under the current one."""


def verify_session(keys: Sequence[bytes], value: str, now: float, max_age: int) -> Session | None:
    """The session of a cookie value signed with one of ``keys`` (current first) and still young, else None.

        verify_session([key], sign_session(key, sid, 1000), now=1060, max_age=3600)  # Session(sid, 1000)

    None for a forged or malformed value, one ``max_age`` seconds old or older, and one dated more
    than ``CLOCK_SKEW_S`` ahead of ``now``.
    """
    parts = value.split(".")
    if len(parts) != 3:
        return None
    session_id, issued_text, mac = parts
    if not SESSION_ID.fullmatch(session_id) or not ISSUED.fullmatch(issued_text):
        return None
    issued = int(issued_text)
    signer = next(
        (
            n
            for n, key in enumerate(keys)
            if hmac.compare_digest(_session_mac(key, session_id, issued), mac.encode())
        ),
        None,
    )
    if signer is None or not now - max_age < issued <= now + CLOCK_SKEW_S:
        return None
    return Session(session_id, issued, stale_key=signer > 0)


def new_session_id() -> str:
    return secrets.token_urlsafe(24)  # 192 random bits, 32 characters of [A-Za-z0-9_-]


def new_request_id() -> str:
    return secrets.token_hex(8)


def failure_for_visitor(request_id: str) -> dict[str, str]:
    """What a visitor reads of an upstream failure: a generic sentence and the id to quote."""
    return {"error": LANGFLOW_FAILED.format(request_id), "request_id": request_id}


def parse_networks(text: str) -> tuple[IPNetwork, ...]:
    """``"127.0.0.1, 10.0.0.0/8"`` -> networks; raises ValueError on a bad entry."""
    return tuple(ipaddress.ip_network(part.strip(), strict=False) for part in text.split(",") if part.strip())


def client_address(peer: str, forwarded_for: Iterable[str], trusted: tuple[IPNetwork, ...]) -> str:
    """The visitor's address: the peer, or, when the peer is a trusted proxy, from ``X-Forwarded-For``.

    Hops are read right to left (each proxy appends the address it saw) and skipped while they are
    trusted proxies; the first untrusted one is the visitor. Anything left of it may be forged.
    """

    def is_trusted(address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in trusted)

    if not trusted or not is_trusted(peer):
        return peer
    hops = [hop.strip() for header in forwarded_for for hop in header.split(",")]
    address = peer
    for hop in reversed(hops):
        try:
            address = str(ipaddress.ip_address(hop))
        except ValueError:
            break  # a malformed hop: keep the last address a trusted proxy vouched for
        if not is_trusted(address):
            break
    return address


def without_session_ids(value: Any) -> Any:
    """``value`` with every ``session_id`` key removed, at any depth (the cookie stays the only copy)."""
    if isinstance(value, dict):
        return {k: without_session_ids(v) for k, v in value.items() if k != "session_id"}
    if isinstance(value, list):
        return [without_session_ids(v) for v in value]
    return value


def parse_event(line: bytes) -> dict[str, Any] | None:
    """One Langflow stream line as an event dict; None for separators and anything that is not one."""
    body = line.strip().removeprefix(b"data:").strip()
    if not body:
        return None
    try:
        event = json.loads(body)
    except (ValueError, RecursionError):
        return None
    return event if isinstance(event, dict) and isinstance(event.get("event"), str) else None


def _has_text(message: Any) -> bool:
    return (
        isinstance(message, dict)
        and message.get("sender") != "User"
        and isinstance(message.get("text"), str)
        and bool(message["text"].strip())
    )


@dataclass
class Progress:
    """What the stream has delivered so far, to tell a finished answer from an empty or cut one."""

    answered: bool = False
    ended: bool = False
    errored: bool = False

    def see(self, event: dict[str, Any]) -> None:
        name, data = event["event"], event.get("data")
        if name == "token":
            chunk = data.get("chunk") if isinstance(data, dict) else None
            self.answered |= isinstance(chunk, str) and bool(chunk.strip())
        elif name == "add_message":
            self.answered |= _has_text(data)
        elif name == "end":
            self.ended = True
            result = data.get("result") if isinstance(data, dict) else None
            runs = result.get("outputs") if isinstance(result, dict) else None
            for run in runs if isinstance(runs, list) else []:
                outputs = run.get("outputs") if isinstance(run, dict) else None
                for output in outputs if isinstance(outputs, list) else []:
                    results = output.get("results") if isinstance(output, dict) else None
                    self.answered |= isinstance(results, dict) and _has_text(results.get("message"))
        elif name == "error":
            self.errored = True

    def missing(self) -> str | None:
        """The error to report once the stream is over, or None when it delivered an answer."""
        if self.errored:
            return None
        if not self.ended:
            return "the answer stream ended early" if self.answered else "Langflow sent no answer"
        return None if self.answered else "Langflow returned an empty answer"


# ---------------------------------------------------------------------------- limits


class TokenBuckets:
    """One token bucket per key: ``burst`` tokens, refilled at ``per_minute``; thread-safe.

    A bucket that has refilled completely is the same as no bucket, so those are dropped now and
    then: memory grows with the visitors of the last refill period only.
    """

    def __init__(self, per_minute: float, burst: float, clock: Callable[[], float]) -> None:
        self.rate = per_minute / 60.0
        self.burst = float(burst)
        self._clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, when counted)
        self._lock = threading.Lock()
        self._pruned = clock()

    def take(self, key: str) -> float:
        """Spend a token: 0.0 when there was one, else the seconds until there is."""
        with self._lock:
            now = self._clock()
            tokens = self._tokens(key, now)
            if now - self._pruned > self.burst / self.rate:
                self._prune(now)
            if tokens >= 1.0:
                self._buckets[key] = (tokens - 1.0, now)
                return 0.0
            self._buckets[key] = (tokens, now)
            return (1.0 - tokens) / self.rate

    def refund(self, key: str) -> None:
        """Give back the token of a request that was turned away for another reason."""
        with self._lock:
            now = self._clock()
            self._buckets[key] = (min(self.burst, self._tokens(key, now) + 1.0), now)

    def _tokens(self, key: str, now: float) -> float:
        tokens, then = self._buckets.get(key, (self.burst, now))
        return min(self.burst, tokens + max(0.0, now - then) * self.rate)

    def _prune(self, now: float) -> None:
        full_after = self.burst / self.rate
        self._buckets = {k: v for k, v in self._buckets.items() if now - v[1] < full_after}
        self._pruned = now

    def __len__(self) -> int:
        return len(self._buckets)


class Slots:
    """A non-blocking counting semaphore whose count can be read (``active``)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.active = 0
        self._lock = threading.Lock()

    def acquire(self) -> bool:
        with self._lock:
            if self.active >= self.size:
                return False
            self.active += 1
            return True

    def release(self) -> None:
        with self._lock:
            self.active -= 1


CLIENT_GONE = "client gone"
DEADLINE = "deadline"


class StreamGuard:
    """Cuts the upstream connection when the visitor leaves or the stream outlives its cap.

    A relay notices a closed browser only when it next writes, which may be minutes away while
    the model thinks; this thread watches the visitor's socket (readable and empty means closed)
    and the deadline, and shuts the upstream socket down, which ends the relay's blocking read.
    """

    def __init__(self, client: socket.socket, seconds: float) -> None:
        self.reason: str | None = None
        self._client = client
        self._deadline = time.monotonic() + seconds
        self._upstream: socket.socket | None = None
        self._wake_r, self._wake_w = socket.socketpair()
        self._thread = threading.Thread(target=self._run, name="docs-chat-guard", daemon=True)

    def start(self, upstream: socket.socket) -> None:
        self._upstream = upstream
        self._thread.start()

    def stop(self) -> None:
        with suppress(OSError):
            self._wake_w.send(b"x")
        if self._thread.ident is not None:
            self._thread.join()
        self._wake_r.close()
        self._wake_w.close()

    def _run(self) -> None:
        with selectors.DefaultSelector() as selector:
            selector.register(self._client, selectors.EVENT_READ)
            selector.register(self._wake_r, selectors.EVENT_READ)
            while (remaining := self._deadline - time.monotonic()) > 0:
                for key, _ in selector.select(remaining):
                    if key.fileobj is self._wake_r:
                        return
                    if self._client_left():
                        self._cut(CLIENT_GONE)
                        return
            self._cut(DEADLINE)

    def _client_left(self) -> bool:
        try:
            return not self._client.recv(4096)  # extra bytes after the request are discarded
        except (BlockingIOError, InterruptedError, TimeoutError):
            return False
        except OSError:
            return True

    def _cut(self, reason: str) -> None:
        self.reason = reason
        if self._upstream is not None:
            with suppress(OSError):
                self._upstream.shutdown(socket.SHUT_RDWR)


# ---------------------------------------------------------------------------- HTTP


class Handler(BaseHTTPRequestHandler):
    server: DocsChatServer
    protocol_version = "HTTP/1.0"  # no chunking needed: the stream ends when the connection closes
    timeout = CLIENT_TIMEOUT_S

    def do_GET(self) -> None:
        path = urllib.parse.urlsplit(self.path).path
        if path == "/favicon.ico":
            self._send(HTTPStatus.NO_CONTENT, b"", "image/x-icon")
            return
        entry = STATIC.get(path)
        if entry is None:
            self._json(HTTPStatus.NOT_FOUND, {"error": "not found"})
            return
        name, mime = entry
        self._send(HTTPStatus.OK, (HERE / name).read_bytes(), f"{mime}; charset=utf-8")

    def do_POST(self) -> None:
        path = urllib.parse.urlsplit(self.path).path
        if path == "/api/session":
            with suppress(ValueError):  # a body is not expected, but unread bytes would reset the reply
                self.rfile.read(min(MAX_BODY, max(0, int(self.headers.get("Content-Length") or 0))))
            session_id, cookie = self._mint_session()
            if session_id is not None:
                self._send(HTTPStatus.NO_CONTENT, b"", "text/plain", {"Set-Cookie": cookie})
            return
        if path != "/api/ask":
            self._json(HTTPStatus.NOT_FOUND, {"error": "not found"})
            return
        question = self._read_question()
        if question is None:
            return
        server = self.server
        session = self._cookie_session()
        session_id = session.id if session else None
        bucket = f"session:{session_id}" if session_id else f"address:{self.visitor}"
        extra: dict[str, str] = {}
        if session and session.stale_key:
            extra["Set-Cookie"] = self._session_cookie(session)
        if wait := server.asks.take(bucket):
            seconds = max(1, math.ceil(wait))
            error = {"error": f"Too many questions; try again in {seconds} s."}
            self._json(HTTPStatus.TOO_MANY_REQUESTS, error, {**extra, "Retry-After": str(seconds)})
            return
        if session_id is None:
            session_id, extra["Set-Cookie"] = self._mint_session()
            if session_id is None:
                server.asks.refund(bucket)
                return
        if not server.slots.acquire():
            server.asks.refund(bucket)
            extra["Retry-After"] = str(BUSY_RETRY_AFTER_S)
            self._json(
                HTTPStatus.SERVICE_UNAVAILABLE, {"error": "The service is busy; try again shortly."}, extra
            )
            return
        try:
            self._relay(question, session_id, extra)
        finally:
            server.slots.release()

    @property
    def visitor(self) -> str:
        trusted = self.server.config.trusted_proxies
        return client_address(self.client_address[0], self.headers.get_all("X-Forwarded-For") or [], trusted)

    def _cookie_session(self) -> Session | None:
        config = self.server.config
        now = self.server.wall_clock()
        for header in self.headers.get_all("Cookie") or []:
            for part in header.split(";"):
                name, _, value = part.strip().partition("=")
                if name == COOKIE and (
                    session := verify_session(config.session_keys, value, now, config.session_max_age)
                ):
                    return session
        return None

    def _session_cookie(self, session: Session) -> str:
        """The Set-Cookie value for ``session`` under the current key, expiring when its lifetime ends."""
        config = self.server.config
        max_age = max(1, session.issued + config.session_max_age - math.floor(self.server.wall_clock()))
        value = sign_session(config.session_key, session.id, session.issued)
        cookie = f"{COOKIE}={value}; Max-Age={max_age}; Path=/api/; HttpOnly; SameSite=Strict"
        return cookie + ("; Secure" if config.cookie_secure else "")

    def _mint_session(self) -> tuple[str | None, str]:
        """A new session and its Set-Cookie value, or (None, "") after answering 429."""
        if wait := self.server.new_sessions.take(self.visitor):
            seconds = max(1, math.ceil(wait))
            error = {"error": f"Too many new conversations; try again in {seconds} s."}
            self._json(HTTPStatus.TOO_MANY_REQUESTS, error, {"Retry-After": str(seconds)})
            return None, ""
        session = Session(new_session_id(), math.floor(self.server.wall_clock()))
        return session.id, self._session_cookie(session)

    def _read_question(self) -> str | None:
        content_type = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        if content_type != "application/json":
            # Also keeps other sites' forms out: a cross-origin JSON post needs a CORS preflight.
            self._json(HTTPStatus.UNSUPPORTED_MEDIA_TYPE, {"error": "send Content-Type: application/json"})
            return None
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = -1
        if not 0 < length <= MAX_BODY:
            self._json(HTTPStatus.BAD_REQUEST, {"error": "send a JSON body of at most 64 KiB"})
            return None
        try:
            payload = json.loads(self.rfile.read(length))
        except (ValueError, RecursionError):
            payload = None
        raw = payload.get("question") if isinstance(payload, dict) else None
        question = clean_question(raw) if isinstance(raw, str) and len(raw) <= MAX_QUESTION else ""
        if not question:
            self._json(HTTPStatus.BAD_REQUEST, {"error": f"'question' must be 1-{MAX_QUESTION} characters"})
            return None
        return question

    def _relay(self, question: str, session_id: str, extra: dict[str, str]) -> None:
        config = self.server.config
        request_id = new_request_id()
        extra = {**extra, "X-Request-Id": request_id}
        body: dict[str, Any] = {
            "input_value": question,
            "input_type": "chat",
            "output_type": "chat",
            "session_id": session_id,
        }
        if config.tweaks:
            body["tweaks"] = config.tweaks
        headers = {"Content-Type": "application/json", "Accept": "text/event-stream"}
        if config.api_key:
            headers["x-api-key"] = config.api_key
        url = urllib.parse.urlsplit(config.run_url())
        connection_class = (
            http.client.HTTPSConnection if url.scheme == "https" else http.client.HTTPConnection
        )
        connection = connection_class(url.hostname or "", url.port, timeout=CONNECT_TIMEOUT_S)
        guard = StreamGuard(self.connection, config.limits.max_stream_seconds)
        try:
            try:
                connection.connect()
                assert connection.sock is not None
                connection.sock.settimeout(UPSTREAM_TIMEOUT_S)
                guard.start(connection.sock)
                connection.request("POST", f"{url.path}?{url.query}", json.dumps(body).encode(), headers)
                upstream = connection.getresponse()
            except (OSError, http.client.HTTPException) as exc:
                if guard.reason == CLIENT_GONE:
                    return
                if guard.reason == DEADLINE:
                    error = f"Langflow did not answer within {config.limits.max_stream_seconds:g} s"
                    self._json(HTTPStatus.GATEWAY_TIMEOUT, {"error": error}, extra)
                    return
                log.error("request %s: Langflow unreachable: %r", request_id, exc)
                self._json(HTTPStatus.BAD_GATEWAY, failure_for_visitor(request_id), extra)
                return
            if upstream.status != HTTPStatus.OK:
                detail = upstream.read(LOG_DETAIL).decode("utf-8", "replace")
                log.error("request %s: Langflow answered %s: %s", request_id, upstream.status, detail)
                self._json(HTTPStatus.BAD_GATEWAY, failure_for_visitor(request_id), extra)
                return
            self._stream(upstream, guard, extra, request_id)
        finally:
            guard.stop()
            connection.close()

    def _stream(
        self, upstream: http.client.HTTPResponse, guard: StreamGuard, extra: dict[str, str], request_id: str
    ) -> None:
        self.send_response(HTTPStatus.OK)
        self._headers("application/x-ndjson; charset=utf-8")
        self.send_header("Cache-Control", "no-store")
        for name, value in extra.items():
            self.send_header(name, value)
        self.end_headers()
        progress = Progress()
        failure: str | None = None
        while True:
            try:
                line = upstream.readline()  # Langflow writes json + "\n\n" per event and flushes it
            except (OSError, http.client.HTTPException) as exc:
                failure = type(exc).__name__
                break
            if not line:
                break
            event = parse_event(line)
            if event is None or event["event"] not in FORWARDED_EVENTS:
                continue
            if event["event"] == "error":
                # Langflow's error events carry exception text, tracebacks and component details. A
                # failed run sends two (the component's error message, then the run's): the page
                # reads one.
                detail = json.dumps(event.get("data"), ensure_ascii=False)[:LOG_DETAIL]
                log.error("request %s: Langflow's stream reported an error: %s", request_id, detail)
                if progress.errored:
                    continue
                event = {"event": "error", "data": failure_for_visitor(request_id)}
            progress.see(event)
            if not self._write_event(without_session_ids(event)):
                return  # the browser went away; closing upstream lets Langflow cancel the run
        if guard.reason == CLIENT_GONE:
            return
        if progress.ended or progress.errored:
            error = progress.missing()
        elif guard.reason == DEADLINE:
            seconds = self.server.config.limits.max_stream_seconds
            error = f"the answer took longer than {seconds:g} s and was stopped"
        elif failure:
            error = f"stream interrupted: {failure}"
        else:
            error = progress.missing()
        if error:
            self._write_event({"event": "error", "data": {"error": error}})

    def _write_event(self, event: dict[str, Any]) -> bool:
        try:
            self.wfile.write(json.dumps(event).encode() + b"\n")  # ASCII: a lone surrogate cannot break it
            self.wfile.flush()
        except OSError:
            return False
        return True

    def _headers(self, content_type: str) -> None:
        self.send_header("Content-Type", content_type)
        for name, value in SECURITY_HEADERS.items():
            self.send_header(name, value)

    def _send(
        self, status: HTTPStatus, body: bytes, content_type: str, extra: dict[str, str] | None = None
    ) -> None:
        self.send_response(status)
        self._headers(content_type)
        for name, value in (extra or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _json(self, status: HTTPStatus, payload: dict[str, Any], extra: dict[str, str] | None = None) -> None:
        self._send(status, json.dumps(payload).encode(), "application/json", extra)

    def log_message(self, format: str, *args: Any) -> None:
        if not self.server.quiet:
            super().log_message(format, *args)


class DocsChatServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(
        self,
        address: tuple[str, int],
        config: Config,
        *,
        quiet: bool = False,
        clock: Callable[[], float] = time.monotonic,
        wall_clock: Callable[[], float] = time.time,
    ) -> None:
        super().__init__(address, Handler)
        self.config = config
        self.quiet = quiet
        self.wall_clock = wall_clock  # session cookies carry Unix times
        limits = config.limits
        self.asks = TokenBuckets(limits.rate_per_minute, limits.burst, clock)
        self.new_sessions = TokenBuckets(limits.sessions_per_minute, limits.sessions_per_minute, clock)
        self.slots = Slots(limits.max_concurrent)

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that drops a connection before the answer is written (a cancelled favicon
        # request, a closed tab) is routine, not a server fault worth a traceback.
        if isinstance(sys.exc_info()[1], BrokenPipeError | ConnectionResetError | TimeoutError):
            return
        super().handle_error(request, client_address)


def _env(name: str, default: str) -> str:
    return os.environ.get(name) or default


def main(argv: list[str] | None = None) -> None:
    defaults = Limits()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--langflow-url", default=_env("LANGFLOW_URL", "http://127.0.0.1:7860"))
    parser.add_argument("--flow-id", default=os.environ.get("LANGFLOW_FLOW_ID"))
    limit = parser.add_argument_group("limits (each also read from the DOCS_CHAT_* variable named)")
    limit.add_argument(
        "--rate",
        type=float,
        default=_env("DOCS_CHAT_RATE", str(defaults.rate_per_minute)),
        help="questions per minute per visitor (DOCS_CHAT_RATE; default %(default)s)",
    )
    limit.add_argument(
        "--burst",
        type=int,
        default=_env("DOCS_CHAT_BURST", str(defaults.burst)),
        help="questions a visitor may ask back to back (DOCS_CHAT_BURST; default %(default)s)",
    )
    limit.add_argument(
        "--session-rate",
        type=float,
        default=_env("DOCS_CHAT_SESSION_RATE", str(defaults.sessions_per_minute)),
        help="new conversations per minute per address, also the burst "
        "(DOCS_CHAT_SESSION_RATE; default %(default)s)",
    )
    limit.add_argument(
        "--max-concurrent",
        type=int,
        default=_env("DOCS_CHAT_MAX_CONCURRENT", str(defaults.max_concurrent)),
        help="upstream runs at once, for all visitors (DOCS_CHAT_MAX_CONCURRENT; default %(default)s)",
    )
    limit.add_argument(
        "--max-stream-seconds",
        type=float,
        default=_env("DOCS_CHAT_MAX_STREAM_SECONDS", str(defaults.max_stream_seconds)),
        help="longest answer stream (DOCS_CHAT_MAX_STREAM_SECONDS; default %(default)s)",
    )
    parser.add_argument(
        "--trusted-proxies",
        default=_env("DOCS_CHAT_TRUSTED_PROXIES", ""),
        help="comma-separated proxy addresses/networks whose X-Forwarded-For is believed "
        "(DOCS_CHAT_TRUSTED_PROXIES; default: none, the header is ignored)",
    )
    parser.add_argument(
        "--session-max-age",
        type=int,
        default=_env("DOCS_CHAT_SESSION_MAX_AGE", str(SESSION_MAX_AGE_S)),
        help="seconds a session cookie stays valid after it is issued "
        "(DOCS_CHAT_SESSION_MAX_AGE; default %(default)s, 7 days)",
    )
    parser.add_argument(
        "--cookie-secure",
        action="store_true",
        default=_env("DOCS_CHAT_COOKIE_SECURE", "") not in ("", "0", "false"),
        help="mark the session cookie Secure: set it when visitors use HTTPS (DOCS_CHAT_COOKIE_SECURE=1)",
    )
    args = parser.parse_args(argv)
    if not args.flow_id:
        parser.error("set LANGFLOW_FLOW_ID or pass --flow-id")
    key = os.environ.get(SESSION_KEY_ENV, "").encode()
    if not key:
        key = secrets.token_bytes(32)
        print(
            f"{SESSION_KEY_ENV} is not set: using a random key, conversations end when the server "
            "restarts and are not shared between instances",
            file=sys.stderr,
            flush=True,
        )
    try:
        config = Config(
            args.langflow_url,
            args.flow_id,
            os.environ.get("LANGFLOW_API_KEY") or None,
            json.loads(os.environ.get("LANGFLOW_TWEAKS") or "{}"),
            key,
            Limits(args.rate, args.burst, args.session_rate, args.max_concurrent, args.max_stream_seconds),
            parse_networks(args.trusted_proxies),
            args.cookie_secure,
            args.session_max_age,
            os.environ.get(PREVIOUS_SESSION_KEY_ENV, "").encode() or None,
        )
    except ValueError as exc:
        parser.error(str(exc))
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    with DocsChatServer((args.host, args.port), config) as server:
        print(f"docs-chat on http://{args.host}:{server.server_address[1]} -> {config.run_url()}", flush=True)
        server.serve_forever()


if __name__ == "__main__":
    main()
