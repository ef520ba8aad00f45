"""A scripted stand-in for Langflow's ``POST /api/v1/run/{flow}?stream=true``, on 127.0.0.1.

It speaks the wire format that tests/e2e/langflow_server.py documents from a live 1.13
server: status 200, ``text/event-stream`` content type, HTTP/1.1 chunked, and each event
``json.dumps({"event", "data"}) + "\\n\\n"`` flushed on its own (no ``data:`` prefix).
A streamed answer goes: the user's ``add_message``; the model's ``add_message`` in state
``partial`` whose text already holds the first chunk (the same chunk then comes again as
a ``token``); one ``token`` per chunk; ``add_message`` ``complete``; ``end`` with
``{"result": RunResponse}``. Message dicts keep the v1 shape: ``content_blocks`` holds
groups only, ``{"title", "contents", "allow_markdown", "media_url"}``, leaves without
``id``/``contents`` (``sources_group`` is pinned to the real post-processor + v1
projection by a test).

``FakeLangflow.script`` is played once per request: a dict is sent as an event, a float
is a pause in seconds, a ``threading.Event`` holds the stream open until it is set.
``FakeLangflow.failure = (status, body)`` answers every run with that status and body instead.
"""

from __future__ import annotations

import json
import threading
import time
import urllib.parse
import uuid
from collections.abc import Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

API_KEY = "sk-fake-langflow-key"
FLOW_ID = "5a0b7c3e-docs-chat-flow"
GATE_TIMEOUT_S = 30.0

ScriptItem = dict[str, Any] | float | threading.Event


def card_title(record: dict[str, Any]) -> str:
    """Mirror of the post-processor's ``source_card_title``."""
    name = str(record.get("title") or record.get("document") or "").strip() or "Untitled"
    page = record.get("page")
    page_part = f" \u2014 page {page}" if isinstance(page, int) and not isinstance(page, bool) else ""
    return f"Source {record['id']} \u00b7 {name}{page_part}"


def sources_group(
    text: str, records: Sequence[dict[str, Any]], *, include_payload: bool, removed: Sequence[str] = ()
) -> list[dict[str, Any]]:
    """The v1 ``content_blocks`` of a post-processed answer citing ``records`` (in that order)."""
    if not records:
        return []
    contents: list[dict[str, Any]] = []
    for record in records:
        marker = f"[Source {record['id']}]"
        start = text.find(marker)
        contents.append(
            {
                "type": "citation",
                "duration": None,
                "header": {},
                "url": record.get("url"),
                "title": card_title(record),
                "cited_text": " ".join(str(record.get("text") or "").split()),
                "start_index": start if start >= 0 else None,
                "end_index": start + len(marker) if start >= 0 else None,
            }
        )
    if include_payload:
        payload = {
            "sources": list(records),
            "cited": [r["id"] for r in records],
            "removed": list(removed),
            "citations_reported": True,
            "qualifiers": [],
        }
        contents.append({"type": "json", "duration": None, "header": {}, "data": payload})
    return [{"title": "Sources", "contents": contents, "allow_markdown": True, "media_url": None}]


def message(
    text: str,
    *,
    sender: str = "Machine",
    state: str = "complete",
    message_id: str = "",
    content_blocks: Sequence[dict[str, Any]] = (),
    session_id: str = "s",
) -> dict[str, Any]:
    """A Message dict as Langflow 1.13 serialises it on the v1 API (abridged, same keys that matter)."""
    properties = {
        "state": state,
        "allow_markdown": False,
        "source": {"id": None, "display_name": None, "source": None},
    }
    name = "AI" if sender == "Machine" else "User"
    fields = {
        "sender": sender,
        "sender_name": name,
        "session_id": session_id,
        "text": text,
        "properties": properties,
        "category": "message",
        "content_blocks": list(content_blocks),
        "id": message_id,
        "files": [],
        "error": False,
        "edit": False,
    }
    return {
        "text_key": "text",
        "data": {**fields, "properties": {**properties, "state": "complete"}},
        "default_value": "",
        **fields,
    }


def answer_script(
    chunks: Sequence[str],
    records: Sequence[dict[str, Any]] = (),
    *,
    include_payload: bool = True,
    delay: float = 0.05,
    question: str = "q",
    hold: threading.Event | None = None,
    session_id: str = "s",
    content_blocks: Sequence[dict[str, Any]] | None = None,
) -> list[ScriptItem]:
    """What /run?stream=true sends for a post-processed answer: tokens ``delay`` apart, then the end.

    ``hold`` (if given) keeps the stream open after the last token until it is set.
    ``content_blocks`` (v1-projected) replace the fake's own Sources group, e.g. the real
    post-processor's.
    """
    answer_id = str(uuid.uuid4())
    text = "".join(chunks)
    blocks = (
        list(content_blocks)
        if content_blocks is not None
        else sources_group(text, records, include_payload=include_payload)
    )
    final = message(text, message_id=answer_id, content_blocks=blocks, session_id=session_id)
    script: list[ScriptItem] = [
        {
            "event": "add_message",
            "data": message(question, sender="User", message_id=str(uuid.uuid4()), session_id=session_id),
        },
        {
            "event": "add_message",
            "data": message(
                chunks[0] if chunks else "", state="partial", message_id=answer_id, session_id=session_id
            ),
        },
    ]
    for chunk in chunks:
        script += [delay, {"event": "token", "data": {"chunk": chunk, "id": answer_id}}]
    if hold is not None:
        script.append(hold)
    result = {
        "session_id": session_id,
        "outputs": [
            {
                "inputs": {"input_value": question},
                "outputs": [
                    {
                        "results": {"message": final},
                        "artifacts": {},
                        "outputs": {},
                        "logs": {},
                        "messages": [],
                        "component_display_name": "Chat Output",
                        "component_id": "ChatOutput-x1",
                        "used_frozen_result": False,
                    },
                ],
            }
        ],
    }
    script += [{"event": "add_message", "data": final}, {"event": "end", "data": {"result": result}}]
    return script


class _Handler(BaseHTTPRequestHandler):
    server: FakeLangflow
    protocol_version = "HTTP/1.1"

    def do_POST(self) -> None:
        url = urllib.parse.urlsplit(self.path)
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
        self.server.requests.append(
            {
                "path": url.path,
                "query": url.query,
                "headers": {k.lower(): v for k, v in self.headers.items()},
                "body": body,
            }
        )
        if self.headers.get("x-api-key") != API_KEY:
            self._plain(403, b'{"detail":"Invalid or missing API key"}')
            return
        if url.path != f"/api/v1/run/{FLOW_ID}" or urllib.parse.parse_qs(url.query).get("stream") != ["true"]:
            self._plain(404, b'{"detail":"Flow not found"}')
            return
        if self.server.failure is not None:
            self._plain(*self.server.failure)
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        try:
            for item in self.server.script:
                if isinstance(item, threading.Event):
                    item.wait(GATE_TIMEOUT_S)
                elif isinstance(item, float | int):
                    time.sleep(item)
                else:
                    self._chunk((json.dumps(item) + "\n\n").encode())
                    self.server.sent.append(item["event"])
            self._chunk(b"")
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.close_connection = True

    def _chunk(self, data: bytes) -> None:
        self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
        self.wfile.flush()

    def _plain(self, status: int, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_args: Any) -> None:
        pass


class FakeLangflow(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.script: list[ScriptItem] = []
        self.failure: tuple[int, bytes] | None = None
        self.requests: list[dict[str, Any]] = []
        self.sent: list[str] = []  # event names in the order they went out, across requests

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"
