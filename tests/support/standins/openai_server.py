"""OpenAI-compatible stand-in server for tests (chat completions, embeddings, models).

Why a real HTTP server: the citation bundle parses answers *as they stream*, so
tests must control exactly how the model's answer is split into SSE chunks
(e.g. a ``[Source 1]`` marker cut across chunks) and how a stream fails. A
Python-level fake would bypass langchain-openai and the openai SDK, whose
chunk handling is what the bundle actually sees in production.

Chat answers come from a *script*: a FIFO of :class:`Reply` objects, each a
list of content chunks plus an optional failure mode. Every chat request pops
one reply (note that client retries pop further replies; pass
``max_retries=0`` when scripting failures). With an empty script the server
answers :data:`DEFAULT_REPLY`, which cites ``[Source 1]``.

Embeddings are deterministic bag-of-words feature-hash vectors
(:func:`embed_text`), so texts sharing content words are close under cosine.
The Astra Data API stand-in seeds its corpus with the same function, so a
query embedded through this server finds the right chunks there.

Control endpoints (for a stand-in running as a subprocess; the in-process
object has the same operations as methods):

* ``POST /_script`` ``{"replies": [Reply JSON, ...], "append": false}``
* ``GET /_requests`` -> recorded requests (``GET /v1/models`` too); ``DELETE /_requests`` clears them
* ``POST /_reset`` -> empty script, no recorded requests
* ``GET /_streams`` -> how each chat answer's delivery ended (see :class:`Delivery`)

Reply JSON: ``{"chunks": ["Water is wet [Sou", "rce 1", "]."],
"fail": null | "disconnect" | "error" | "http_error" | "malformed" | "stall", "status": 500,
"error_message": "...", "finish_reason": "stop", "chunk_delay": 0.0, "stall_seconds": 30.0}``.

Every chat answer's delivery is recorded (:attr:`OpenAIStandin.deliveries`): how many content
chunks left, and whether the answer ended as scripted or the *client* hung up first. That is how a
test sees, from outside the client, that a cancelled request really stopped reading the model.

Token-id input: by default the stand-in decodes it with ``cl100k_base``, as OpenAI's API reads it. With
``text_only_embeddings=True`` (``--text-only-embeddings``) it answers token-id arrays the way Ollama's
``/v1/embeddings`` does, HTTP 400 ``{"error": {"message": "invalid input type", "type": "api_error", ...}}``
(:data:`TEXT_ONLY_ERROR`): a client that must send text to an OpenAI-compatible server fails there instead
of passing thanks to the decoding. The request is recorded either way.

Run standalone: ``python -m tests.support.standins.openai_server --port 0 [--script FILE]
[--dimension N] [--text-only-embeddings]``; it prints ``READY http://127.0.0.1:PORT`` once listening.
Point clients at ``http://127.0.0.1:PORT/v1``.
"""

from __future__ import annotations

import argparse
import base64
import functools
import hashlib
import importlib.util
import json
import logging
import math
import os
import re
import struct
import threading
import time
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Literal

from tests.support.standins import JSONHandler, Standin, http_json, run_cli

logger = logging.getLogger("standins.openai")

DEFAULT_DIMENSION = 1536
"""Dimension of ``text-embedding-3-small``; requests may override it with ``dimensions``."""
DEFAULT_MODEL = "gpt-4o-mini"
MODELS = ("gpt-4o-mini", "gpt-4o", "gpt-4.1-mini", "text-embedding-3-small", "text-embedding-3-large")
CREATED = 1_700_000_000
"""Fixed ``created`` timestamp keeps responses byte-for-byte deterministic."""

FailMode = Literal["disconnect", "error", "http_error", "malformed", "stall"]
FAIL_MODES: tuple[str, ...] = ("disconnect", "error", "http_error", "malformed", "stall")
MAX_STALL_SECONDS = 120.0
"""A stall never pins a handler thread longer than this, whatever a script asks."""
MALFORMED_EVENT = b'data: {"id": "chatcmpl-standin", "choices": [{"delta": {"content": "x"\n\n'
"""An SSE event whose JSON is cut off: what a proxy truncating a line or a buggy gateway sends."""


