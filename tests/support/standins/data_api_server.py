"""In-memory Astra Data API (JSON API v1) stand-in for tests.

Why: the Langflow Astra DB component goes through langchain-astradb and
astrapy, which decide on their own which commands to send (collection
listing, autodetect sampling, counts, ...). Serving the real wire protocol lets
those layers run unchanged; only ``api_endpoint`` points at 127.0.0.1.

Paths: ``POST /api/json/v1/<keyspace>`` (database commands) and
``/api/json/v1/<keyspace>/<collection>`` (collection commands); ``/api/json/v1``
(keyspace admin) has no commands here. A ``Token`` header is required. Vectors are accepted as plain lists
and as ``{"$binary": <base64 big-endian float32>}`` (astrapy's default);
responses carry plain lists. Similarity is Data API style: cosine
``(1 + cos) / 2``, dot product ``(1 + dot) / 2``, euclidean ``1 / (1 + d^2)``.

Unknown commands are answered with a Data API error and logged at WARNING;
they are also collected in :attr:`DataAPIStandin.unknown_commands` so a test
can assert nothing unexpected was sent.

Commands observed from the real component (lfx-datastax 0.2.0
``AstraDBVectorStoreComponent`` -> langchain-astradb 1.0.0 -> astrapy 2.3.2;
``environment="prod"``, ``api_endpoint`` = this server, ``embedding_model`` = an
OpenAI Embeddings object; ``search_documents()``, i.e. the ``search_results``
output). ``db`` = ``POST /api/json/v1/<keyspace>``, ``coll`` = ``db/<collection>``;
``$binary`` stands for ``{"$binary": "<base64 big-endian float32>"}``.

Ingest + search, collection does not exist yet:

1. db   ``{"findCollections": {}}`` -> ``{"status": {"collections": ["name", ...]}}``
2. coll ``{"estimatedDocumentCount": {}}`` -> error ``COLLECTION_NOT_EXIST``
   (swallowed by the component; astrapy logs a warning)
3. (OpenAI: embeddings of ``"This is a sample sentence."`` to probe the dimension)
4. db   ``{"createCollection": {"name": C, "options": {"vector": {"dimension": 1536},
   "indexing": {"allow": ["metadata"]}}}}`` -> ``{"status": {"ok": 1}}``
5. coll ``{"insertMany": {"documents": [{"content": text, "_id": uuid4 hex,
   "$vector": $binary, "metadata": {"file_name": ..., "page": 1}}, ...],
   "options": {"ordered": false, "returnDocumentResponses": true}}}``
   -> ``{"status": {"insertedIds": [...], "documentResponses": [{"_id", "status": "OK"}]}}``
6. coll ``{"find": {"filter": {}, "projection": {"_id": true, "content": true,
   "metadata": true}, "sort": {"$vector": $binary}, "options": {"limit": 4,
   "includeSimilarity": true, "includeSortVector": false}}}``
   -> ``{"data": {"documents": [{..., "$similarity": s}], "nextPageState": null}}``

Search (and ingest) on an existing collection (autodetect, the default):

1. db   ``{"findCollections": {}}``
2. coll ``{"estimatedDocumentCount": {}}`` -> ``{"status": {"count": n}}``
3. db   ``{"findCollections": {"options": {"explain": true}}}``
   -> ``{"status": {"collections": [{"name", "options": {"vector": {...}, ...}}]}}``
4. coll ``{"find": {"filter": {}, "projection": {"*": true}, "options": {"limit": 15}}}``
   (autodetect samples documents, vectors included, to infer the layout)
5. coll ``{"deleteMany": {"filter": {"metadata.<deletion_field>": {"$in": [...]}}}}``
   only with ``deletion_field`` set -> ``{"status": {"deletedCount": n}}``
6. coll ``insertMany`` as above when ``ingest_data`` is set
7. coll ``find`` as above. ``advanced_search_filter={"file_name": "x"}`` arrives
   as ``"filter": {"metadata.file_name": "x"}``. Search type "MMR" instead sends
   ``projection`` with ``"$vector": true`` and ``"options": {"limit": 20,
   "includeSortVector": true}`` (-> ``status.sortVector``).

Quirk: if the collection exists but is *empty* (count 0), the component forces
``content_field="page_content"`` so documents are written as ``page_content``;
a collection it creates itself gets ``content`` (what :meth:`DataAPIStandin.seed`
writes). Autodetect reads either back (it picks the longest string field).
Not reachable with a loopback endpoint: the UI-only ``update_build_config``
path (collection/reranker discovery) builds an astrapy ``AstraDBDatabaseAdmin``,
which rejects any non-``*.apps.astra.datastax.com`` endpoint before sending anything.

Run standalone: ``python -m tests.support.standins.data_api_server --port 0 [--seed-default-corpus]``;
it prints ``READY http://127.0.0.1:PORT``. Control endpoints: ``POST /_seed``
``{"keyspace", "collection", "documents": [{"text", "metadata"}], "dimension"}``,
``GET /_commands``, ``GET /_unknown_commands``, ``POST /_reset``, ``POST /_fault``
``{"mode": null | "unavailable" | "slow", "delay": seconds, "commands": [names] | null}``.

Faults (:meth:`DataAPIStandin.set_fault`): ``"unavailable"`` answers every Data API call with
HTTP 503 and a plain-text body, as a gateway in front of a database that is down does;
``"slow"`` holds each matching command ``delay`` seconds (at most :data:`MAX_FAULT_DELAY`, and
only while the client waits) before answering it normally. ``commands`` limits either fault to
those command names (e.g. ``["find"]``: only the search). A database that is *not there at all*
needs no mode: point the client at a port nothing listens on.
"""

