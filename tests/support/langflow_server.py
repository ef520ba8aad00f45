"""Start a real Langflow 1.13 server for end-to-end tests, and talk to it.

Unit tests exercise components in-process; they cannot show what a *client* of
``langflow run`` sees: which events cross the wire, what the v1 projection does to
``content_blocks``, whether our installed bundle shows up in the palette. This
module starts the real server in a throw-away sandbox (``LangflowServer``) and
wraps the handful of HTTP calls the tests need (``LangflowClient``).

Server sandbox (all verified against the installed 1.13 source)
---------------------------------------------------------------
* ``python -m langflow run --host 127.0.0.1 --port <free> --backend-only``, in its
  own process group (gunicorn master + a worker process), cwd = a fresh temp dir.
* Every inherited ``LANGFLOW_*`` variable is dropped, then: ``LANGFLOW_CONFIG_DIR``
  and ``LANGFLOW_DATABASE_URL=sqlite:///<tmp>/langflow.db`` (fresh DB, migrated at
  boot), ``LANGFLOW_KNOWLEDGE_BASES_DIR=<tmp>/knowledge_bases`` (Langflow's default is
  ``~/.langflow/knowledge_bases``, where boot writes its migration inventory),
  ``LANGFLOW_AUTO_LOGIN=true`` (1.13 defaults it to *false*; with it on,
  ``GET /api/v1/auto_login`` hands out a token for the superuser that boot creates),
  ``DO_NOT_TRACK``/``LANGFLOW_DO_NOT_TRACK``, ``LANGFLOW_CREATE_STARTER_PROJECTS=false``,
  ``LANGFLOW_SKIP_MCP_AUTO_INIT=true``, ``LANGFLOW_MODELS_DEV_REFRESH=false`` and
  ``LITELLM_LOCAL_MODEL_COST_MAP=True`` (the last two stop boot-time fetches of
  models.dev / the LiteLLM cost map, which only fail and retry without internet),
  ``LANGFLOW_PRETTY_LOGS=false`` (JSON log lines; rich tracebacks cost seconds per failed run).
  The browser is never opened (``open_browser`` defaults to false, backend only).
  ``backend_only=False`` also serves the web UI the wheel ships (``langflow/frontend``):
  no ``--backend-only`` flag and ``LANGFLOW_BACKEND_ONLY=false`` (for the Playground tests).
* ``flows_dir`` sets ``LANGFLOW_LOAD_FLOWS_PATH`` (``ComponentsSettings.load_flows_path``,
  read by ``langflow/initial_setup/setup.py::load_flows_from_directory``): every
  ``*.json`` in it is upserted for the first superuser, i.e. the auto-login user. A
  file without an ``"id"`` gets a random one unless it is *named* ``<uuid>.json``;
  use ``write_flow_file`` to pin the id.
* Readiness is ``GET /health_check`` (checks DB and chat services; ``/health`` can
  answer before the app is up). Boot took 41-54 s on this idle 2-core machine with
  the settings above (up to 96 s while other jobs loaded it), so the timeout is 300 s.
* stdout+stderr go to ``<tmp>/server.log``; ``log_tail()`` is attached to failing
  test reports by ``conftest.py`` and to every start-up error. The temp dir is removed
  on a clean stop unless ``LANGFLOW_E2E_KEEP_WORKDIR`` is set, kept on a failed start.
* ``hide_bundle=True`` starts the server as if this bundle were not installed: ``PYTHONPATH`` gets
  ``tests/support/hidden_bundle`` first, whose ``sitecustomize`` makes ``lfx_citations`` unimportable
  and hides its distribution (so no ``langflow.extensions`` entry point, no palette entry). Flows
  whose nodes import the bundle then fail; ``flows/standalone/`` runs. One server serves any number
  of tests this way: give it ``flows_dir=flows/standalone`` and it is also the suite's proof that the
  standalone flows run without the bundle.
* ``extra_env`` is applied last (override anything above, e.g. ``LANGFLOW_LOG_LEVEL``).
  ``python`` picks the interpreter: an overlay venv (a ``.pth`` doing
  ``site.addsitedir(<this venv's site-packages>)`` plus ``uv pip install -e <ext>``)
  checks a throw-away extension without touching the shared venv.

Wire formats (langflow/api/v1/endpoints.py, lfx/events/event_manager.py)
------------------------------------------------------------------------
* Auth: ``x-api-key: <key>`` from ``POST /api/v1/api_key/`` (Bearer auto-login token).
* ``POST /api/v1/flows/`` takes the ``Graph.dump()`` dict as is and returns the row
  (``id``); a clashing name is suffixed ``" (1)"``, never rejected.
* ``POST /api/v1/run/{flow_id_or_endpoint_name}?stream=false`` with
  ``{"input_value", "input_type", "output_type", "tweaks", "session_id"}`` returns a
  ``RunResponse``: ``{"session_id", "outputs": [{"inputs", "outputs": [{"results":
  {"message": {...Message..., "text", "content_blocks", "data": {...}}}, "artifacts",
  "outputs", "messages", "component_id", ...}]}]}``, one inner entry per output
  vertex (Chat Output by default: ``output_type="chat"``).
* ``?stream=true`` is ``media_type="text/event-stream"`` but **not SSE**: each event
  is ``json.dumps({"event": name, "data": payload}) + "\\n\\n"`` (no ``data:`` prefix),
  flushed as it is produced. Events on this route
  (``create_stream_tokens_event_manager``): ``add_message`` (a full Message dict;
  one per stored message, again with ``properties.state == "partial"`` when a
  streamed message starts, and a final ``"complete"`` one), ``token``
  (``{"chunk": str, "id": message_id}``, one per chunk, as the model yields it),
  ``end`` (``{"result": <the same RunResponse dict as the non-stream body>}``) or
  ``error`` (``{"error": str}``; the HTTP status is still 200). ``end_vertex`` /
  ``build_start`` / ``build_end`` / ``log`` are registered but the /run path does
  not emit them.
* Playground path: ``POST /api/v1/build/{flow_id}/flow`` with ``{"inputs":
  {"input_value", "session"}}`` returns ``{"job_id"}``; ``GET
  /api/v1/build/{job_id}/events`` streams the same ``json + "\\n\\n"`` framing
  (content-type ``application/x-ndjson``): ``vertices_sorted``, ``build_start``,
  ``add_message``/``token``, ``end_vertex`` (``{"build_data", "output_meta"}``) per
  vertex, ``end`` (``{"build_duration"}``). It runs the *stored* flow, so the
  nodes' own ``stream`` values apply (no tweak injection, see below). Note: the 1.13
  UI Playground no longer calls this route; its bundle posts ``/api/v2/workflows``
  with ``stream_protocol="agui"`` (v2 keeps the new ``content_blocks`` shape).

``content_blocks`` on the v1 API
--------------------------------
The DB row keeps the full 1.13 shape (any ``ContentType``: ``citation``, ``json``,
``text`` leaves at top level, every node with ``id``/``contents``). Every v1 read is
projected back to the 1.11 shape by ``lfx/schema/legacy_render.py``
(``legacy_content_blocks`` via ``project_payload_to_v1`` / ``render_v1_content_blocks``):
only *group* blocks survive, rendered ``{"title", "contents", "allow_markdown",
"media_url"}`` (no ``type``), their leaves lose ``id`` and ``contents``; top-level
leaves are dropped (exception: top-level ``tool_use`` leaves and no group -> wrapped
into an ``"Agent Steps"`` group). Applied at: ``/run`` non-stream
(``endpoints.py::_v1_run_response``), ``/run`` stream ``add_message``/``end``
(``endpoints.py::_project_run_event`` in ``consume_and_yield``), the build stream
(``langflow/api/build.py::_project_event_to_v1``), ``/monitor/messages``
(``lfx/schema/message.py::MessageResponse.validate_content_blocks``), message
updates (``services/database/models/message/model.py::MessageRead``). Verified live:
a group holding a ``citation`` leaf survives everywhere; top-level ``citation`` and
``json`` leaves vanish everywhere. Also: ``Message.text`` is derived from top-level
``text`` leaves, so ``Message(text="a", content_blocks=[..., TextContent(text="b")])``
stores and returns ``text == "b"``.

How ``?stream=`` reaches components
-----------------------------------
``simple_run_flow`` calls ``lfx/processing/process.py::process_tweaks(graph_data,
tweaks, stream=stream)``, which (unless the caller's tweaks already have a top-level
``"stream"`` key) adds ``"stream": <bool>`` as an *all-nodes* tweak: every node whose
template has a ``stream`` field (all ``LCModelComponent`` models) gets it set, both
for ``stream=true`` and ``stream=false``; nodes without the field are untouched, and
this all-nodes value is applied after per-node tweaks. Tokens then flow from
``LCModelComponent._handle_stream`` (only when the model is connected to a Chat
Output and an event manager exists) -> ``Component.send_message`` ->
``_stream_message``/``_process_chunk`` -> ``event_manager.on_token``. A component
that returns ``Message(text=<async iterator>)`` streams the same way under
``stream=true``, but under ``stream=false`` nobody drains the iterator and the stored
text is ``""``.

Installed extension bundles in ``/api/v1/all``
----------------------------------------------
A distribution with a ``langflow.extensions`` entry point and an ``extension.json``
(wheel or editable install) appears with its bundle *name* as the category and each
component keyed ``ext:<bundle>:<ClassName>@official``; the template also carries
``extension`` (manifest id), ``bundle``, ``extension_version``, ``namespaced_id`` and
``metadata.module == "_lfx_ext.official.<bundle>.<module>"``
(``lfx/interface/components.py::import_extension_components``). For this repo:
``all["citations"]["ext:citations:CitationPostProcessorComponent@official"]``.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import httpx
import pytest
from typing_extensions import Self

HOST = "127.0.0.1"
STARTUP_TIMEOUT_S = 300.0
STOP_GRACE_S = 30.0

# Settings that make boot hermetic, quiet and as fast as it gets offline.
BASE_ENV: dict[str, str] = {
    "LANGFLOW_AUTO_LOGIN": "true",
    "LANGFLOW_DO_NOT_TRACK": "true",
    "DO_NOT_TRACK": "true",
    "LANGFLOW_CREATE_STARTER_PROJECTS": "false",
    "LANGFLOW_UPDATE_STARTER_PROJECTS": "false",
    "LANGFLOW_OPEN_BROWSER": "false",
    "LANGFLOW_BACKEND_ONLY": "true",
    "LANGFLOW_WORKERS": "1",
    "LANGFLOW_SKIP_MCP_AUTO_INIT": "true",
    "LANGFLOW_MODELS_DEV_REFRESH": "false",
    "LITELLM_LOCAL_MODEL_COST_MAP": "True",
    "LANGFLOW_LOG_LEVEL": "info",
    # Plain JSON log lines: the default pretty console renders every logged exception as a rich
    # traceback, several per failed run, which took 20-40 s of server CPU per failing run on 2 busy cores.
    "LANGFLOW_PRETTY_LOGS": "false",
    "PYTHONUNBUFFERED": "1",
}


class LangflowError(AssertionError):
    """An HTTP call or the server itself did not behave; the message carries the evidence."""


def free_port() -> int:
    """Ask the OS for an unused port (``langflow run`` would silently move off a busy one)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