@dataclass(frozen=True)
class Reply:
    """One scripted answer: the exact content chunks, and optionally how it fails.

    ``fail`` modes:

    * ``"disconnect"``: stream ``chunks`` then drop the TCP connection without
      finishing the chunked body (the client sees a protocol error). On a
      non-streamed request the connection is dropped before any response.
    * ``"error"``: stream ``chunks`` then an SSE ``{"error": {...}}`` event, as
      OpenAI does for mid-stream failures; non-streamed: HTTP 500 error body.
    * ``"http_error"``: answer ``status`` with an OpenAI error body at once (429 adds
      ``retry-after: 0``, as the API does for rate limits).
    * ``"malformed"``: stream ``chunks`` then one event whose JSON is cut off
      (:data:`MALFORMED_EVENT`), then ``[DONE]``; non-streamed: HTTP 200 with a truncated
      JSON body.
    * ``"stall"``: stream ``chunks`` then send nothing for ``stall_seconds`` (at most
      :data:`MAX_STALL_SECONDS`) or until the client hangs up, then drop the connection;
      non-streamed: wait the same way before answering normally.

    ``tool_calls`` (``[{"name": ..., "arguments": {...}}, ...]``) makes the answer a tool-calling
    message, as OpenAI sends it: ``tool_calls`` with ids and JSON-string arguments (streamed as
    deltas by index, the arguments in pieces), finish reason ``tool_calls``.
    """

    chunks: tuple[str, ...] = ()
    fail: FailMode | None = None
    status: int = 500
    error_message: str = "The OpenAI stand-in was scripted to fail."
    finish_reason: str = "stop"
    chunk_delay: float = 0.0
    tool_calls: tuple[dict[str, Any], ...] = ()
    stall_seconds: float = 30.0

    def __post_init__(self) -> None:
        if self.fail is not None and self.fail not in FAIL_MODES:
            raise ValueError(f"Unknown fail mode {self.fail!r}")
        if isinstance(self.chunks, str):  # Reply("text") would otherwise stream one char per chunk
            raise TypeError("chunks must be a sequence of strings, not a string")
        object.__setattr__(self, "chunks", tuple(self.chunks))
        object.__setattr__(self, "tool_calls", tuple(dict(c) for c in self.tool_calls))
        if self.tool_calls and self.finish_reason == "stop":
            object.__setattr__(self, "finish_reason", "tool_calls")

    def wire_tool_calls(self, completion_id: str) -> list[dict[str, Any]]:
        """The tool calls as OpenAI's API writes them."""
        return [
            {
                "id": f"call_{completion_id}_{i}",
                "type": "function",
                "function": {"name": call["name"], "arguments": json.dumps(call.get("arguments", {}))},
            }
            for i, call in enumerate(self.tool_calls)
        ]

    @property
    def text(self) -> str:
        return "".join(self.chunks)

    @classmethod
    def disconnect(cls, *chunks: str) -> Reply:
        return cls(chunks=chunks, fail="disconnect")

    @classmethod
    def stream_error(cls, *chunks: str, message: str = "The server had an error while processing.") -> Reply:
        return cls(chunks=chunks, fail="error", error_message=message)

    @classmethod
    def http_error(cls, status: int = 500, message: str = "The server had an error.") -> Reply:
        return cls(fail="http_error", status=status, error_message=message)

    @classmethod
    def malformed(cls, *chunks: str) -> Reply:
        return cls(chunks=chunks, fail="malformed")

    @classmethod
    def stall(cls, *chunks: str, seconds: float = 30.0) -> Reply:
        return cls(chunks=chunks, fail="stall", stall_seconds=seconds)

    @classmethod
    def coerce(cls, value: Reply | str | Sequence[str] | Mapping[str, Any]) -> Reply:
        """Accept a Reply, a single string, a list of chunks, or Reply JSON."""
        if isinstance(value, Reply):
            return value
        if isinstance(value, str):
            return cls(chunks=(value,))
        if isinstance(value, Mapping):
            data = dict(value)
            data["chunks"] = tuple(data.get("chunks", ()))
            data["tool_calls"] = tuple(data.get("tool_calls", ()))
            return cls(**data)
        return cls(chunks=tuple(value))

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["chunks"] = list(self.chunks)
        data["tool_calls"] = [dict(c) for c in self.tool_calls]
        return data