from __future__ import annotations

import argparse
import base64
import logging
import math
import struct
import threading
import uuid
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from tests.support.standins import JSONHandler, Standin, http_json, run_cli
from tests.support.standins.openai_server import DEFAULT_DIMENSION, embed_text

logger = logging.getLogger("standins.data_api")

DEFAULT_KEYSPACE = "default_keyspace"
PAGE_SIZE = 20
"""Unsorted ``find`` pages like the real API, exercising astrapy's ``nextPageState`` loop."""
MAX_VECTOR_LIMIT = 1000
MAX_FAULT_DELAY = 60.0
"""A slow answer never pins a handler thread longer than this."""
FaultMode = Literal["unavailable", "slow"]
_MISSING = object()


class DataAPIError(Exception):
    """Becomes ``{"errors": [...]}`` in an HTTP 200 response, as the Data API does."""

    def __init__(self, error_code: str, message: str) -> None:
        super().__init__(message)
        self.error_code = error_code

    def to_json(self) -> dict[str, Any]:
        return {
            "id": str(uuid.uuid4()),
            "family": "REQUEST",
            "scope": "",
            "errorCode": self.error_code,
            "title": self.error_code.replace("_", " ").capitalize(),
            "message": str(self),
        }


# --------------------------------------------------------------------------- documents


@dataclass(frozen=True)
class SeedDocument:
    """A corpus chunk: text plus metadata (``file_name``, ``page``, ``url`` ...)."""

    text: str
    metadata: dict[str, Any] = field(default_factory=dict)
    id: str | None = None


DEFAULT_CORPUS: tuple[SeedDocument, ...] = (
    SeedDocument(
        "Water is a molecule made of two hydrogen atoms and one oxygen atom. Pure water is wet, "
        "clear and has no taste.",
        {"file_name": "water.pdf", "page": 1},
        "water-p1",
    ),
    SeedDocument(
        "Water boils at 100 degrees Celsius at sea level and freezes at 0 degrees Celsius. "
        "Hydrogen bonds give water its high boiling point.",
        {"file_name": "water.pdf", "page": 2},
        "water-p2",
    ),
    SeedDocument(
        "The water cycle moves water through evaporation, condensation into clouds, and "
        "precipitation as rain or snow.",
        {"file_name": "water.pdf", "page": 3},
        "water-p3",
    ),
    SeedDocument(
        "Photosynthesis is the process by which plants use sunlight, water and carbon dioxide "
        "to produce glucose and oxygen.",
        {"file_name": "photosynthesis.md", "page": 1},
        "photosynthesis-p1-a",
    ),
    SeedDocument(
        "Photosynthesis takes place in chloroplasts; chlorophyll absorbs light energy for the "
        "light-dependent reactions of plants.",
        {"file_name": "photosynthesis.md", "page": 1},
        "photosynthesis-p1-b",
    ),
    SeedDocument(
        "Astra DB collections store JSON documents with an optional vector field; a collection's "
        "vector dimension and similarity metric are fixed when the collection is created.",
        {
            "file_name": "astra-db-collections.html",
            "page": 1,
            "url": "https://docs.datastax.com/en/astra-db-serverless/databases/manage-collections.html",
        },
        "astra-collections-p1",
    ),
)
"""Six chunks from three documents; topics: water, photosynthesis, Astra DB collections."""