_SHARED = pytest.StashKey[dict[tuple[object, ...], "LangflowServer"]]()
HIDDEN_BUNDLE_PATH = Path(__file__).resolve().parent / "hidden_bundle"
"""A ``sitecustomize`` folder: first on ``PYTHONPATH``, the interpreter runs as if the bundle were not installed."""


def hidden_bundle_env(environ: Mapping[str, str]) -> dict[str, str]:
    """``environ`` with ``PYTHONPATH`` starting at :data:`HIDDEN_BUNDLE_PATH` (for any child Python)."""
    rest = environ.get("PYTHONPATH")
    path = str(HIDDEN_BUNDLE_PATH) + (os.pathsep + rest if rest else "")
    return {**environ, "PYTHONPATH": path}


def standin_server_env() -> dict[str, str]:
    """What a server needs to reach the stand-ins: loopback allowed, tiktoken's file offline."""
    from tests.support.standins.openai_server import tiktoken_cache_dir

    env = {"LANGFLOW_SSRF_ALLOWED_HOSTS": "127.0.0.1"}
    if cache := tiktoken_cache_dir():
        env["TIKTOKEN_CACHE_DIR"] = cache
    return env


def shared_server(config: pytest.Config, **options: Any) -> LangflowServer:
    """One running server per distinct ``LangflowServer`` options for the whole session, stopped at its end.

    ``options`` are ``LangflowServer``'s (``extra_env``, ``flows_dir``, ``backend_only``, ``python``,
    ``hide_bundle``: a server as if the bundle were not installed). A boot is most of a
    minute, so equal options share one; ``tests/support/langflow_fixtures.py`` holds the default.
    """
    servers = config.stash.setdefault(_SHARED, {})
    options["extra_env"] = dict(options.get("extra_env") or {})
    # The defaults written out, so that leaving an option out and giving its default share a server.
    settings = {
        "flows_dir": None,
        "backend_only": True,
        "python": sys.executable,
        "hide_bundle": False,
        **options,
    }
    key = tuple(sorted((name, _hashable(value)) for name, value in settings.items()))
    if key not in servers:
        server = LangflowServer(**options).start()
        servers[key] = server
        config.add_cleanup(server.stop)
    return servers[key]


