"""Put files into the store the RAG flows read: a Langflow Knowledge Base, or Astra DB; report the chunks per file.

    python scripts/ingest.py my-docs/water.pdf my-docs/notes.md       # the store run.sh made the default
    python scripts/ingest.py --knowledge-base manuals my-docs/*.pdf    # another Knowledge Base
    python scripts/ingest.py --astra --chunk-size 800 my-docs/*.pdf    # Astra DB

For each file: upload it (``POST /api/v2/files``; an earlier upload of the same name is deleted first, so the
stored name, which the citations show, stays the file's own: Langflow names uploads without the extension,
so ``water.md`` replaces the upload of ``water.pdf``, whose chunks stay), then run the store's ingest flow on it
(``POST /api/v1/run/<flow>?stream=true`` with the file's path as a tweak of its Read Files by Page node,
which reads PDFs page by page). Ingesting a file again replaces its chunks: the Knowledge Base flow's
Replace File Chunks node, and the Astra DB node's ``deletion_field`` = ``file_path``, delete what the last
ingest of that file stored. The chunk count is what the store's node logs ("Added N documents to vector
store …", "Adding N documents to the Vector Store."), read from the stream's ``log`` events: the ingest
flows have no output.

A Knowledge Base is created on first use, through Langflow's Knowledge Base API, with the embedding model
``run.sh`` was started with (``server.json``); an existing one built with another embedding model is
refused, since its vectors would not compare with the questions'. Which store, unless told: the one
``run.sh`` made the default (a Knowledge Base without Astra DB credentials, else Astra DB). A file that
gives no text (an encrypted or image-only PDF, a type it does not read) is named and skipped; the other
files still go in.

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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DEFAULT_URL = "http://127.0.0.1:7860"
ASTRA_INGEST_FLOW = "Astra DB Ingest with Source Metadata"
KB_INGEST_FLOW = "Knowledge Base Ingest with Source Metadata"
# The generated flows' stable ids, for a server.json from before they were recorded.
SHIPPED_IDS = {
    ASTRA_INGEST_FLOW: "ccdfbc5e-4ad8-4136-88a8-4664d9a1b3da",
    KB_INGEST_FLOW: "ab5d675f-8c21-410c-b7db-99c721b321e9",
}
DEFAULT_KNOWLEDGE_BASE = "citations"
# What the stores' nodes log (Astra DB; Langflow's Knowledge component) and what Read Files by Page logs.
ADDED = re.compile(r"Adding (\d+) documents to the Vector Store|Added (\d+) documents to vector store")
NOTHING_ADDED = "No documents to add to the Vector Store"
SKIPPED = re.compile(r"^Skipped (?P<name>.+?): (?P<reason>.+)$")
KNOWLEDGE_RUN_STARTED = "Started ingestion run"
READER_NODE = "Read Files by Page"
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
    "OpenAI Compatible": "the model server is Langflow's 'OpenAI Compatible' provider: start it, then restart "
    "scripts/run.sh --model-base-url URL (which registers it), or set it under Settings -> Model Providers.",
    # Ollama's and LM Studio's answers to the token ids an OpenAI Embeddings node sends.
    "invalid input type": _TOKEN_IDS_HINT,
    "'input' field must be a string or an array of strings": _TOKEN_IDS_HINT,
}


class IngestError(Exception):
    pass


def hint_for(message: str) -> str:
    return next((f"\nhint: {hint}" for key, hint in HINTS.items() if key in message), "")


def read_state(state_dir: Path) -> dict[str, Any]:
    state_file = state_dir / "server.json"
    return json.loads(state_file.read_text(encoding="utf-8")) if state_file.is_file() else {}


def server_settings(url: str | None, api_key: str | None, state: Mapping[str, Any]) -> tuple[str, str | None]:
    url = url or os.environ.get("LANGFLOW_URL") or state.get("url") or DEFAULT_URL
    api_key = api_key or os.environ.get("LANGFLOW_API_KEY") or state.get("api_key")
    return url.rstrip("/"), api_key


def flow_id(state: Mapping[str, Any], name: str) -> str:
    return str((state.get("flows") or {}).get(name) or SHIPPED_IDS[name])


@dataclass(frozen=True)
class Store:
    """Where the chunks go: the ingest flow, and the tweaks that point it at one store."""

    label: str
    flow: str
    tweaks: dict[str, Any]


def astra_store(state: Mapping[str, Any]) -> Store:
    # Re-ingesting a file replaces its chunks: the node deletes what the file's path stored before.
    return Store("Astra DB", flow_id(state, ASTRA_INGEST_FLOW), {"Astra DB": {"deletion_field": "file_path"}})


def knowledge_base_store(state: Mapping[str, Any], name: str) -> Store:
    tweaks = {"Replace File Chunks": {"knowledge_base": name}, "Knowledge": {"knowledge_base": name}}
    return Store(f"Knowledge Base {name!r}", flow_id(state, KB_INGEST_FLOW), tweaks)


def same_model(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    return (str(a.get("provider", "")), str(a.get("name", ""))) == (
        str(b.get("provider", "")),
        str(b.get("name", "")),
    )


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
        """Upload ``path`` as the current user's file, replacing one of the same name; its server path.

        Langflow names an upload by its file name without the extension and stores a second ``water`` as
        ``water (1)``, whatever its extension: so an upload named like this one goes first, and the name the
        citations show stays the file's own.
        """
        for existing in self.json("GET", "/api/v2/files") or []:
            if existing.get("name") == path.stem or Path(str(existing.get("path", ""))).name == path.name:
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

    def json_or_none(self, method: str, path: str) -> Any:
        """``json``, but None for a 404 (a thing that is not there yet)."""
        try:
            return self.json(method, path)
        except IngestError as exc:
            if isinstance(exc.__cause__, urllib.error.HTTPError) and exc.__cause__.code == 404:
                return None
            raise

    def run_stream(self, flow_id: str, tweaks: Mapping[str, Any]) -> Iterator[tuple[str, Any]]:
        body = json.dumps({"input_value": "", "tweaks": dict(tweaks)}).encode()
        path = f"/api/v1/run/{urllib.parse.quote(flow_id, safe='')}?stream=true"
        with self.open("POST", path, body, "application/json") as response:
            for raw in response:
                if line := raw.decode("utf-8").strip():
                    event = json.loads(line.removeprefix("data:").strip())
                    yield event.get("event", ""), event.get("data")


@dataclass(frozen=True)
class Outcome:
    """What one file's ingest did: chunks stored, or why the file was skipped (it gave no text)."""

    stored: int
    skipped: str | None = None