def decode_vector(value: Any) -> list[float]:
    """``$vector`` as a list, from a list or ``{"$binary": base64 of big-endian float32}``."""
    if isinstance(value, Mapping) and "$binary" in value:
        raw = base64.b64decode(value["$binary"])
        return list(struct.unpack(f">{len(raw) // 4}f", raw))
    if isinstance(value, list) and all(isinstance(x, (int, float)) for x in value):
        return [float(x) for x in value]
    raise DataAPIError("INVALID_VECTOR", f"Invalid $vector value: {value!r:.80}")


def similarity(metric: str, a: list[float], b: list[float]) -> float:
    if len(a) != len(b):
        raise DataAPIError(
            "VECTOR_SIZE_MISMATCH", f"Length of vector parameter different from declared '{len(a)}'"
        )
    dot = sum(x * y for x, y in zip(a, b, strict=True))
    if metric == "dot_product":
        return (1 + dot) / 2
    if metric == "euclidean":
        return 1 / (1 + sum((x - y) ** 2 for x, y in zip(a, b, strict=True)))
    norms = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
    return (1 + (dot / norms if norms else 0.0)) / 2


def _lookup(doc: Mapping[str, Any], path: str) -> Any:
    value: Any = doc
    for part in path.split("."):
        if not isinstance(value, Mapping) or part not in value:
            return _MISSING
        value = value[part]
    return value


def _equals(value: Any, target: Any) -> bool:
    # Data API semantics: an array field matches a scalar it contains.
    return value == target or (isinstance(value, list) and not isinstance(target, list) and target in value)


def _compare(value: Any, target: Any, op: Callable[[Any, Any], bool]) -> bool:
    try:
        return value is not _MISSING and op(value, target)
    except TypeError:
        return False


_OPERATORS: dict[str, Callable[[Any, Any], bool]] = {
    "$eq": _equals,
    "$ne": lambda v, t: not _equals(v, t),
    "$in": lambda v, t: any(_equals(v, x) for x in t),
    "$nin": lambda v, t: not any(_equals(v, x) for x in t),
    "$exists": lambda v, t: (v is not _MISSING) == bool(t),
    "$gt": lambda v, t: _compare(v, t, lambda a, b: a > b),
    "$gte": lambda v, t: _compare(v, t, lambda a, b: a >= b),
    "$lt": lambda v, t: _compare(v, t, lambda a, b: a < b),
    "$lte": lambda v, t: _compare(v, t, lambda a, b: a <= b),
    "$all": lambda v, t: isinstance(v, list) and all(x in v for x in t),
    "$size": lambda v, t: isinstance(v, list) and len(v) == t,
}


def _sort_key(value: Any) -> tuple[int, Any]:
    """Numbers before strings before missing fields; never compares across types."""
    if value is _MISSING:
        return (2, "")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return (0, value)
    return (1, str(value))


def matches(doc: Mapping[str, Any], filter_: Mapping[str, Any] | None) -> bool:
    """Evaluate a Data API filter (dotted paths, ``$and``/``$or``/``$not``, comparison operators)."""
    for key, condition in (filter_ or {}).items():
        if key == "$and":
            ok = all(matches(doc, f) for f in condition)
        elif key == "$or":
            ok = any(matches(doc, f) for f in condition)
        elif key == "$not":
            ok = not matches(doc, condition)
        elif key.startswith("$"):
            raise DataAPIError("UNSUPPORTED_FILTER_OPERATION", f"Unsupported filter operator {key!r}")
        else:
            value = _lookup(doc, key)
            if isinstance(condition, Mapping) and condition and all(k.startswith("$") for k in condition):
                unknown = set(condition) - set(_OPERATORS)
                if unknown:
                    raise DataAPIError(
                        "UNSUPPORTED_FILTER_OPERATION", f"Unsupported filter operator(s) {unknown}"
                    )
                ok = all(_OPERATORS[op](value, target) for op, target in condition.items())
            else:
                ok = _equals(value, condition)
        if not ok:
            return False
    return True