def running_servers(config: pytest.Config) -> list[LangflowServer]:
    """The servers this session has started so far (their logs go with a failing test's report)."""
    return list(config.stash.get(_SHARED, {}).values())


def _hashable(value: Any) -> Any:
    if isinstance(value, Mapping):
        return tuple(sorted(value.items()))
    return str(value) if isinstance(value, Path) else value


def write_flow_file(flows_dir: Path, flow: Mapping[str, Any], flow_id: str) -> Path:
    """Write ``flow`` as ``<flow_id>.json`` so ``LANGFLOW_LOAD_FLOWS_PATH`` loads it under that id."""
    flows_dir.mkdir(parents=True, exist_ok=True)
    path = flows_dir / f"{flow_id}.json"
    path.write_text(json.dumps({**flow, "id": flow_id}), encoding="utf-8")
    return path


@dataclass
class LangflowServer:
    """One ``langflow run`` process in its own temp dir; use as a context manager or start()/stop()."""

    extra_env: Mapping[str, str] = field(default_factory=dict)
    flows_dir: Path | None = None
    python: str = sys.executable
    startup_timeout: float = STARTUP_TIMEOUT_S
    port: int = 0
    backend_only: bool = True
    """False serves the bundled web UI too (no ``--backend-only``, ``LANGFLOW_BACKEND_ONLY=false``)."""
    hide_bundle: bool = False
    """True runs the server as if this bundle were not installed (see :data:`HIDDEN_BUNDLE_PATH`)."""
    workdir: Path | None = None
    startup_seconds: float | None = None
    _process: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def base_url(self) -> str:
        return f"http://{HOST}:{self.port}"

    @property
    def log_path(self) -> Path:
        if self.workdir is None:
            msg = "server was never started"
            raise LangflowError(msg)
        return self.workdir / "server.log"

    def environment(self) -> dict[str, str]:
        """The child's env: ours minus any ``LANGFLOW_*`` leaking in from the caller's shell."""
        if self.workdir is None:
            msg = "server was never started"
            raise LangflowError(msg)
        env = {k: v for k, v in os.environ.items() if not k.startswith("LANGFLOW_")}
        env.update(BASE_ENV)
        if not self.backend_only:
            env["LANGFLOW_BACKEND_ONLY"] = "false"
        env["LANGFLOW_CONFIG_DIR"] = str(self.workdir / "config")
        env["LANGFLOW_DATABASE_URL"] = f"sqlite:///{self.workdir / 'langflow.db'}"
        env["LANGFLOW_KNOWLEDGE_BASES_DIR"] = str(self.workdir / "knowledge_bases")
        if self.flows_dir is not None:
            env["LANGFLOW_LOAD_FLOWS_PATH"] = str(self.flows_dir)
        if self.hide_bundle:
            env = hidden_bundle_env(env)
        env.update(self.extra_env)
        return env

    def start(self) -> LangflowServer:
        """Launch and block until ``/health_check`` is green; on failure stop and raise with the log."""
        self.workdir = Path(tempfile.mkdtemp(prefix="langflow-e2e-"))
        (self.workdir / "config").mkdir()
        self.port = self.port or free_port()
        command = [
            self.python,
            "-m",
            "langflow",
            "run",
            "--host",
            HOST,
            "--port",
            str(self.port),
            *(["--backend-only"] if self.backend_only else []),
        ]
        started = time.monotonic()
        with self.log_path.open("wb") as log:
            self._process = subprocess.Popen(
                command,
                cwd=self.workdir,
                env=self.environment(),
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # own process group, so stop() reaches gunicorn's children too
            )
        try:
            self._wait_until_healthy(started)
        except BaseException:
            self.stop(remove_workdir=False)
            raise
        self.startup_seconds = time.monotonic() - started
        return self

    def _wait_until_healthy(self, started: float) -> None:
        assert self._process is not None
        deadline = started + self.startup_timeout
        with httpx.Client(base_url=self.base_url, timeout=5.0) as client:
            while time.monotonic() < deadline:
                if (code := self._process.poll()) is not None:
                    msg = f"langflow exited with {code} during start-up\n{self.log_tail()}"
                    raise LangflowError(msg)
                with contextlib.suppress(httpx.HTTPError):
                    if client.get("/health_check").status_code == httpx.codes.OK:
                        return
                time.sleep(1.0)
        msg = f"langflow not healthy after {self.startup_timeout:.0f}s on {self.base_url}\n{self.log_tail()}"
        raise LangflowError(msg)

    def stop(self, *, remove_workdir: bool = True) -> None:
        """SIGTERM the whole process group, SIGKILL it after a grace period; idempotent."""
        process, self._process = self._process, None
        if process is not None and process.poll() is None:
            _signal_group(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=STOP_GRACE_S)
            except subprocess.TimeoutExpired:
                _signal_group(process.pid, signal.SIGKILL)
                process.wait(timeout=STOP_GRACE_S)
        # Workers may outlive the gunicorn master by a moment; never leave them behind.
        if process is not None:
            _signal_group(process.pid, signal.SIGKILL)
        if remove_workdir and self.workdir is not None and not os.environ.get("LANGFLOW_E2E_KEEP_WORKDIR"):
            shutil.rmtree(self.workdir, ignore_errors=True)

    def log_tail(self, lines: int = 200) -> str:
        """The last ``lines`` of the server's combined stdout/stderr, headed by the log's path."""
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace")
        except (OSError, LangflowError) as exc:
            return f"(no server log: {exc})"
        tail = "\n".join(text.splitlines()[-lines:])
        return f"----- {self.log_path} (last {lines} lines) -----\n{tail}"

    def client(self) -> LangflowClient:
        """A client already holding an API key for the auto-login superuser."""
        client = LangflowClient(self.base_url)
        client.login()
        return client

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stop()


