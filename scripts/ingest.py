"""Upload files to Langflow and store them in Astra DB with the ingest flow; report the chunks stored per file.

    python scripts/ingest.py docs/water.pdf docs/photosynthesis.md
    python scripts/ingest.py --chunk-size 800 --chunk-overlap 100 docs/*.pdf

For each file: upload it (``POST /api/v2/files``; a file of the same name uploaded before is replaced, so the
stored name, which the citations show, stays the file's own), then run "Astra DB Ingest with Source
Metadata" on it (``POST /api/v1/run/<flow>?stream=true`` with the Read File node's ``path`` as a tweak).
The Astra DB node deletes the chunks an earlier ingest of the same file stored (``deletion_field`` =
``file_path``), so running it twice leaves one copy. The chunk count is what the Astra DB node reports in
its log ("Adding N documents to the Vector Store."), read from the stream's ``log`` events: the flow
itself has no output, and its response is ``"outputs": []``.

Server and API key as for ``scripts/ask.py``: ``--url``/``--api-key``, ``LANGFLOW_URL``/``LANGFLOW_API_KEY``,
then the ``server.json`` that ``scripts/run.sh`` writes (``--state-dir``, default ``.langflow``). Standard
library only. Exit status 0 when every file was stored, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import mimetypes
import os
import re
import sys
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

DEFAULT_URL = "http://127.0.0.1:7860"
INGEST_FLOW_NAME = "Astra DB Ingest with Source Metadata"
INGEST_FLOW_ID = "ccdfbc5e-4ad8-4136-88a8-4664d9a1b3da"  # the generated flow's stable id
ADDED = re.compile(r"Adding (\d+) documents to the Vector Store")
NOTHING_ADDED = "No documents to add to the Vector Store"
_TOKEN_IDS_HINT = (
    "the embeddings node sent token ids, which this model server refuses: start the server with "
    "scripts/run.sh --model-base-url URL (its flows send the embeddings endpoint text)."
)
# Messages the server sends, what they mean and what to do (the README's Troubleshooting has more).
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
    # Ollama's and LM Studio's answers to the token ids an OpenAI Embeddings node sends.
    "invalid input type": _TOKEN_IDS_HINT,
    "'input' field must be a string or an array of strings": _TOKEN_IDS_HINT,
}


class IngestError(Exception):
    pass


def hint_for(message: str) -> str:
    return next((f"\nhint: {hint}" for key, hint in HINTS.items() if key in message), "")


def server_settings(url: str | None, api_key: str | None, state_dir: Path) -> tuple[str, str | None, str]:
    state: dict[str, Any] = {}
    if (state_file := state_dir / "server.json").is_file():
        state = json.loads(state_file.read_text(encoding="utf-8"))
    url = url or os.environ.get("LANGFLOW_URL") or state.get("url") or DEFAULT_URL
    api_key = api_key or os.environ.get("LANGFLOW_API_KEY") or state.get("api_key")
    flow_id = (state.get("flows") or {}).get(INGEST_FLOW_NAME, INGEST_FLOW_ID)
    return url.rstrip("/"), api_key, flow_id


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


class Client:
    """The few Langflow calls this needs, over urllib (no proxy: the server is local)."""

    def __init__(self, url: str, api_key: str | None, timeout: float) -> None:
        self.url, self.timeout = url, timeout
        self.headers = {"x-api-key": api_key} if api_key else {}
        self.opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))

    def open(self, method: str, path: str, body: bytes | None = None, content_type: str | None = None) -> Any:
        headers = dict(self.headers)
        if content_type:
            headers["Content-Type"] = content_type
        request = urllib.request.Request(f"{self.url}{path}", data=body, headers=headers, method=method)
        try:
            return self.opener.open(request, timeout=self.timeout)
        except urllib.error.HTTPError as exc:
            detail = exc.read().decode("utf-8", "replace")[:1000]
            msg = f"{method} {path} -> HTTP {exc.code}: {detail}"
            if exc.code in (401, 403):
                msg += "\nhint: pass an API key (scripts/run.sh prints one and writes it to .langflow/server.json)"
            raise IngestError(msg) from exc
        except urllib.error.URLError as exc:
            msg = f"cannot reach {self.url}: {exc.reason} (is the server running? bash scripts/run.sh)"
            raise IngestError(msg) from exc

    def json(self, method: str, path: str, payload: Any = None) -> Any:
        body = None if payload is None else json.dumps(payload).encode()
        with self.open(method, path, body, "application/json" if body is not None else None) as response:
            raw = response.read()
        return json.loads(raw) if raw else None

    def upload(self, path: Path) -> str:
        """Upload ``path`` as the current user's file, replacing one of the same name; its server path."""
        for existing in self.json("GET", "/api/v2/files") or []:
            if Path(str(existing.get("path", ""))).name == path.name:
                self.json("DELETE", f"/api/v2/files/{existing['id']}")
        boundary = uuid.uuid4().hex
        kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        body = b"".join(
            [
                f"--{boundary}\r\n".encode(),
                f'Content-Disposition: form-data; name="file"; filename="{path.name}"\r\n'.encode(),
                f"Content-Type: {kind}\r\n\r\n".encode(),
                path.read_bytes(),
                f"\r\n--{boundary}--\r\n".encode(),
            ]
        )
        with self.open(
            "POST", "/api/v2/files", body, f"multipart/form-data; boundary={boundary}"
        ) as response:
            return str(json.loads(response.read())["path"])

    def run_stream(self, flow_id: str, tweaks: Mapping[str, Any]) -> Iterator[tuple[str, Any]]:
        body = json.dumps({"input_value": "", "tweaks": dict(tweaks)}).encode()
        path = f"/api/v1/run/{urllib.parse.quote(flow_id, safe='')}?stream=true"
        with self.open("POST", path, body, "application/json") as response:
            for raw in response:
                if line := raw.decode("utf-8").strip():
                    event = json.loads(line.removeprefix("data:").strip())
                    yield event.get("event", ""), event.get("data")