def chunks_stored(events: Iterator[tuple[str, Any]]) -> Outcome:
    """Chunks the store's node reported adding, or the reason the reader gave for skipping the file.

    An ``error`` event or a stream without an ``end`` raises; so does a stream in which no store's node
    said what it did (a flow that is not an ingest flow).
    """
    added: int | None = None
    skipped: str | None = None
    ended = False
    for name, data in events:
        if name == "log":
            message = str((data or {}).get("message", ""))
            if match := ADDED.search(message):
                added = (added or 0) + int(match.group(1) or match.group(2))
            elif (NOTHING_ADDED in message or message.startswith(KNOWLEDGE_RUN_STARTED)) and added is None:
                added = 0  # the Knowledge component logs a count only when it added something
            elif match := SKIPPED.match(message):
                skipped = match["reason"]
        elif name == "error":
            text = error_text(data)
            msg = f"the ingest flow failed: {text}{hint_for(text)}"
            raise IngestError(msg)
        elif name == "end":
            ended = True
    if not ended:
        msg = "the stream ended without an `end` event"
        raise IngestError(msg)
    if skipped is not None and not added:
        return Outcome(0, skipped)
    if added is None:
        msg = "the store's node reported no documents added (is this an ingest flow?)"
        raise IngestError(msg)
    return Outcome(added)


# --------------------------------------------------------------------------- Knowledge Bases


def ensure_knowledge_base(client: Client, name: str, embedding_model: Mapping[str, Any] | None) -> str:
    """The Knowledge Base ``name``, created with ``embedding_model`` if it is not there; a line saying so.

    Refuses one built with another embedding model: its vectors and the questions' would not compare.
    """
    quoted = urllib.parse.quote(name, safe="")
    existing = client.json_or_none("GET", f"/api/v1/knowledge_bases/{quoted}")
    if existing is not None:
        built_with = {"provider": existing.get("embedding_provider"), "name": existing.get("embedding_model")}
        if embedding_model and not same_model(built_with, embedding_model):
            msg = (
                f"Knowledge Base {name!r} was built with the embedding model {built_with['name']} "
                f"({built_with['provider']}), and run.sh was started with {embedding_model.get('name')} "
                f"({embedding_model.get('provider')}): their vectors do not compare. Ingest into another "
                "Knowledge Base (--knowledge-base NAME), or start run.sh with the model this one was built with."
            )
            raise IngestError(msg)
        return f"Knowledge Base {name!r} ({existing.get('chunks', 0)} chunks so far)"
    if not embedding_model:
        msg = (
            f"Knowledge Base {name!r} does not exist, and no embedding model is known to create it with: "
            "start the server with scripts/run.sh (it records one in server.json)."
        )
        raise IngestError(msg)
    body = {
        "name": name,
        "embedding_provider": embedding_model.get("provider"),
        "embedding_model": embedding_model.get("name"),
        "model_selection": dict(embedding_model),
    }
    client.json("POST", "/api/v1/knowledge_bases", body)
    return (
        f"Knowledge Base {name!r} created, embedding model {embedding_model.get('name')} "
        f"({embedding_model.get('provider')})"
    )