def _signal_group(pid: int, sig: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, sig)


class StreamEvent(NamedTuple):
    """One decoded event and when it was read (``time.monotonic()``), to check real streaming."""

    event: str
    data: Any
    arrived: float


@dataclass
class RunResult:
    """A /run outcome: ``response`` is the RunResponse dict (non-stream body or ``end`` result)."""

    response: dict[str, Any] | None
    events: list[StreamEvent] = field(default_factory=list)

    def named(self, name: str) -> list[StreamEvent]:
        return [event for event in self.events if event.event == name]

    @property
    def error(self) -> Any | None:
        errors = self.named("error")
        return errors[0].data if errors else None

    @property
    def messages(self) -> list[dict[str, Any]]:
        """The ``results.message`` dict of every output vertex, in response order."""
        if self.response is None:
            return []
        return [
            inner["results"]["message"]
            for outer in self.response.get("outputs", [])
            for inner in outer.get("outputs", [])
            if isinstance(inner.get("results"), dict) and "message" in inner["results"]
        ]


def parse_events(lines: Iterable[str]) -> Iterator[StreamEvent]:
    """Decode Langflow's ``json + "\\n\\n"`` framing (tolerating an SSE ``data:`` prefix)."""
    for line in lines:
        body = line.strip()
        if not body:
            continue
        body = body.removeprefix("data:").strip()
        payload = json.loads(body)
        yield StreamEvent(payload["event"], payload.get("data"), time.monotonic())