def chunks_stored(events: Iterator[tuple[str, Any]]) -> int:
    """Chunks the Astra DB node reported adding; an ``error`` event or a silent stream raises."""
    added: int | None = None
    ended = False
    for name, data in events:
        if name == "log":
            message = str((data or {}).get("message", ""))
            if match := ADDED.search(message):
                added = (added or 0) + int(match.group(1))
            elif NOTHING_ADDED in message and added is None:
                added = 0
        elif name == "error":
            text = error_text(data)
            msg = f"the ingest flow failed: {text}{hint_for(text)}"
            raise IngestError(msg)
        elif name == "end":
            ended = True
    if not ended:
        msg = "the stream ended without an `end` event"
        raise IngestError(msg)
    if added is None:
        msg = "the Astra DB node reported no documents added (is this the ingest flow?)"
        raise IngestError(msg)
    return added


def ingest(
    client: Client, flow_id: str, path: Path, *, chunk_size: int | None, chunk_overlap: int | None
) -> int:
    server_path = client.upload(path)
    split: dict[str, int] = {}
    if chunk_size is not None:
        split["chunk_size"] = chunk_size
    if chunk_overlap is not None:
        split["chunk_overlap"] = chunk_overlap
    tweaks: dict[str, Any] = {
        "Read File": {"path": [server_path]},
        "Astra DB": {"deletion_field": "file_path"},  # re-ingesting a file replaces its chunks
    }
    if split:
        tweaks["Split Text"] = split
    return chunks_stored(client.run_stream(flow_id, tweaks))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Upload files and store them in Astra DB with the ingest flow."
    )
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--chunk-size", type=int, help="Split Text's chunk size (the flow's default: 1000)")
    parser.add_argument(
        "--chunk-overlap", type=int, help="Split Text's chunk overlap (the flow's default: 200)"
    )
    parser.add_argument(
        "--flow", help="the ingest flow's id (default: from server.json, else the shipped id)"
    )
    parser.add_argument("--url", help=f"Langflow's URL (default: $LANGFLOW_URL, server.json, {DEFAULT_URL})")
    parser.add_argument("--api-key", help="default: $LANGFLOW_API_KEY, then server.json")
    parser.add_argument(
        "--state-dir", type=Path, default=Path(".langflow"), help="where run.sh keeps server.json"
    )
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds per request")
    args = parser.parse_args(argv)

    missing = [str(f) for f in args.files if not f.is_file()]
    if missing:
        parser.error(f"not a file: {', '.join(missing)}")
    url, api_key, flow_id = server_settings(args.url, args.api_key, args.state_dir)
    client = Client(url, api_key, args.timeout)
    failed = 0
    total = 0
    for path in args.files:
        try:
            stored = ingest(
                client,
                args.flow or flow_id,
                path,
                chunk_size=args.chunk_size,
                chunk_overlap=args.chunk_overlap,
            )
        except IngestError as exc:
            failed += 1
            print(f"{path}: failed: {exc}", file=sys.stderr)
            continue
        total += stored
        print(f"{path}: {stored} chunk{'s' if stored != 1 else ''} stored", flush=True)
    if len(args.files) > 1:
        print(f"{total} chunks stored from {len(args.files) - failed} of {len(args.files)} files")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