@dataclass
class Delivery:
    """How one chat answer left the stand-in.

    ``outcome``: ``"completed"`` (ended as scripted, failure modes included), ``"client_gone"``
    (the client closed the connection before the end), ``"stall_elapsed"`` (a stall ran its full
    time with the client still waiting).
    """

    request: int
    stream: bool
    fail: str | None
    chunks_sent: int = 0
    outcome: str = "in_progress"

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


class ClientGone(Exception):
    """The client hung up while an answer was being written or withheld."""


DEFAULT_REPLY = Reply(chunks=("Stand-in answer ", "from the context ", "[Source 1]."))
"""Answer used when nothing is scripted: deterministic and cites ``[Source 1]``."""


# --------------------------------------------------------------------------- embeddings

_WORD = re.compile(r"[a-z0-9]+")
_STOPWORD_LIST = (
    "a an and are as at be by can do does did for from has have how in into is it its of on "
    "or so that the their there these this those to was what when where which who why will with"
)
_STOPWORDS = frozenset(_STOPWORD_LIST.split())
_BUCKETS_PER_TERM = 4


def _terms(text: str) -> list[str]:
    """Lower-cased content words with a naive plural strip ("collections" ~ "collection")."""
    words = (w for w in _WORD.findall(text.lower()) if w not in _STOPWORDS)
    return [w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w for w in words]


def embed_text(text: str, dimension: int = DEFAULT_DIMENSION) -> list[float]:
    """Deterministic unit vector: signed feature hashing of the text's content words.

    Texts sharing words get a positive cosine, unrelated texts ~0. Text without
    content words maps to a fixed basis vector instead of a zero vector, which
    cosine similarity (and the real Data API) cannot handle.
    """
    vector = [0.0] * dimension
    for term in _terms(text):
        digest = hashlib.blake2b(term.encode(), digest_size=4 * _BUCKETS_PER_TERM).digest()
        for k in range(_BUCKETS_PER_TERM):
            slot = digest[4 * k : 4 * k + 4]
            index = int.from_bytes(slot[:3], "little") % dimension
            vector[index] += 1.0 if slot[3] & 1 else -1.0
    norm = math.sqrt(sum(v * v for v in vector))
    if norm == 0.0:
        vector[0], norm = 1.0, 1.0
    return [v / norm for v in vector]


CL100K_URL = "https://openaipublic.blob.core.windows.net/encodings/cl100k_base.tiktoken"
CL100K_CACHE_KEY = hashlib.sha1(CL100K_URL.encode(), usedforsecurity=False).hexdigest()
"""File name tiktoken looks for in ``TIKTOKEN_CACHE_DIR`` (sha1 of the blob URL)."""


def tiktoken_cache_dir() -> str | None:
    """A directory holding ``cl100k_base`` under tiktoken's cache name, for offline clients.

    litellm ships the file; locating its package via ``find_spec`` avoids importing litellm.
    """
    candidates = [os.environ.get("TIKTOKEN_CACHE_DIR")]
    spec = importlib.util.find_spec("litellm")
    if spec is not None and spec.submodule_search_locations:
        candidates += [
            str(Path(loc) / "litellm_core_utils" / "tokenizers") for loc in spec.submodule_search_locations
        ]
    return next((c for c in candidates if c and (Path(c) / CL100K_CACHE_KEY).is_file()), None)