def project(doc: dict[str, Any], projection: Mapping[str, Any] | None) -> dict[str, Any]:
    """Apply a projection; like the Data API, ``$vector`` is only returned when asked for."""
    projection = dict(projection or {})
    if projection.get("*"):
        return dict(doc)
    include_id = bool(projection.pop("_id", True))
    projection.pop("*", None)
    included = [k for k, v in projection.items() if v]
    if included:
        out: dict[str, Any] = {}
        for path in included:
            value = _lookup(doc, path)
            if value is _MISSING:
                continue
            target = out
            *parents, leaf = path.split(".")
            for part in parents:
                target = target.setdefault(part, {})
            target[leaf] = value
    else:
        excluded = {k for k, v in projection.items() if not v}
        out = {
            k: v
            for k, v in doc.items()
            if k not in excluded and k not in {"$vector", "$vectorize", "$lexical"}
        }
    if include_id and "_id" in doc:
        out = {"_id": doc["_id"], **out}
    else:
        out.pop("_id", None)
    return out


@dataclass(frozen=True)
class Fault:
    """An injected failure: ``mode``, the delay of ``"slow"``, and which commands it hits (None: all)."""

    mode: FaultMode
    delay: float = 0.0
    commands: frozenset[str] | None = None

    def hits(self, command: str) -> bool:
        return self.commands is None or command in self.commands


@dataclass
class Collection:
    name: str
    options: dict[str, Any]
    documents: dict[Any, dict[str, Any]] = field(default_factory=dict)

    @property
    def metric(self) -> str:
        return (self.options.get("vector") or {}).get("metric", "cosine")

    @property
    def dimension(self) -> int | None:
        return (self.options.get("vector") or {}).get("dimension")

    def prepare(self, document: Mapping[str, Any]) -> dict[str, Any]:
        """Validate and normalize a document for storage (id, decoded vector)."""
        doc = dict(document)
        doc.setdefault("_id", str(uuid.uuid4()))
        if "$vectorize" in doc:
            raise DataAPIError(
                "EMBEDDING_SERVICE_NOT_CONFIGURED", f"Collection '{self.name}' has no vectorize service"
            )
        if "$vector" in doc:
            if self.dimension is None:
                raise DataAPIError(
                    "VECTOR_SEARCH_NOT_ENABLED", f"Collection '{self.name}' is not vector-enabled"
                )
            doc["$vector"] = decode_vector(doc["$vector"])
            if len(doc["$vector"]) != self.dimension:
                raise DataAPIError(
                    "VECTOR_SIZE_MISMATCH",
                    f"Length of vector parameter different from declared '{self.dimension}' dimension",
                )
        return doc

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "options": self.options}


# --------------------------------------------------------------------------- server


class _DataAPIHandler(JSONHandler):
    logger = logger
    standin: DataAPIStandin  # type: ignore[assignment]

    def do_GET(self) -> None:
        if self.path == "/_commands":
            self.send_json(200, self.standin.commands)
        elif self.path == "/_unknown_commands":
            self.send_json(200, self.standin.unknown_commands)
        else:
            self.send_json(
                404, {"errors": [DataAPIError("NOT_FOUND", f"No route for GET {self.path}").to_json()]}
            )

    def do_POST(self) -> None:
        body = self.read_json() or {}
        if self.path == "/_seed":
            count = self.standin.seed(
                [SeedDocument(**d) for d in body.get("documents", [])],
                keyspace=body.get("keyspace", DEFAULT_KEYSPACE),
                collection=body["collection"],
                dimension=body.get("dimension", self.standin.dimension),
            )
            self.send_json(200, {"inserted": count})
            return
        if self.path == "/_reset":
            self.standin.reset()
            self.send_json(200, {"ok": True})
            return
        if self.path == "/_fault":
            self.standin.set_fault(
                body.get("mode"), delay=body.get("delay", 0.0), commands=body.get("commands")
            )
            self.send_json(200, {"ok": True})
            return
        parts = self.path.split("?", 1)[0].strip("/").split("/")
        if parts[:3] != ["api", "json", "v1"] or len(parts) > 5:
            self.send_json(
                404, {"errors": [DataAPIError("NOT_FOUND", f"No route for POST {self.path}").to_json()]}
            )
            return
        if not self.headers.get("Token"):
            error = DataAPIError("UNAUTHENTICATED_REQUEST", "Role unauthorized for operation: Missing token")
            self.send_json(401, {"errors": [error.to_json()]})
            return
        keyspace, collection = [*parts[3:], None, None][:2]
        fault = self.standin.fault
        if fault is not None and fault.hits(next(iter(body), "")):
            self.standin.note_faulted(body)
            if fault.mode == "unavailable":
                self._unavailable()
                return
            if self.client_gone_within(min(fault.delay, MAX_FAULT_DELAY)):
                self.close_connection = True
                return
        self.send_json(200, self.standin.execute(body, keyspace, collection))

    def _unavailable(self) -> None:
        text = b"503 Service Unavailable: the database is not available.\n"
        self.send_response(503)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(text)))
        self.end_headers()
        self.wfile.write(text)


