"""What ``ask.py`` and ``ingest.py`` share: where Langflow is, its HTTP calls and stream, what its errors mean.

    state = read_state(Path(".langflow"))
    client = Client(*server_settings(None, None, state), timeout=300.0, model_base_url=state.get("model_base_url"))
    for name, data in client.run_stream("<flow id>", {"input_value": "What is water?"}):
        ...  # ("add_message", {...}), ("token", {"chunk": "Wa"}), ..., ("end", {"result": {...}})

The server and API key come from, first found: the caller's ``--url``/``--api-key``, ``LANGFLOW_URL``/
``LANGFLOW_API_KEY``, the ``server.json`` that ``scripts/run.sh`` writes. A failure is a
:class:`LangflowError` whose message says what happened and, for a message it knows, what to do (a
``hint:`` line). Standard library only, like the scripts that import it.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

DEFAULT_URL = "http://127.0.0.1:7860"
LOOPBACK_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})
# What Langflow in a container puts where a model URL said 127.0.0.1 or localhost
# (lfx.utils.util.transform_localhost_url); failing both, it uses the container's gateway address.
CONTAINER_HOST_NAMES = frozenset({"host.docker.internal", "host.containers.internal"})
NO_CHUNKS_YET = "no chunks yet: run ingest.py (.venv/bin/python scripts/ingest.py your-files/*.pdf)"
_TOKEN_IDS_HINT = (
    "the embeddings node sent token ids, which this model server refuses: start the server with "
    "scripts/run.sh --model-base-url URL (its flows send the embeddings endpoint text)."
)
# Messages the server sends, what they mean and what to do (docs/troubleshooting.md has more).
HINTS = {
    "SSRF Protection": "the model or Data API host is not on LANGFLOW_SSRF_ALLOWED_HOSTS: start the server with "
    "scripts/run.sh --model-base-url URL (it allows that host).",
    "server-provisioned API credential": "the server's own key may not go to a non-default endpoint: start the "
    "server with scripts/run.sh --model-base-url URL (it allows that host for provider credentials).",
    "cl100k_base": "tiktoken could not download its encoding: start the server with scripts/run.sh --offline.",
    "openaipublic.blob.core.windows.net": "tiktoken could not download its encoding: start the server with "
    "scripts/run.sh --offline.",
    "LANGFLOW_AUTO_LOGIN requires a valid API key": "pass an API key: scripts/run.sh prints one and writes it "
    "to .langflow/server.json.",
    "variable not found": "a global variable is missing: set it under Settings -> Global Variables, or export "
    "it before scripts/run.sh.",
    # The Knowledge component's words for a Knowledge Base that does not exist.
    "Metadata not found for knowledge base": NO_CHUNKS_YET + ".",
    "OpenAI Compatible": "the model server is Langflow's 'OpenAI Compatible' provider: start it, then restart "
    "scripts/run.sh --model-base-url URL (which registers it), or set it under Settings -> Model Providers.",
    # Ollama's and LM Studio's answers to the token ids an OpenAI Embeddings node sends.
    "invalid input type": _TOKEN_IDS_HINT,
    "'input' field must be a string or an array of strings": _TOKEN_IDS_HINT,
}
AUTH_HINT = "pass an API key (scripts/run.sh prints one and writes it to .langflow/server.json)"
_BLOCKED_HOST = re.compile(r"SSRF Protection\b.*?\bHostname (\S+) resolves to blocked IP", re.DOTALL)


class LangflowError(Exception):
    """A failure worth one message to the user (with a ``hint:`` line when the cause is a known one)."""

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        """The HTTP status Langflow answered, when it answered one."""


def host_of(url: str | None) -> str | None:
    try:
        return urllib.parse.urlsplit(url or "").hostname
    except ValueError:
        return None


def container_hint(message: str, model_base_url: str | None = None) -> str | None:
    """What to do when Langflow, in a container, sent a loopback model URL to the container's host.

    Langflow's SSRF protection then names the host it was sent to, which run.sh did not allow:
    ``host.docker.internal``, ``host.containers.internal`` or a gateway address (when ``model_base_url``,
    the URL run.sh was given, is on loopback). None for any other message.
    """
    match = _BLOCKED_HOST.search(message)
    if not match:
        return None
    host = match[1].strip("[]'\",.")
    loopback_url = host_of(model_base_url) in LOOPBACK_HOSTS
    if host in LOOPBACK_HOSTS or not (host in CONTAINER_HOST_NAMES or loopback_url):
        return None
    given = f"the model URL {model_base_url}" if loopback_url else "a model URL on 127.0.0.1 or localhost"
    return (
        f"Langflow runs in a container, so it sent {given} to the container's host, {host} (Langflow "
        f"rewrites loopback model URLs), and its SSRF protection blocks {host}, which run.sh did not allow. "
        "Restart scripts/run.sh with --model-base-url set to the address the container can reach the model "
        "server at: its address on the container's network if it runs in a container (a service name or "
        f"IP), or the host's address if it runs on the host (e.g. http://{host}:<port>/v1); run.sh then "
        "allows that host."
    )


def hint_for(message: str, model_base_url: str | None = None) -> str:
    """``"\\nhint: ..."`` for a message whose cause is known, else ``""``."""
    hint = container_hint(message, model_base_url) or next(
        (hint for key, hint in HINTS.items() if key in message), None
    )
    return f"\nhint: {hint}" if hint else ""


def error_text(data: Any) -> str:
    """The message of an ``error`` event: ``{"error": str}``, or a whole error Message (text, component)."""
    if not isinstance(data, dict):
        return str(data)
    if isinstance(data.get("error"), str):
        return data["error"]
    component = next(
        (
            str(leaf["component"])
            for block in data.get("content_blocks") or []
            if isinstance(block, dict)
            for leaf in block.get("contents") or []
            if isinstance(leaf, dict) and leaf.get("component")
        ),
        None,
    )
    text = str(data.get("text") or "").strip() or json.dumps(data)[:2000]
    return f"{component}: {text}" if component else text


def stream_events(response: Any) -> Iterator[tuple[str, Any]]:
    """Langflow's stream: one JSON object per line, ``{"event": name, "data": payload}``, blank lines between."""
    for raw in response:
        line = raw.decode("utf-8").strip()
        if line:
            payload = json.loads(line.removeprefix("data:").strip())
            yield payload.get("event", ""), payload.get("data")


