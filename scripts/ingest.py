"""Put files into the store the RAG flows read: a Langflow Knowledge Base, or Astra DB; report the chunks per file.

    python scripts/ingest.py my-docs/water.pdf my-docs/notes.md       # the store run.sh made the default
    python scripts/ingest.py --knowledge-base manuals my-docs/*.pdf    # another Knowledge Base
    python scripts/ingest.py --astra --chunk-size 800 my-docs/*.pdf    # Astra DB

For each file: upload it (``POST /api/v2/files``), then run the store's ingest flow on it
(``POST /api/v1/run/<flow>?stream=true`` with the file's path as a tweak of its Read Files by Page node,
which reads PDFs page by page). Ingesting a file again replaces its chunks: the Knowledge Base flow's
Replace File Chunks node, and the Astra DB node's ``deletion_field`` = ``file_path``, delete what the last
ingest of that file stored. The chunk count is what the store's node logs ("Added N documents to vector
store …", "Adding N documents to the Vector Store."), read from the stream's ``log`` events: the ingest
flows have no output.

An upload replaces only earlier uploads of the same file: one whose stored name is this file's name with its
extension, and the one ``ingest.py`` recorded for this path (``uploads.json`` in the state directory). Other
files are left alone, also those that share the name without the extension: Langflow names an upload by its
stem and numbers a second one, so after ``water.pdf``, ``water.md`` is stored (and cited) as
``water (1).md``. The multipart file name is escaped as RFC 7578 allows: backslash and ``"`` with a backslash
(which Langflow's parser reads back), CR and LF as ``%0D`` and ``%0A`` as browsers send them; other
characters, non-ASCII too, go as UTF-8.

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
import re
import sys
import urllib.parse
import uuid
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # langflow_client.py, however this is run
from langflow_client import Client, LangflowError, add_server_arguments, connect, error_text, hint_for

ASTRA_INGEST_FLOW = "Astra DB Ingest with Source Metadata"
KB_INGEST_FLOW = "Knowledge Base Ingest with Source Metadata"
# The generated flows' stable ids, for a server.json from before they were recorded.
SHIPPED_IDS = {
    ASTRA_INGEST_FLOW: "ccdfbc5e-4ad8-4136-88a8-4664d9a1b3da",
    KB_INGEST_FLOW: "ab5d675f-8c21-410c-b7db-99c721b321e9",
}
DEFAULT_KNOWLEDGE_BASE = "citations"
UPLOADS_FILE = "uploads.json"
# What the stores' nodes log (Astra DB; Langflow's Knowledge component) and what Read Files by Page logs.
ADDED = re.compile(r"Adding (\d+) documents to the Vector Store|Added (\d+) documents to vector store")
NOTHING_ADDED = "No documents to add to the Vector Store"
SKIPPED = re.compile(r"^Skipped (?P<name>.+?): (?P<reason>.+)$")
KNOWLEDGE_RUN_STARTED = "Started ingestion run"
READER_NODE = "Read Files by Page"


class IngestError(LangflowError):
    """A file that did not go in, or a store that cannot take it."""


def flow_id(state: Mapping[str, Any], name: str) -> str:
    return str((state.get("flows") or {}).get(name) or SHIPPED_IDS[name])


# --------------------------------------------------------------------------- uploads


def stored_name(name: str) -> str:
    """The file name Langflow records for an upload called ``name``: CR and LF as browsers encode them."""
    return name.replace("\r", "%0D").replace("\n", "%0A")


def multipart_filename(name: str) -> str:
    r"""``name`` as the quoted-string value of a multipart ``filename`` parameter (RFC 7578, section 4.2).

        multipart_filename('say "hi"\n.md')  # 'say \"hi\"%0A.md'

    A quoted string cannot hold CR or LF, so they are percent-encoded as browsers do; ``\`` and ``"``
    are escaped with a backslash, which Langflow's parser (python-multipart) reads back.
    """
    return stored_name(name).replace("\\", "\\\\").replace('"', '\\"')


def multipart_file(name: str, content: bytes, kind: str, boundary: str) -> bytes:
    """A ``multipart/form-data`` body with one part, the form field ``file``; headers in UTF-8."""
    head = (
        f"--{boundary}\r\n"
        f'Content-Disposition: form-data; name="file"; filename="{multipart_filename(name)}"\r\n'
        f"Content-Type: {kind}\r\n\r\n"
    )
    return head.encode() + content + f"\r\n--{boundary}--\r\n".encode()


def earlier_uploads(files: Sequence[Mapping[str, Any]], name: str, recorded: str | None) -> list[str]:
    """The ids of the uploads an upload of ``name`` replaces: the same stored name, or the one recorded for it.

    Never one that only shares the stem (``notes.pdf`` for ``notes.md``): that is another file.
    """
    return [
        str(f["id"])
        for f in files
        if "id" in f and (str(f["id"]) == recorded or Path(str(f.get("path", ""))).name == stored_name(name))
    ]


class UploadRecord:
    """Which upload ``ingest.py`` made for which local file, per server: ``<state dir>/uploads.json``."""

    def __init__(self, file: Path, server: str) -> None:
        self.file, self.server = file, server

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def get(self, local: Path) -> str | None:
        entry = (self._read().get(self.server) or {}).get(str(local.resolve()))
        return entry if isinstance(entry, str) else None

    def put(self, local: Path, upload_id: str) -> None:
        data = self._read()
        server = data.get(self.server)
        data[self.server] = {**(server if isinstance(server, dict) else {}), str(local.resolve()): upload_id}
        self.file.parent.mkdir(parents=True, exist_ok=True)
        self.file.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def upload(client: Client, path: Path, record: UploadRecord) -> str:
    """Upload ``path`` as the current user's file, replacing earlier uploads of this file only; its server path."""
    for upload_id in earlier_uploads(client.json("GET", "/api/v2/files") or [], path.name, record.get(path)):
        client.json("DELETE", f"/api/v2/files/{upload_id}")
    boundary = uuid.uuid4().hex
    kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    body = multipart_file(path.name, path.read_bytes(), kind, boundary)
    with client.open("POST", "/api/v2/files", body, f"multipart/form-data; boundary={boundary}") as response:
        uploaded = json.loads(response.read())
    record.put(path, str(uploaded["id"]))
    return str(uploaded["path"])


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