@functools.cache
def _cl100k_tokens() -> dict[int, bytes]:
    cache_dir = tiktoken_cache_dir()
    if cache_dir is None:
        msg = (
            "cl100k_base not found: cannot decode token-id input (install litellm or set TIKTOKEN_CACHE_DIR)"
        )
        raise RuntimeError(msg)
    tokens: dict[int, bytes] = {}
    for line in (Path(cache_dir) / CL100K_CACHE_KEY).read_bytes().splitlines():
        if line:
            token, rank = line.split()
            tokens[int(rank)] = base64.b64decode(token)
    return tokens


def decode_token_ids(ids: Iterable[int]) -> str:
    """Back to text, so token-id input embeds exactly like the same text sent as a string.

    langchain-openai tokenizes with tiktoken before calling the API, while the
    Data API stand-in seeds from plain text: both must land on the same vector.
    """
    tokens = _cl100k_tokens()
    return b"".join(tokens.get(i, b"") for i in ids).decode("utf-8", errors="replace")


def provider_host() -> str:
    """An address of this machine where Langflow reaches a model server given as a provider setting.

    Langflow rewrites ``127.0.0.1``/``localhost`` in a model provider's base URL to the container's host
    when it finds itself in a container (``lfx.utils.util.transform_localhost_url``): right for a model
    server on the host, wrong for one in the same container, as the stand-ins are. There, the stand-in
    listens on the container's own address on the way to that host instead; elsewhere on 127.0.0.1.
    """
    import socket

    from lfx.utils.util import get_container_host

    host = get_container_host()
    if host is None:
        return "127.0.0.1"
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect((socket.gethostbyname(host), 9))  # no packet leaves: this only picks a route
        except OSError:
            return "127.0.0.1"
        return str(probe.getsockname()[0])


TEXT_ONLY_ERROR = "invalid input type"
"""Ollama's message for an ``input`` that is not a string or a list of strings (ollama/ollama#5907)."""


class TokenIdInput(ValueError):
    """Token-id ``input`` sent to a stand-in that takes text only."""


def _is_token_ids(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(x, int) for x in value)


def _embedding_inputs(raw: Any, *, text_only: bool = False) -> list[str]:
    """Normalize every ``input`` shape the API accepts into texts.

    ``text_only``: token ids (one array, or arrays in a list) raise :class:`TokenIdInput`, as a server
    that takes only text refuses them.
    """
    if text_only and (_is_token_ids(raw) or (isinstance(raw, list) and any(_is_token_ids(x) for x in raw))):
        raise TokenIdInput(TEXT_ONLY_ERROR)
    if isinstance(raw, str):
        return [raw]
    if isinstance(raw, list) and raw and all(isinstance(x, int) for x in raw):
        return [decode_token_ids(raw)]
    if isinstance(raw, list) and raw:
        texts: list[str] = []
        for item in raw:
            if isinstance(item, str):
                texts.append(item)
            elif isinstance(item, list) and all(isinstance(x, int) for x in item):
                texts.append(decode_token_ids(item))
            else:
                raise ValueError(f"Invalid embedding input item: {item!r}")
        return texts
    raise ValueError(f"Invalid 'input': {raw!r}")


# --------------------------------------------------------------------------- server


def _error_body(message: str, error_type: str = "server_error", code: str | None = None) -> dict[str, Any]:
    return {"error": {"message": message, "type": error_type, "param": None, "code": code}}


def _prompt_tokens(messages: Any) -> int:
    return sum(len(str(m.get("content", "")).split()) for m in messages or [] if isinstance(m, dict))


def _usage(prompt_tokens: int, completion_tokens: int) -> dict[str, Any]:
    return {
        "prompt_tokens": prompt_tokens,
        "completion_tokens": completion_tokens,
        "total_tokens": prompt_tokens + completion_tokens,
        "prompt_tokens_details": {"cached_tokens": 0, "audio_tokens": 0},
        "completion_tokens_details": {
            "reasoning_tokens": 0,
            "audio_tokens": 0,
            "accepted_prediction_tokens": 0,
            "rejected_prediction_tokens": 0,
        },
    }