def read_state(state_dir: Path) -> dict[str, Any]:
    state_file = state_dir / "server.json"
    return json.loads(state_file.read_text(encoding="utf-8")) if state_file.is_file() else {}


def server_settings(url: str | None, api_key: str | None, state: Mapping[str, Any]) -> tuple[str, str | None]:
    url = url or os.environ.get("LANGFLOW_URL") or state.get("url") or DEFAULT_URL
    api_key = api_key or os.environ.get("LANGFLOW_API_KEY") or state.get("api_key")
    return url.rstrip("/"), api_key


def add_server_arguments(parser: argparse.ArgumentParser, timeout: float) -> None:
    """``--url``, ``--api-key``, ``--state-dir`` and ``--timeout`` (seconds per request, default ``timeout``)."""
    parser.add_argument("--url", help=f"Langflow's URL (default: $LANGFLOW_URL, server.json, {DEFAULT_URL})")
    parser.add_argument("--api-key", help="default: $LANGFLOW_API_KEY, then server.json")
    parser.add_argument(
        "--state-dir", type=Path, default=Path(".langflow"), help="where run.sh keeps server.json"
    )
    parser.add_argument("--timeout", type=float, default=timeout, help="seconds per request")


def connect(args: argparse.Namespace) -> tuple[Client, dict[str, Any]]:
    """The client the arguments of :func:`add_server_arguments` name, and run.sh's state."""
    state = read_state(args.state_dir)
    url, api_key = server_settings(args.url, args.api_key, state)
    return Client(url, api_key, args.timeout, model_base_url=state.get("model_base_url")), state


def run_path(flow: str, *, stream: bool) -> str:
    return f"/api/v1/run/{urllib.parse.quote(flow, safe='')}?stream={'true' if stream else 'false'}"


class Client:
    """The Langflow calls the scripts make, over urllib (no proxy: the server is local)."""

    def __init__(
        self, url: str, api_key: str | None, timeout: float, *, model_base_url: str | None = None
    ) -> None:
        self.url, self.timeout, self.model_base_url = url, timeout, model_base_url
        self.headers = {"x-api-key": api_key} if api_key else {}
        self.opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))

    def hint_for(self, message: str) -> str:
        return hint_for(message, self.model_base_url)

    def open(self, method: str, path: str, body: bytes | None = None, content_type: str | None = None) -> Any:
        """The open response; an HTTP error becomes a :class:`LangflowError` with the server's detail."""
        headers = dict(self.headers)
        if content_type:
            headers["Content-Type"] = content_type
        request = urllib.request.Request(f"{self.url}{path}", data=body, headers=headers, method=method)
        try:
            return self.opener.open(request, timeout=self.timeout)
        except urllib.error.HTTPError as exc:
            detail = exc.read().decode("utf-8", "replace")[:2000]
            try:
                detail = str(json.loads(detail).get("detail", detail))
            except (ValueError, AttributeError):
                pass
            hint = f"\nhint: {AUTH_HINT}" if exc.code in (401, 403) else self.hint_for(detail)
            raise LangflowError(f"{method} {path} -> HTTP {exc.code}: {detail}{hint}", exc.code) from exc
        except urllib.error.URLError as exc:
            msg = f"cannot reach {self.url}: {exc.reason} (is the server running? bash scripts/run.sh)"
            raise LangflowError(msg) from exc

    def json(self, method: str, path: str, payload: Any = None) -> Any:
        body = None if payload is None else json.dumps(payload).encode()
        with self.open(method, path, body, "application/json" if body is not None else None) as response:
            raw = response.read()
        return json.loads(raw) if raw else None

    def json_or_none(self, method: str, path: str) -> Any:
        """``json``, but None for a 404 (a thing that is not there yet)."""
        try:
            return self.json(method, path)
        except LangflowError as exc:
            if exc.status == 404:
                return None
            raise

    def run(self, flow: str, body: Mapping[str, Any], *, stream: bool) -> Any:
        """``POST /api/v1/run/<flow>``: the open response (events when ``stream``, else one RunResponse)."""
        return self.open(
            "POST", run_path(flow, stream=stream), json.dumps(dict(body)).encode(), "application/json"
        )

    def run_stream(self, flow: str, body: Mapping[str, Any]) -> Iterator[tuple[str, Any]]:
        with self.run(flow, body, stream=True) as response:
            yield from stream_events(response)
