"""Local stand-ins for OpenAI and the Astra Data API, used only by tests.

Both stand-ins speak the real wire protocol on 127.0.0.1 so the real client
stack (Langflow components -> langchain -> openai SDK / astrapy -> httpx) runs
unchanged; only the base URL / API endpoint points here. That is the point:
mocking at the Python level would skip exactly the layers (serialization,
streaming, retries, vector encoding) whose behaviour the citation bundle
depends on.

This module holds the small piece both servers share: a threaded stdlib HTTP
server that can run in a background thread (pytest fixtures) or in the
foreground of a subprocess (a separate Langflow server process must reach it).
The stdlib is used on purpose: it lets a handler drop a connection mid-stream,
which is one of the failure modes the OpenAI stand-in must reproduce.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import select
import signal
import socket
import sys
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TYPE_CHECKING, Any, ClassVar, cast

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["JSONHandler", "Standin", "http_json", "run_cli"]

READY_PREFIX = "READY "
"""First stdout line of a stand-in subprocess: ``READY http://127.0.0.1:PORT``."""


class _Server(ThreadingHTTPServer):
    # Daemon handler threads: an idle keep-alive connection must never block shutdown.
    daemon_threads = True
    allow_reuse_address = True
    standin: Standin

    def handle_error(self, request: Any, client_address: Any) -> None:
        # Clients hanging up (keep-alive teardown, a test dropping a stream) is routine here.
        exc = sys.exc_info()[1]
        if isinstance(exc, (ConnectionResetError, BrokenPipeError, TimeoutError)):
            logging.getLogger("standins").debug("connection from %s ended: %r", client_address, exc)
        else:
            logging.getLogger("standins").exception("error while handling a request from %s", client_address)


class JSONHandler(BaseHTTPRequestHandler):
    """Request handler with JSON helpers; HTTP/1.1 so clients can keep connections alive."""

    protocol_version = "HTTP/1.1"
    # Bounds how long an idle keep-alive connection pins a handler thread.
    timeout = 60
    logger: ClassVar[logging.Logger] = logging.getLogger("standins")

    @property
    def standin(self) -> Standin:
        return cast(_Server, self.server).standin

    def read_body(self) -> bytes:
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def read_json(self) -> Any:
        """Parse the request body as JSON; an empty body is ``None``."""
        raw = self.read_body()
        return json.loads(raw) if raw else None

    def send_json(self, status: int, payload: Any, headers: dict[str, str] | None = None) -> None:
        body = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def client_gone_within(self, seconds: float) -> bool:
        """Wait up to ``seconds`` sending nothing; True as soon as the client closes its side.

        A stand-in that delays an answer must notice a caller that gave up, both to free the
        thread and so a test can tell "the caller stopped waiting" from "the caller kept going".
        """
        deadline = time.monotonic() + max(seconds, 0.0)
        while (remaining := deadline - time.monotonic()) > 0:
            readable, _, _ = select.select([self.connection], [], [], min(remaining, 0.05))
            if readable:
                try:
                    if not self.connection.recv(1, socket.MSG_PEEK):
                        return True
                except (ConnectionResetError, BrokenPipeError):
                    return True
                # Pipelined bytes of a next request: nothing to learn by polling further.
                time.sleep(remaining)
                return False
        return False

    def log_message(self, format: str, *args: Any) -> None:
        # The stdlib writes every request line to stderr; keep that at debug level.
        self.logger.debug("%s " + format, self.address_string(), *args)


class Standin:
    """Owns one HTTP server bound to 127.0.0.1 (or ``host``; port 0 = ephemeral) and its serving thread."""

    handler_class: ClassVar[type[JSONHandler]]

    def __init__(self, host: str = "127.0.0.1", port: int = 0) -> None:
        self._httpd = _Server((host, port), self.handler_class)
        self._httpd.standin = self
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        return self._httpd.server_address[1]

    @property
    def host(self) -> str:
        return str(self._httpd.server_address[0])

    @property
    def url(self) -> str:
        """Root URL, e.g. ``http://127.0.0.1:54321`` (no trailing slash)."""
        return f"http://{self.host}:{self.port}"

    def start(self) -> Self:
        """Serve in a daemon thread (in-process fixtures)."""
        self._thread = threading.Thread(
            target=self._httpd.serve_forever,
            kwargs={"poll_interval": 0.05},
            name=f"{type(self).__name__}:{self.port}",
            daemon=True,
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop accepting requests and release the port; idempotent."""
        if self._thread is not None:
            self._httpd.shutdown()
            self._thread.join(timeout=5)
            self._thread = None
        self._httpd.server_close()

    @classmethod
    def from_cli_args(cls, args: argparse.Namespace) -> Self:
        """Build an unstarted instance from parsed command-line arguments."""
        return cls(port=args.port)

    def serve_forever(self) -> None:
        """Serve in the calling thread until SIGTERM/SIGINT (subprocess mode)."""
        try:
            self._httpd.serve_forever(poll_interval=0.05)
        finally:
            self._httpd.server_close()

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()


# No proxy handler: a proxy configured in the environment must never see loopback control calls.
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def http_json(url: str, method: str = "GET", payload: Any = None, timeout: float = 10.0) -> Any:
    """Tiny JSON client for the stand-ins' control endpoints (stdlib only, no proxy)."""
    data = None if payload is None else json.dumps(payload).encode()
    request = urllib.request.Request(
        url, data=data, method=method, headers={"Content-Type": "application/json"}
    )
    with _OPENER.open(request, timeout=timeout) as response:
        return json.loads(response.read() or b"null")


def _raise_system_exit(signum: int, _frame: object) -> None:
    raise SystemExit(128 + signum)


def run_cli(build: type[Standin], parser: argparse.ArgumentParser, argv: list[str] | None = None) -> None:
    """Entry point shared by ``python -m tests.support.standins.<server>``.

    ``parser`` must accept ``--port``; the parsed namespace is handed to
    ``build.from_cli_args``. Prints ``READY <url>`` on stdout once bound, so a
    launcher can use ``--port 0`` and learn the port without racing for it.
    """
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if getattr(args, "verbose", False) else logging.INFO,
        stream=sys.stderr,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    standin = build.from_cli_args(args)
    signal.signal(signal.SIGTERM, _raise_system_exit)
    print(f"{READY_PREFIX}{standin.url}", flush=True)
    # Nothing else goes to stdout: a launcher may stop reading the pipe after READY.
    sys.stdout = sys.stderr
    with contextlib.suppress(KeyboardInterrupt, SystemExit):
        standin.serve_forever()