class _OpenAIHandler(JSONHandler):
    logger = logger
    standin: OpenAIStandin  # type: ignore[assignment]

    # -- routing

    def do_GET(self) -> None:
        if self.path.startswith("/v1/"):
            self.standin.record(self.command, self.path, dict(self.headers.items()), None)
        if self.path == "/v1/models":
            self.send_json(200, {"object": "list", "data": [self._model(m) for m in self.standin.models]})
        elif self.path.startswith("/v1/models/"):
            self.send_json(200, self._model(self.path.removeprefix("/v1/models/")))
        elif self.path == "/_requests":
            self.send_json(200, self.standin.requests)
        elif self.path == "/_streams":
            self.send_json(200, [d.to_json() for d in self.standin.deliveries])
        else:
            self._not_found()

    def do_POST(self) -> None:
        body = self.read_json()
        if self.path == "/_script":
            try:
                replies = [Reply.coerce(r) for r in (body or {}).get("replies", [])]
            except (TypeError, ValueError) as exc:  # a typo in a test's script must fail loudly
                self.send_json(400, _error_body(f"Invalid script: {exc}", "invalid_request_error"))
                return
            self.standin.script(*replies, append=bool((body or {}).get("append")))
            self.send_json(200, {"queued": len(self.standin.pending_replies)})
            return
        if self.path == "/_reset":
            self.standin.reset()
            self.send_json(200, {"ok": True})
            return
        self.standin.record(self.command, self.path, dict(self.headers.items()), body)
        if not self.headers.get("Authorization", "").startswith("Bearer "):
            self.send_json(401, _error_body("You didn't provide an API key.", "invalid_request_error"))
        elif self.path == "/v1/chat/completions":
            self._chat(body or {})
        elif self.path == "/v1/embeddings":
            self._embeddings(body or {})
        else:
            self._not_found()

    def do_DELETE(self) -> None:
        if self.path == "/_requests":
            self.standin.clear_requests()
            self.send_json(200, {"ok": True})
        else:
            self._not_found()

    def _not_found(self) -> None:
        logger.warning("OpenAI stand-in: unsupported %s %s", self.command, self.path)
        self.send_json(
            404, _error_body(f"Unknown request URL: {self.command} {self.path}", "invalid_request_error")
        )

    @staticmethod
    def _model(model_id: str) -> dict[str, Any]:
        return {"id": model_id, "object": "model", "created": CREATED, "owned_by": "standin"}

    # -- chat completions

    def _chat(self, body: dict[str, Any]) -> None:
        reply = self.standin.next_reply()
        completion_id = f"chatcmpl-standin-{self.standin.request_count}"
        model = body.get("model") or DEFAULT_MODEL
        delivery = self.standin.start_delivery(stream=bool(body.get("stream")), fail=reply.fail)
        try:
            self._answer(body, reply, completion_id, model, delivery)
        except (ClientGone, BrokenPipeError, ConnectionResetError):
            delivery.outcome = "client_gone"
            self.close_connection = True
        else:
            if delivery.outcome == "in_progress":
                delivery.outcome = "completed"

    def _answer(
        self, body: dict[str, Any], reply: Reply, completion_id: str, model: str, delivery: Delivery
    ) -> None:
        if reply.fail == "http_error":
            headers = {"retry-after": "0", "retry-after-ms": "0"} if reply.status == 429 else None
            code = "rate_limit_exceeded" if reply.status == 429 else None
            kind = "requests" if reply.status == 429 else "server_error"
            self.send_json(reply.status, _error_body(reply.error_message, kind, code), headers)
        elif body.get("stream"):
            self._stream(body, reply, completion_id, model, delivery)
        elif reply.fail == "disconnect":
            self.close_connection = True  # no response at all
        elif reply.fail == "error":
            self.send_json(500, _error_body(reply.error_message))
        elif reply.fail == "malformed":
            truncated = (
                b'{"id": "' + completion_id.encode() + b'", "object": "chat.completion", "choices": [{'
            )
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(truncated)))
            self.end_headers()
            self.wfile.write(truncated)
        else:
            if reply.fail == "stall":
                self._withhold(reply.stall_seconds, delivery)
            delivery.chunks_sent = len(reply.chunks)
            self.send_json(
                200,
                {
                    "id": completion_id,
                    "object": "chat.completion",
                    "created": CREATED,
                    "model": model,
                    "choices": [
                        {
                            "index": 0,
                            "message": {
                                "role": "assistant",
                                "content": reply.text or (None if reply.tool_calls else ""),
                                "refusal": None,
                                "annotations": [],
                                **(
                                    {"tool_calls": reply.wire_tool_calls(completion_id)}
                                    if reply.tool_calls
                                    else {}
                                ),
                            },
                            "logprobs": None,
                            "finish_reason": reply.finish_reason,
                        }
                    ],
                    "usage": _usage(_prompt_tokens(body.get("messages")), len(reply.chunks)),
                    "service_tier": "default",
                    "system_fingerprint": "fp_standin",
                },
            )

    def _withhold(self, seconds: float, delivery: Delivery) -> None:
        """Send nothing for ``seconds`` (bounded), then mark the delivery ``stall_elapsed``.

        Raises :class:`ClientGone` as soon as the client closes its side: a stalled answer must not
        pin a thread after the caller gave up, and the test needs to see that it gave up.
        """
        if self.client_gone_within(min(seconds, MAX_STALL_SECONDS)):
            raise ClientGone
        delivery.outcome = "stall_elapsed"

    def _stream(
        self, body: dict[str, Any], reply: Reply, completion_id: str, model: str, delivery: Delivery
    ) -> None:
        include_usage = bool((body.get("stream_options") or {}).get("include_usage"))

        def chunk(delta: dict[str, Any], finish_reason: str | None = None) -> dict[str, Any]:
            payload: dict[str, Any] = {
                "id": completion_id,
                "object": "chat.completion.chunk",
                "created": CREATED,
                "model": model,
                "service_tier": "default",
                "system_fingerprint": "fp_standin",
                "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish_reason}],
            }
            if include_usage:
                payload["usage"] = None
            return payload

        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self._sse(chunk({"role": "assistant", "content": "", "refusal": None}))
        for text in reply.chunks:
            if reply.chunk_delay:
                self._pause(reply.chunk_delay)
            self._sse(chunk({"content": text}))
            delivery.chunks_sent += 1
        for index, call in enumerate(reply.wire_tool_calls(completion_id)):
            arguments = call["function"]["arguments"]
            head = {**call, "function": {"name": call["function"]["name"], "arguments": ""}}
            self._sse(chunk({"tool_calls": [{"index": index, **head}]}))
            half = len(arguments) // 2
            for piece in (arguments[:half], arguments[half:]):
                self._sse(chunk({"tool_calls": [{"index": index, "function": {"arguments": piece}}]}))
        if reply.fail == "disconnect":
            # Drop the connection without the terminating zero-length chunk.
            self.wfile.flush()
            self.close_connection = True
            return
        if reply.fail == "stall":
            self._withhold(reply.stall_seconds, delivery)
            self.close_connection = True  # the stall ran out: drop it, as a proxy's idle timeout would
            return
        if reply.fail == "error":
            self._sse(_error_body(reply.error_message))
        elif reply.fail == "malformed":
            self._write_chunk(MALFORMED_EVENT)
        else:
            self._sse(chunk({}, reply.finish_reason))
            if include_usage:
                usage_chunk = chunk({})
                usage_chunk["choices"] = []
                usage_chunk["usage"] = _usage(_prompt_tokens(body.get("messages")), len(reply.chunks))
                self._sse(usage_chunk)
        self._write_chunk(b"data: [DONE]\n\n")
        self._write_chunk(b"")

    def _pause(self, seconds: float) -> None:
        """Sleep between chunks, noticing a client that hung up (a write alone may not fail yet)."""
        if self.client_gone_within(seconds):
            raise ClientGone

    def _sse(self, payload: dict[str, Any]) -> None:
        self._write_chunk(f"data: {json.dumps(payload)}\n\n".encode())

    def _write_chunk(self, data: bytes) -> None:
        """One HTTP/1.1 chunk; flushed at once so each SSE event leaves as its own chunk."""
        self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
        self.wfile.flush()

    # -- embeddings

    def _embeddings(self, body: dict[str, Any]) -> None:
        try:
            texts = _embedding_inputs(body.get("input"), text_only=self.standin.text_only_embeddings)
        except TokenIdInput as exc:
            self.send_json(400, _error_body(str(exc), "api_error"))
            return
        except ValueError as exc:
            self.send_json(400, _error_body(str(exc), "invalid_request_error"))
            return
        dimension = int(body.get("dimensions") or self.standin.dimension)
        as_base64 = body.get("encoding_format") == "base64"
        data = []
        for index, text in enumerate(texts):
            vector = embed_text(text, dimension)
            encoded: Any = (
                base64.b64encode(struct.pack(f"<{dimension}f", *vector)).decode() if as_base64 else vector
            )
            data.append({"object": "embedding", "index": index, "embedding": encoded})
        tokens = sum(len(t.split()) for t in texts)
        self.send_json(
            200,
            {
                "object": "list",
                "data": data,
                "model": body.get("model") or "text-embedding-3-small",
                "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
            },
        )