@dataclass(frozen=True)
class Outcome:
    """What one file's ingest did: chunks stored, or why the file was skipped (it gave no text)."""

    stored: int
    skipped: str | None = None


def chunks_stored(events: Iterator[tuple[str, Any]], model_base_url: str | None = None) -> Outcome:
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
            msg = f"the ingest flow failed: {text}{hint_for(text, model_base_url)}"
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
    client: Client,
    store: Store,
    path: Path,
    record: UploadRecord,
    *,
    chunk_size: int | None,
    chunk_overlap: int | None,
) -> Outcome:
    server_path = upload(client, path, record)
    # One path as a string, not a list: a Langflow without the bundle (flows/standalone/) reads a
    # file input's kind from the node's code alone and takes it for a single path.
    reader: dict[str, Any] = {"path": server_path}
    if chunk_size is not None:
        reader["chunk_size"] = chunk_size
    if chunk_overlap is not None:
        reader["chunk_overlap"] = chunk_overlap
    body = {"input_value": "", "tweaks": {READER_NODE: reader, **store.tweaks}}
    return chunks_stored(client.run_stream(store.flow, body), client.model_base_url)


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
    add_server_arguments(parser, timeout=900.0)
    args = parser.parse_args(argv)

    missing = [str(f) for f in args.files if not f.is_file()]
    if missing:
        parser.error(f"not a file: {', '.join(missing)}")
    client, state = connect(args)
    record = UploadRecord(args.state_dir / UPLOADS_FILE, client.url)
    try:
        store = choose_store(client, args, state)
    except LangflowError as exc:
        print(f"ingest.py: {exc}", file=sys.stderr)
        return 1
    stored_files = 0
    total = 0
    for path in args.files:
        print(f"{path}: ", end="", flush=True)  # the count ends the line once the file is in
        try:
            outcome = ingest(
                client, store, path, record, chunk_size=args.chunk_size, chunk_overlap=args.chunk_overlap
            )
        except LangflowError as exc:
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
