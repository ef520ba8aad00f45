"""The docs-chat example's server (``examples/docs-chat/server.py``) for tests, run in-process.

    module = load_docs_chat_server()
    with serve_docs_chat(module.Config(url, flow_id, key)) as chat:
        status, headers, events = chat.ask("When does water boil?")

``DocsChat`` is a minimal HTTP client that keeps the session cookie the way a browser does, so
each instance is one visitor; ``ManualClock`` drives the rate limiter without sleeping.
"""

from __future__ import annotations

import http.client
import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.support.scripts import load_file

ROOT = Path(__file__).resolve().parents[2]
SERVER_PY = ROOT / "examples" / "docs-chat" / "server.py"
COOKIE = "docs_chat_session"


def load_docs_chat_server() -> Any:
    """examples/docs-chat/server.py as a module (its folder name is not importable)."""
    return load_file("examples/docs-chat/server.py", "docs_chat_server")


class ManualClock:
    """A monotonic clock that moves only when told to."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@contextmanager
def serve(server: Any) -> Iterator[Any]:
    """Run an ``http.server`` server in a daemon thread; shut it down afterwards."""
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(10)


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def events(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.body.decode().splitlines() if line.strip()]

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class DocsChat:
    """One visitor of a docs-chat server: sends its cookie back, stores the ones it is given."""

    port: int
    cookie: str | None = None
    extra_headers: dict[str, str] = field(default_factory=dict)
    timeout: float = 120.0

    @property
    def session_id(self) -> str | None:
        """The id part of the session cookie (``<id>.<signature>``)."""
        return self.cookie.partition(".")[0] if self.cookie else None

    def connect(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)

    def headers(self, **more: str) -> dict[str, str]:
        headers = {**self.extra_headers, **more}
        if self.cookie:
            headers["Cookie"] = f"{COOKIE}={self.cookie}"
        return headers

    def keep_cookie(self, response: http.client.HTTPResponse) -> None:
        for header in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            if name == COOKIE:
                self.cookie = rest.split(";")[0]

    def post(self, path: str, body: bytes = b"", content_type: str = "application/json") -> Reply:
        connection = self.connect()
        try:
            connection.request("POST", path, body, self.headers(**{"Content-Type": content_type}))
            response = connection.getresponse()
            self.keep_cookie(response)
            return Reply(response.status, dict(response.headers), response.read())
        finally:
            connection.close()

    def ask(self, question: str, **fields: Any) -> Reply:
        return self.post("/api/ask", json.dumps({"question": question, **fields}).encode())

    def new_conversation(self) -> Reply:
        return self.post("/api/session")

    @contextmanager
    def open_ask(self, question: str) -> Iterator[http.client.HTTPResponse]:
        """An ask whose answer is read by the caller, line by line; leaving closes the connection."""
        connection = self.connect()
        response: http.client.HTTPResponse | None = None
        try:
            body = json.dumps({"question": question}).encode()
            connection.request("POST", "/api/ask", body, self.headers(**{"Content-Type": "application/json"}))
            response = connection.getresponse()
            self.keep_cookie(response)
            yield response
        finally:
            if response is not None:
                response.close()  # an HTTP/1.0 answer owns the socket: this is what closes it
            connection.close()


def wait_for(predicate: Callable[[], bool], timeout: float, interval: float = 0.05) -> bool:
    """Poll ``predicate`` until true or ``timeout`` seconds pass (bounded, for state that settles)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(interval)
    return predicate()