class OpenAIStandin(Standin):
    """In-process handle on the server: script replies, inspect recorded requests."""

    handler_class = _OpenAIHandler

    def __init__(
        self,
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        dimension: int = DEFAULT_DIMENSION,
        default_reply: Reply = DEFAULT_REPLY,
        text_only_embeddings: bool = False,
        models: Sequence[str] = MODELS,
    ) -> None:
        super().__init__(host, port)
        self.models = tuple(models)
        """What ``GET /v1/models`` lists (Langflow discovers an OpenAI-compatible server's models there)."""
        self.dimension = dimension
        self.default_reply = default_reply
        self.text_only_embeddings = text_only_embeddings
        """Answer token-id embedding input with Ollama's 400 instead of decoding it."""
        self._lock = threading.Lock()
        self._script: deque[Reply] = deque()
        self._requests: list[dict[str, Any]] = []
        self._deliveries: list[Delivery] = []

    @classmethod
    def from_cli_args(cls, args: argparse.Namespace) -> OpenAIStandin:
        standin = cls(
            host=args.host,
            port=args.port,
            dimension=args.dimension,
            text_only_embeddings=args.text_only_embeddings,
            models=args.model or MODELS,
        )
        if args.script:
            data = json.loads(Path(args.script).read_text())
            standin.script(*(data["replies"] if isinstance(data, dict) else data))
        return standin

    @property
    def base_url(self) -> str:
        """What to pass as ``openai_api_base`` / ``base_url``."""
        return f"{self.url}/v1"

    # -- script

    def script(self, *replies: Reply | str | Sequence[str] | Mapping[str, Any], append: bool = False) -> None:
        """Queue the next chat answers (replacing the queue unless ``append``)."""
        coerced = [Reply.coerce(r) for r in replies]
        with self._lock:
            if not append:
                self._script.clear()
            self._script.extend(coerced)

    @property
    def pending_replies(self) -> list[Reply]:
        with self._lock:
            return list(self._script)

    def next_reply(self) -> Reply:
        with self._lock:
            return self._script.popleft() if self._script else self.default_reply

    # -- recorded requests

    def record(self, method: str, path: str, headers: dict[str, str], body: Any) -> None:
        with self._lock:
            self._requests.append({"method": method, "path": path, "headers": headers, "body": body})

    @property
    def requests(self) -> list[dict[str, Any]]:
        """Every API request received, oldest first: ``{method, path, headers, body}``."""
        with self._lock:
            return list(self._requests)

    @property
    def request_count(self) -> int:
        with self._lock:
            return len(self._requests)

    @property
    def chat_requests(self) -> list[dict[str, Any]]:
        """Bodies of the chat-completion requests, oldest first."""
        return [r["body"] for r in self.requests if r["path"] == "/v1/chat/completions"]

    @property
    def embedding_requests(self) -> list[dict[str, Any]]:
        return [r["body"] for r in self.requests if r["path"] == "/v1/embeddings"]

    def last_prompt(self) -> str:
        """All message contents of the last chat request, joined: what reached the model."""
        messages = self.chat_requests[-1]["messages"]
        return "\n".join(str(m.get("content", "")) for m in messages)

    def clear_requests(self) -> None:
        with self._lock:
            self._requests.clear()
            self._deliveries.clear()

    def reset(self) -> None:
        with self._lock:
            self._script.clear()
            self._requests.clear()
            self._deliveries.clear()

    # -- deliveries

    def start_delivery(self, *, stream: bool, fail: str | None) -> Delivery:
        with self._lock:
            delivery = Delivery(request=len(self._requests), stream=stream, fail=fail)
            self._deliveries.append(delivery)
            return delivery

    @property
    def deliveries(self) -> list[Delivery]:
        """One record per chat answer, oldest first; the handler updates it while it writes."""
        with self._lock:
            return list(self._deliveries)

    def wait_delivered(self, count: int, timeout: float = 30.0) -> list[Delivery]:
        """The first ``count`` deliveries once none of them is still in progress (bounded wait)."""
        deadline = time.monotonic() + timeout
        while True:
            deliveries = self.deliveries[:count]
            done = len(deliveries) == count and all(d.outcome != "in_progress" for d in deliveries)
            if done or time.monotonic() > deadline:
                return deliveries
            time.sleep(0.05)