Level = Literal["general", "database", "collection"]
_Handler = Callable[..., dict[str, Any]]
_COMMANDS: dict[tuple[Level, str], _Handler] = {}


def _command(level: Level, name: str) -> Callable[[_Handler], _Handler]:
    """Register a ``DataAPIStandin`` method as the handler of a wire command."""

    def register(handler: _Handler) -> _Handler:
        _COMMANDS[(level, name)] = handler
        return handler

    return register


class DataAPIStandin(Standin):
    """In-memory keyspaces and collections behind a Data API endpoint."""

    handler_class = _DataAPIHandler

    def __init__(
        self,
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        keyspaces: Iterable[str] = (DEFAULT_KEYSPACE,),
        dimension: int = DEFAULT_DIMENSION,
    ) -> None:
        super().__init__(host, port)
        self.dimension = dimension
        self._initial_keyspaces = tuple(keyspaces)
        self._lock = threading.RLock()
        self.keyspaces: dict[str, dict[str, Collection]] = {k: {} for k in self._initial_keyspaces}
        self._commands: list[dict[str, Any]] = []
        self.unknown_commands: list[dict[str, Any]] = []
        self.fault: Fault | None = None
        self.faulted: list[str] = []
        """Names of the commands a fault hit, oldest first."""

    @classmethod
    def from_cli_args(cls, args: argparse.Namespace) -> DataAPIStandin:
        standin = cls(port=args.port, dimension=args.dimension)
        if args.seed_default_corpus:
            standin.seed(DEFAULT_CORPUS, collection=args.collection)
        return standin

    @property
    def api_endpoint(self) -> str:
        """What to pass as the component's ``api_endpoint``."""
        return self.url

    # -- inspection

    @property
    def commands(self) -> list[dict[str, Any]]:
        """Every command received: ``{"keyspace", "collection", "name", "payload"}``, oldest first."""
        with self._lock:
            return list(self._commands)

    def command_names(self) -> list[str]:
        return [c["name"] for c in self.commands]

    def collection(self, name: str, keyspace: str = DEFAULT_KEYSPACE) -> Collection:
        return self.keyspaces[keyspace][name]

    def reset(self) -> None:
        with self._lock:
            self.keyspaces = {k: {} for k in self._initial_keyspaces}
            self._commands.clear()
            self.unknown_commands.clear()
            self.fault = None
            self.faulted.clear()

    # -- faults

    def set_fault(
        self, mode: FaultMode | None, *, delay: float = 0.0, commands: Iterable[str] | None = None
    ) -> None:
        """Inject a fault (``None`` heals the stand-in); see the module docstring."""
        if mode is not None and mode not in ("unavailable", "slow"):
            raise ValueError(f"Unknown fault mode {mode!r}")
        with self._lock:
            self.fault = (
                None
                if mode is None
                else Fault(mode, float(delay), None if commands is None else frozenset(commands))
            )

    def note_faulted(self, body: Mapping[str, Any]) -> None:
        with self._lock:
            self.faulted.append(next(iter(body), ""))

    # -- seeding

    def seed(
        self,
        documents: Iterable[SeedDocument],
        *,
        collection: str,
        keyspace: str = DEFAULT_KEYSPACE,
        dimension: int | None = None,
        embed: Callable[[str, int], list[float]] = embed_text,
    ) -> int:
        """Store documents the way langchain-astradb writes them, embedded like the OpenAI stand-in.

        Layout: ``{"_id", "content", "metadata": {...}, "$vector"}`` in a cosine
        collection, creating keyspace and collection if needed.
        """
        dim = dimension or self.dimension
        with self._lock:
            collections = self.keyspaces.setdefault(keyspace, {})
            coll = collections.get(collection)
            if coll is None:
                options = {
                    "vector": {"dimension": dim, "metric": "cosine"},
                    "indexing": {"allow": ["metadata"]},
                }
                coll = collections[collection] = Collection(collection, options)
            count = 0
            for doc in documents:
                stored = {
                    "content": doc.text,
                    "metadata": dict(doc.metadata),
                    "$vector": embed(doc.text, dim),
                }
                if doc.id is not None:
                    stored["_id"] = doc.id
                prepared = coll.prepare(stored)
                coll.documents[prepared["_id"]] = prepared
                count += 1
        return count

    # -- command dispatch

    def execute(
        self, body: Mapping[str, Any], keyspace: str | None, collection: str | None
    ) -> dict[str, Any]:
        """Run one Data API command and return the response body."""
        if len(body) != 1:
            error = DataAPIError("COMMAND_FIELD_INVALID", "Request must contain exactly one command")
            return {"errors": [error.to_json()]}
        ((name, payload),) = body.items()
        payload = payload or {}
        level: Level = "collection" if collection else "database" if keyspace else "general"
        with self._lock:
            self._commands.append(
                {"keyspace": keyspace, "collection": collection, "name": name, "payload": payload}
            )
            handler = _COMMANDS.get((level, name))
            if handler is None:
                return self._unknown(level, name, payload, keyspace, collection)
            try:
                if keyspace not in self.keyspaces:
                    raise DataAPIError("KEYSPACE_DOES_NOT_EXIST", f"Unknown keyspace '{keyspace}'")
                if level == "database":
                    return handler(self, self.keyspaces[keyspace], payload)
                coll = self.keyspaces[keyspace].get(str(collection))
                if coll is None:
                    raise DataAPIError(
                        "COLLECTION_NOT_EXIST", f"Collection does not exist, collection name: {collection}"
                    )
                return handler(self, coll, payload)
            except DataAPIError as exc:
                return {"errors": [exc.to_json()]}
            except (KeyError, TypeError, ValueError) as exc:  # malformed payload: answer, don't hang up
                logger.exception("Data API stand-in: cannot handle %s %s", name, payload)
                return {"errors": [DataAPIError("INVALID_REQUEST", f"{type(exc).__name__}: {exc}").to_json()]}

    def _unknown(
        self, level: str, name: str, payload: Any, keyspace: str | None, collection: str | None
    ) -> dict[str, Any]:
        """Loud on purpose: a command the stand-in lacks means a test exercises untested ground."""
        logger.warning(
            "Data API stand-in: UNKNOWN %s command %r on %s/%s: %s",
            level,
            name,
            keyspace,
            collection,
            payload,
        )
        self.unknown_commands.append({"level": level, "name": name, "payload": payload})
        known = sorted(command for lvl, command in _COMMANDS if lvl == level)
        kind = {
            "general": "GeneralCommand",
            "database": "KeyspaceCommand",
            "collection": "CollectionCommand",
        }[level]
        message = f'Provided command unknown: "{name}" not one of "{kind}"s: known commands are [{", ".join(known)}]'
        return {"errors": [DataAPIError("COMMAND_UNKNOWN", message).to_json()]}

    # database level: /api/json/v1/<keyspace>

    @_command("database", "findCollections")
    def _find_collections(self, colls: dict[str, Collection], payload: dict[str, Any]) -> dict[str, Any]:
        explain = (payload.get("options") or {}).get("explain")
        listing = [c.describe() if explain else c.name for c in colls.values()]
        return {"status": {"collections": listing}}

    @_command("database", "createCollection")
    def _create_collection(self, colls: dict[str, Collection], payload: dict[str, Any]) -> dict[str, Any]:
        name, options = payload["name"], dict(payload.get("options") or {})
        if "vector" in options:
            options["vector"] = {"metric": "cosine", **options["vector"]}
        existing = colls.get(name)
        if existing is not None and existing.options != options:
            raise DataAPIError(
                "EXISTING_COLLECTION_DIFFERENT_SETTINGS",
                f"Collection already exists: trying to create Collection ('{name}') with different settings",
            )
        colls.setdefault(name, Collection(name, options))
        return {"status": {"ok": 1}}

    @_command("database", "deleteCollection")
    def _delete_collection(self, colls: dict[str, Collection], payload: dict[str, Any]) -> dict[str, Any]:
        colls.pop(payload["name"], None)
        return {"status": {"ok": 1}}

    # collection level: /api/json/v1/<keyspace>/<collection>

    def _insert(self, coll: Collection, documents: list[dict[str, Any]], *, ordered: bool) -> dict[str, Any]:
        responses: list[dict[str, Any]] = []
        errors: list[dict[str, Any]] = []
        for document in documents:
            if ordered and errors:
                responses.append({"_id": document.get("_id"), "status": "SKIPPED"})
                continue
            try:
                doc = coll.prepare(document)
                if doc["_id"] in coll.documents:
                    raise DataAPIError(
                        "DOCUMENT_ALREADY_EXISTS",
                        f"Failed to insert document with _id {doc['_id']!r}: Document already exists",
                    )
            except DataAPIError as exc:
                responses.append({"_id": document.get("_id"), "status": "ERROR", "errorsIdx": len(errors)})
                errors.append(exc.to_json())
                continue
            coll.documents[doc["_id"]] = doc
            responses.append({"_id": doc["_id"], "status": "OK"})
        status = {
            "insertedIds": [r["_id"] for r in responses if r["status"] == "OK"],
            "documentResponses": responses,
        }
        return {"status": status, **({"errors": errors} if errors else {})}

    @_command("collection", "insertOne")
    def _insert_one(self, coll: Collection, payload: dict[str, Any]) -> dict[str, Any]:
        result = self._insert(coll, [payload["document"]], ordered=True)
        if "errors" in result:
            return {"errors": result["errors"]}
        return {"status": {"insertedIds": result["status"]["insertedIds"]}}

    @_command("collection", "insertMany")
    def _insert_many(self, coll: Collection, payload: dict[str, Any]) -> dict[str, Any]:
        options = payload.get("options") or {}
        result = self._insert(
            coll, payload.get("documents") or [], ordered=bool(options.get("ordered", False))
        )
        if not options.get("returnDocumentResponses"):
            result["status"].pop("documentResponses")
        return result

    def _select(
        self, coll: Collection, payload: dict[str, Any]
    ) -> tuple[list[tuple[dict[str, Any], float | None]], list[float] | None]:
        """Filter and sort; returns (doc, similarity) pairs and the sort vector if any."""
        docs = [d for d in coll.documents.values() if matches(d, payload.get("filter"))]
        sort = payload.get("sort") or {}
        if "$vectorize" in sort or "$hybrid" in sort or "$lexical" in sort:
            raise DataAPIError(
                "UNSUPPORTED_SORT", f"The stand-in only sorts by $vector or fields, got {sort}"
            )
        if "$vector" in sort:
            query = decode_vector(sort["$vector"])
            if coll.dimension is None:
                raise DataAPIError(
                    "VECTOR_SEARCH_NOT_ENABLED", f"Collection '{coll.name}' is not vector-enabled"
                )
            scored: list[tuple[dict[str, Any], float | None]] = [
                (d, similarity(coll.metric, query, d["$vector"])) for d in docs if "$vector" in d
            ]
            scored.sort(key=lambda pair: pair[1] or 0.0, reverse=True)
            return scored, query
        for key, direction in reversed(list(sort.items())):
            docs.sort(key=lambda d, k=key: _sort_key(_lookup(d, k)), reverse=direction == -1)
        return [(d, None) for d in docs], None

    @_command("collection", "find")
    def _find(self, coll: Collection, payload: dict[str, Any]) -> dict[str, Any]:
        options = payload.get("options") or {}
        selected, sort_vector = self._select(coll, payload)
        skip = int(options.get("skip") or 0)
        limit = options.get("limit")
        if sort_vector is not None:
            selected = selected[skip : skip + min(int(limit or MAX_VECTOR_LIMIT), MAX_VECTOR_LIMIT)]
            next_page = None
        else:
            selected = selected[skip : skip + int(limit)] if limit is not None else selected[skip:]
            start = int(options.get("pageState") or 0)
            next_page = str(start + PAGE_SIZE) if len(selected) > start + PAGE_SIZE else None
            selected = selected[start : start + PAGE_SIZE]
        documents = []
        for doc, score in selected:
            out = project(doc, payload.get("projection"))
            if score is not None and options.get("includeSimilarity"):
                out["$similarity"] = score
            documents.append(out)
        status = {"sortVector": sort_vector} if options.get("includeSortVector") else {}
        return {
            "data": {"documents": documents, "nextPageState": next_page},
            **({"status": status} if status else {}),
        }

    @_command("collection", "findOne")
    def _find_one(self, coll: Collection, payload: dict[str, Any]) -> dict[str, Any]:
        options = payload.get("options") or {}
        selected, _ = self._select(coll, payload)
        if not selected:
            return {"data": {"document": None}}
        doc, score = selected[0]
        out = project(doc, payload.get("projection"))
        if score is not None and options.get("includeSimilarity"):
            out["$similarity"] = score
        return {"data": {"document": out}}

    @_command("collection", "countDocuments")
    def _count_documents(self, coll: Collection, payload: dict[str, Any]) -> dict[str, Any]:
        return {"status": {"count": sum(matches(d, payload.get("filter")) for d in coll.documents.values())}}

    @_command("collection", "estimatedDocumentCount")
    def _estimated_document_count(self, coll: Collection, _payload: dict[str, Any]) -> dict[str, Any]:
        return {"status": {"count": len(coll.documents)}}

    @_command("collection", "deleteMany")
    def _delete_many(self, coll: Collection, payload: dict[str, Any]) -> dict[str, Any]:
        filter_ = payload.get("filter") or {}
        doomed = [key for key, doc in coll.documents.items() if matches(doc, filter_)]
        for key in doomed:
            del coll.documents[key]
        # The real API reports -1 for an unfiltered delete (it truncates without counting).
        return {"status": {"deletedCount": len(doomed) if filter_ else -1}}

    @_command("collection", "deleteOne")
    def _delete_one(self, coll: Collection, payload: dict[str, Any]) -> dict[str, Any]:
        selected, _ = self._select(coll, payload)
        if selected:
            del coll.documents[selected[0][0]["_id"]]
        return {"status": {"deletedCount": len(selected[:1])}}


