"""Docs-chat reference server: serves the page and proxies questions to a Langflow flow.

    LANGFLOW_URL=http://127.0.0.1:7860 LANGFLOW_FLOW_ID=<flow id or endpoint name> \\
    LANGFLOW_API_KEY=<key> python examples/docs-chat/server.py --port 8080

``POST /api/ask`` takes ``{"question": str, "session_id"?: str}`` and answers with the
events of ``POST {LANGFLOW_URL}/api/v1/run/{flow}?stream=true`` as newline-delimited
JSON (``application/x-ndjson``), one ``{"event", "data"}`` object a line, forwarded as
Langflow flushes them. The API key only ever travels from this server to Langflow.
An upstream failure before the stream starts becomes a 502 with ``{"error": str}``.

Standard library only. Flags override the environment; the key is read from the
environment only (a flag would show it in the process list). ``LANGFLOW_TWEAKS``
(JSON) is sent with every run, e.g. ``{"CitationPostProcessor-xxxx": {"include_payload": true}}``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request
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
UPSTREAM_TIMEOUT_S = 300.0
SECURITY_HEADERS = {
    # Defence in depth: even a rendering bug cannot run injected script or load remote content.
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


@dataclass(frozen=True)
class Config:
    langflow_url: str
    flow_id: str
    api_key: str | None = None
    tweaks: dict[str, Any] = field(default_factory=dict)

    def run_url(self) -> str:
        flow = urllib.parse.quote(self.flow_id, safe="")
        return f"{self.langflow_url.rstrip('/')}/api/v1/run/{flow}?stream=true"


class Handler(BaseHTTPRequestHandler):
    server: DocsChatServer
    protocol_version = "HTTP/1.0"  # no chunking needed: the stream ends when the connection closes

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
        if urllib.parse.urlsplit(self.path).path != "/api/ask":
            self._json(HTTPStatus.NOT_FOUND, {"error": "not found"})
            return
        question, session_id = self._read_question()
        if question is None:
            return
        config = self.server.config
        body: dict[str, Any] = {"input_value": question, "input_type": "chat", "output_type": "chat"}
        if session_id:
            body["session_id"] = session_id
        if config.tweaks:
            body["tweaks"] = config.tweaks
        headers = {"Content-Type": "application/json", "Accept": "text/event-stream"}
        if config.api_key:
            headers["x-api-key"] = config.api_key
        request = urllib.request.Request(config.run_url(), json.dumps(body).encode(), headers, method="POST")
        try:
            upstream = urllib.request.urlopen(request, timeout=UPSTREAM_TIMEOUT_S)
        except urllib.error.HTTPError as exc:
            detail = exc.read(2000).decode("utf-8", "replace")
            self._json(HTTPStatus.BAD_GATEWAY, {"error": f"Langflow answered {exc.code}: {detail}"})
            return
        except (OSError, ValueError) as exc:
            self._json(HTTPStatus.BAD_GATEWAY, {"error": f"Langflow unreachable: {type(exc).__name__}"})
            return
        with upstream:
            self.send_response(HTTPStatus.OK)
            self._headers("application/x-ndjson; charset=utf-8")
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            try:
                for line in upstream:  # Langflow writes json + "\n\n" per event and flushes it
                    event = line.strip().removeprefix(b"data:").strip()
                    if event:
                        self.wfile.write(event + b"\n")
                        self.wfile.flush()
            except (BrokenPipeError, ConnectionResetError):
                pass  # the browser went away; closing upstream lets Langflow cancel the run
            except OSError as exc:  # upstream died mid-stream: tell the page in-band
                error = {"event": "error", "data": {"error": f"stream interrupted: {type(exc).__name__}"}}
                self.wfile.write(json.dumps(error).encode() + b"\n")

    def _read_question(self) -> tuple[str | None, str | None]:
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = -1
        if not 0 < length <= MAX_BODY:
            self._json(HTTPStatus.BAD_REQUEST, {"error": "send a JSON body of at most 64 KiB"})
            return None, None
        try:
            payload = json.loads(self.rfile.read(length))
        except ValueError:
            payload = None
        question = payload.get("question") if isinstance(payload, dict) else None
        session_id = payload.get("session_id") if isinstance(payload, dict) else None
        if not isinstance(question, str) or not question.strip() or len(question) > MAX_QUESTION:
            self._json(HTTPStatus.BAD_REQUEST, {"error": f"'question' must be 1-{MAX_QUESTION} characters"})
            return None, None
        if not isinstance(session_id, str) or not 0 < len(session_id) <= 200:
            session_id = None
        return question.strip(), session_id

    def _headers(self, content_type: str) -> None:
        self.send_header("Content-Type", content_type)
        for name, value in SECURITY_HEADERS.items():
            self.send_header(name, value)

    def _send(self, status: HTTPStatus, body: bytes, content_type: str) -> None:
        self.send_response(status)
        self._headers(content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _json(self, status: HTTPStatus, payload: dict[str, Any]) -> None:
        self._send(status, json.dumps(payload).encode(), "application/json")

    def log_message(self, format: str, *args: Any) -> None:
        if not self.server.quiet:
            super().log_message(format, *args)


class DocsChatServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, address: tuple[str, int], config: Config, *, quiet: bool = False) -> None:
        super().__init__(address, Handler)
        self.config = config
        self.quiet = quiet

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that drops a connection before the answer is written (a cancelled favicon
        # request, a closed tab) is routine, not a server fault worth a traceback.
        if isinstance(sys.exc_info()[1], BrokenPipeError | ConnectionResetError):
            return
        super().handle_error(request, client_address)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--langflow-url", default=os.environ.get("LANGFLOW_URL", "http://127.0.0.1:7860"))
    parser.add_argument("--flow-id", default=os.environ.get("LANGFLOW_FLOW_ID"))
    args = parser.parse_args(argv)
    if not args.flow_id:
        parser.error("set LANGFLOW_FLOW_ID or pass --flow-id")
    tweaks = json.loads(os.environ.get("LANGFLOW_TWEAKS") or "{}")
    config = Config(args.langflow_url, args.flow_id, os.environ.get("LANGFLOW_API_KEY") or None, tweaks)
    with DocsChatServer((args.host, args.port), config) as server:
        print(f"docs-chat on http://{args.host}:{server.server_address[1]} -> {config.run_url()}", flush=True)
        server.serve_forever()


if __name__ == "__main__":
    main()