# --------------------------------------------------------------------------- ingest


def ingest(
    client: Client, store: Store, path: Path, *, chunk_size: int | None, chunk_overlap: int | None
) -> Outcome:
    server_path = client.upload(path)
    # One path as a string, not a list: a Langflow without the bundle (flows/standalone/) reads a
    # file input's kind from the node's code alone and takes it for a single path.
    reader: dict[str, Any] = {"path": server_path}
    if chunk_size is not None:
        reader["chunk_size"] = chunk_size
    if chunk_overlap is not None:
        reader["chunk_overlap"] = chunk_overlap
    return chunks_stored(client.run_stream(store.flow, {READER_NODE: reader, **store.tweaks}))


def choose_store(client: Client, args: argparse.Namespace, state: Mapping[str, Any]) -> Store:
    """The store asked for (else run.sh's default), a Knowledge Base made ready; ``--flow`` swaps the flow."""
    use_astra = args.astra or (args.knowledge_base is None and state.get("store", "astra") == "astra")
    if use_astra:
        if state.get("store") == "knowledge-base":
            msg = (
                "run.sh was started without Astra DB credentials, so its Astra DB flows have no database: "
                "export ASTRA_DB_APPLICATION_TOKEN and ASTRA_DB_API_ENDPOINT and restart it, or leave out --astra."
            )
            raise IngestError(msg)
        store = astra_store(state)
    else:
        kb_state = state.get("knowledge_base") or {}
        name = args.knowledge_base or kb_state.get("name") or DEFAULT_KNOWLEDGE_BASE
        print(ensure_knowledge_base(client, name, kb_state.get("embedding_model")), flush=True)
        store = knowledge_base_store(state, name)
    return Store(store.label, args.flow, store.tweaks) if args.flow else store


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Put files into a Langflow Knowledge Base or Astra DB with the ingest flows."
    )
    parser.add_argument("files", nargs="+", type=Path)
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--knowledge-base",
        metavar="NAME",
        help=f"ingest into this Langflow Knowledge Base, created on first use (default: {DEFAULT_KNOWLEDGE_BASE})",
    )
    where.add_argument("--astra", action="store_true", help="ingest into Astra DB")
    parser.add_argument(
        "--chunk-size", type=int, help="most characters in a chunk (the flows' default: 1000)"
    )
    parser.add_argument(
        "--chunk-overlap", type=int, help="characters a chunk repeats (the flows' default: 200)"
    )
    parser.add_argument("--flow", help="an ingest flow of your own (id or endpoint name)")
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
    state = read_state(args.state_dir)
    url, api_key = server_settings(args.url, args.api_key, state)
    client = Client(url, api_key, args.timeout)
    try:
        store = choose_store(client, args, state)
    except IngestError as exc:
        print(f"ingest.py: {exc}", file=sys.stderr)
        return 1
    stored_files = 0
    total = 0
    for path in args.files:
        print(f"{path}: ", end="", flush=True)  # the count ends the line once the file is in
        try:
            outcome = ingest(
                client, store, path, chunk_size=args.chunk_size, chunk_overlap=args.chunk_overlap
            )
        except IngestError as exc:
            print("failed (see below)", flush=True)
            print(f"{path}: {exc}", file=sys.stderr)
            continue
        if outcome.skipped is not None:
            print(f"skipped: {outcome.skipped}", flush=True)
            continue
        stored_files += 1
        total += outcome.stored
        print(f"{outcome.stored} chunk{'s' if outcome.stored != 1 else ''} stored", flush=True)
    if len(args.files) > 1:
        print(f"{total} chunks stored in {store.label} from {stored_files} of {len(args.files)} files")
    return 0 if stored_files == len(args.files) else 1


if __name__ == "__main__":
    sys.exit(main())