@dataclass
class DataAPIStandinClient:
    """Seeding and inspection of a subprocess stand-in over HTTP."""

    url: str
    timeout: float = 10.0

    @property
    def api_endpoint(self) -> str:
        return self.url

    def _call(self, method: str, path: str, payload: Any = None) -> Any:
        return http_json(self.url + path, method, payload, self.timeout)

    def seed(
        self,
        documents: Iterable[SeedDocument],
        *,
        collection: str,
        keyspace: str = DEFAULT_KEYSPACE,
        dimension: int | None = None,
    ) -> int:
        docs = [{"text": d.text, "metadata": d.metadata, "id": d.id} for d in documents]
        payload = {"documents": docs, "collection": collection, "keyspace": keyspace, "dimension": dimension}
        return self._call("POST", "/_seed", payload)["inserted"]

    @property
    def commands(self) -> list[dict[str, Any]]:
        return self._call("GET", "/_commands")

    @property
    def unknown_commands(self) -> list[dict[str, Any]]:
        return self._call("GET", "/_unknown_commands")

    def reset(self) -> None:
        self._call("POST", "/_reset", {})

    def set_fault(
        self, mode: FaultMode | None, *, delay: float = 0.0, commands: Iterable[str] | None = None
    ) -> None:
        payload = {"mode": mode, "delay": delay, "commands": None if commands is None else list(commands)}
        self._call("POST", "/_fault", payload)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="In-memory Astra Data API stand-in")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port (announced on stdout)")
    parser.add_argument(
        "--dimension", type=int, default=DEFAULT_DIMENSION, help="dimension used when seeding"
    )
    parser.add_argument(
        "--seed-default-corpus", action="store_true", help="seed DEFAULT_CORPUS into --collection"
    )
    parser.add_argument("--collection", default="corpus", help="collection for --seed-default-corpus")
    parser.add_argument("--verbose", action="store_true")
    run_cli(DataAPIStandin, parser, argv)


if __name__ == "__main__":
    main()