@dataclass
class OpenAIStandinClient:
    """Same control surface as :class:`OpenAIStandin`, over HTTP, for a subprocess stand-in."""

    url: str
    timeout: float = 10.0

    @property
    def base_url(self) -> str:
        return f"{self.url}/v1"

    def _call(self, method: str, path: str, payload: Any = None) -> Any:
        return http_json(self.url + path, method, payload, self.timeout)

    def script(self, *replies: Reply | str | Sequence[str] | Mapping[str, Any], append: bool = False) -> None:
        self._call(
            "POST", "/_script", {"replies": [Reply.coerce(r).to_json() for r in replies], "append": append}
        )

    @property
    def requests(self) -> list[dict[str, Any]]:
        return self._call("GET", "/_requests")

    @property
    def chat_requests(self) -> list[dict[str, Any]]:
        return [r["body"] for r in self.requests if r["path"] == "/v1/chat/completions"]

    @property
    def deliveries(self) -> list[Delivery]:
        return [Delivery(**d) for d in self._call("GET", "/_streams")]

    def clear_requests(self) -> None:
        self._call("DELETE", "/_requests")

    def reset(self) -> None:
        self._call("POST", "/_reset", {})


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="OpenAI-compatible stand-in server")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port (announced on stdout)")
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    parser.add_argument(
        "--dimension", type=int, default=DEFAULT_DIMENSION, help="default embedding dimension"
    )
    parser.add_argument("--script", help="JSON file: a list of replies, or {'replies': [...]}")
    parser.add_argument(
        "--text-only-embeddings",
        action="store_true",
        help="answer token-id embedding input with HTTP 400, as Ollama does, instead of decoding it",
    )
    parser.add_argument(
        "--model", action="append", help="a model GET /v1/models lists (repeat; default: OpenAI's names)"
    )
    parser.add_argument("--verbose", action="store_true")
    run_cli(OpenAIStandin, parser, argv)


if __name__ == "__main__":
    main()