class LangflowClient:
    """Thin httpx wrapper over the v1 endpoints the e2e tests use; errors include the body."""

    def __init__(self, base_url: str, *, timeout: float = 120.0) -> None:
        self.http = httpx.Client(base_url=base_url, timeout=timeout)
        self.api_key: str | None = None

    def close(self) -> None:
        self.http.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def login(self) -> str:
        """Auto-login token -> a fresh API key, sent as ``x-api-key`` from now on."""
        token = _json(self.http.get("/api/v1/auto_login"))["access_token"]
        created = self.http.post(
            "/api/v1/api_key/", json={"name": "e2e"}, headers={"Authorization": f"Bearer {token}"}
        )
        self.api_key = str(_json(created)["api_key"])
        self.http.headers["x-api-key"] = self.api_key
        return self.api_key

    def upload_flow(self, flow: Mapping[str, Any]) -> str:
        """Create a flow from a ``Graph.dump()``-shaped dict; returns its id."""
        return str(_json(self.http.post("/api/v1/flows/", json=dict(flow)))["id"])

    def get_flow(self, flow_id: str) -> dict[str, Any]:
        return _json(self.http.get(f"/api/v1/flows/{flow_id}"))

    def run(
        self,
        flow_id: str,
        input_value: str | None,
        *,
        stream: bool = False,
        tweaks: Mapping[str, Any] | None = None,
        session_id: str | None = None,
        output_type: str = "chat",
    ) -> RunResult:
        """POST /api/v1/run; with ``stream`` every event is kept with its arrival time."""
        body: dict[str, Any] = {"input_value": input_value, "output_type": output_type}
        if tweaks is not None:
            body["tweaks"] = dict(tweaks)
        if session_id is not None:
            body["session_id"] = session_id
        url = f"/api/v1/run/{flow_id}"
        params = {"stream": "true" if stream else "false"}
        if not stream:
            return RunResult(response=_json(self.http.post(url, params=params, json=body)))
        with self.http.stream("POST", url, params=params, json=body) as response:
            _raise_for_status(response)
            events = list(parse_events(response.iter_lines()))
        ends = [event for event in events if event.event == "end"]
        return RunResult(response=ends[-1].data["result"] if ends else None, events=events)

    def build_flow(self, flow_id: str, inputs: Mapping[str, Any] | None = None) -> list[StreamEvent]:
        """Playground build: start a job, then drain its event stream until the server closes it."""
        body = {"inputs": dict(inputs)} if inputs is not None else {}
        job_id = _json(self.http.post(f"/api/v1/build/{flow_id}/flow", json=body))["job_id"]
        with self.http.stream("GET", f"/api/v1/build/{job_id}/events") as response:
            _raise_for_status(response)
            return list(parse_events(response.iter_lines()))

    def messages(self, flow_id: str | None = None, session_id: str | None = None) -> list[dict[str, Any]]:
        params = {k: v for k, v in {"flow_id": flow_id, "session_id": session_id}.items() if v is not None}
        return _json(self.http.get("/api/v1/monitor/messages", params=params))

    def all_components(self) -> dict[str, Any]:
        """``/api/v1/all``: ``{category: {component_key: template}, "component_display_names": {...}}``."""
        return _json(self.http.get("/api/v1/all"))


def _raise_for_status(response: httpx.Response) -> None:
    if response.is_success:
        return
    response.read()
    msg = (
        f"{response.request.method} {response.request.url} -> {response.status_code}: {response.text[:2000]}"
    )
    raise LangflowError(msg)


def _json(response: httpx.Response) -> Any:
    _raise_for_status(response)
    return response.json()
