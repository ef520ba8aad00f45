"""``scripts/run.sh`` as the README starts it, once per test session: the local-first set-up (a pytest plugin).

The server is started with the README's first ``bash scripts/run.sh --model-base-url …`` command, with only
what a reader substitutes substituted: the model server's URL (the OpenAI-compatible stand-in, which takes
text only for embeddings and answers token ids with Ollama's HTTP 400, and lists the README's model names
on ``/v1/models``), and, so that a developer's own ``.langflow/`` is never touched, a port and a state
directory. No ``OPENAI_*``, ``ASTRA_*``, ``LANGFLOW_*`` or ``TIKTOKEN_CACHE_DIR`` variable is passed:
whatever the set-up needs, ``run.sh`` must set. Without Astra DB credentials the Knowledge Base flows are
the default, so one server serves the README's whole local path, the Playground tests and the API tests.

Every outgoing HTTP(S) request of the server that honours the standard proxy variables goes to a local
recorder (``HTTP_PROXY``/``HTTPS_PROXY``; the stand-ins and the server itself are on ``NO_PROXY``), which
answers nothing: ``--offline`` must mean that it records no request.

    def test_x(run_script: RunScript, model_server: OpenAIStandin) -> None: ...
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shlex
import signal
import socket
import socketserver
import subprocess
import sys
import threading
import time
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest

from tests.support.standins.openai_server import MODELS, OpenAIStandin, provider_host

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
START_TIMEOUT_S = 600.0
STOP_TIMEOUT_S = 60.0
SUMMARY_END = "Or call the RAG flow directly"


# --------------------------------------------------------------------------- the README's commands


def readme_commands() -> list[list[str]]:
    """Every command line of the README's ``bash`` blocks (continuations joined, comments dropped)."""
    commands: list[list[str]] = []
    for block in re.findall(r"```bash\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.DOTALL):
        for line in block.replace("\\\n", " ").splitlines():
            words = shlex.split(line, comments=True)
            if words:
                commands.append(words)
    return commands


def first_command(prefix: list[str]) -> list[str]:
    for words in readme_commands():
        if words[: len(prefix)] == prefix:
            return words
    pytest.fail(f"README.md has no `{' '.join(prefix)} …` command in a bash block")


def with_option(words: list[str], option: str, value: str) -> list[str]:
    """``words`` with ``option``'s value replaced (the option must be there)."""
    assert option in words, f"the README's command lost {option}: {shlex.join(words)}"
    index = words.index(option)
    return [*words[: index + 1], value, *words[index + 2 :]]


def option_value(words: list[str], option: str) -> str:
    assert option in words, f"the README's command lost {option}: {shlex.join(words)}"
    return words[words.index(option) + 1]


def run_command() -> list[str]:
    return first_command(["bash", "scripts/run.sh", "--model-base-url"])


# --------------------------------------------------------------------------- an outgoing-request recorder


class _Recorder(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _RecordHandler)
        self.requests: list[str] = []


class _RecordHandler(socketserver.StreamRequestHandler):
    def handle(self) -> None:
        with contextlib.suppress(OSError):
            line = self.rfile.readline(4096).decode("latin-1").strip()
            if line:
                self.server.requests.append(line)  # type: ignore[attr-defined]
            # No answer: as if the network were not there.


@contextlib.contextmanager
def proxy_recorder() -> Iterator[_Recorder]:
    server = _Recorder()
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


# --------------------------------------------------------------------------- run.sh


@dataclass
class RunScript:
    process: subprocess.Popen[str]
    state_dir: Path
    model_base_url: str
    outgoing: _Recorder
    output: list[str] = field(default_factory=list)

    def text(self) -> str:
        return "".join(self.output)

    @property
    def state(self) -> dict:
        return json.loads((self.state_dir / "server.json").read_text(encoding="utf-8"))

    @property
    def url(self) -> str:
        return str(self.state["url"])

    def client(self) -> httpx.Client:
        return httpx.Client(base_url=self.url, headers={"x-api-key": self.state["api_key"]}, timeout=300)

    def wait_for(self, needle: str, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if needle in self.text():
                return
            if self.process.poll() is not None:
                pytest.fail(f"run.sh exited with {self.process.returncode}:\n{self.text()[-6000:]}")
            time.sleep(0.5)
        pytest.fail(f"run.sh printed no {needle!r} within {timeout:.0f} s:\n{self.text()[-6000:]}")

    def log_tail(self, lines: int = 120) -> str:
        log = self.state_dir / "langflow.log"
        text = log.read_text(encoding="utf-8", errors="replace") if log.is_file() else "(no log)"
        return "\n".join(text.splitlines()[-lines:])

    def stop(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(STOP_TIMEOUT_S)
        # run.sh stops the server's own process group; make sure of it if run.sh could not.
        pid_file = self.state_dir / "server.pid"
        if pid_file.is_file():
            with contextlib.suppress(ProcessLookupError, ValueError):
                os.killpg(int(pid_file.read_text()), signal.SIGKILL)


def newcomer_env(outgoing: _Recorder, *local_hosts: str) -> dict[str, str]:
    """This process's environment without OpenAI, Astra DB or Langflow settings, proxies to ``outgoing``."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.upper().startswith(
            ("OPENAI_", "ASTRA_", "LANGFLOW_", "HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY")
        )
        and k != "TIKTOKEN_CACHE_DIR"
    }
    proxy = f"http://127.0.0.1:{outgoing.server_address[1]}"
    no_proxy = ",".join(dict.fromkeys(["127.0.0.1", "localhost", "::1", *local_hosts]))
    return env | {
        "HTTP_PROXY": proxy,
        "HTTPS_PROXY": proxy,
        "http_proxy": proxy,
        "https_proxy": proxy,
        "NO_PROXY": no_proxy,
        "no_proxy": no_proxy,
    }


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="session")
def model_server() -> Iterator[OpenAIStandin]:
    """The local model server: text-only embeddings (as Ollama and LM Studio), the README's models listed.

    Among others that sort before them, as on a server with many models: Langflow offers only the first
    five it discovers unless told, so the README's models are offered only if ``run.sh`` enables them.
    """
    words = run_command()
    names = (option_value(words, "--model-name"), option_value(words, "--embedding-model"))
    others = ("all-minilm", "bge-m3", "codellama", "deepseek-r1", "gemma2")
    models = (*others, *names, *MODELS)
    with OpenAIStandin(host=provider_host(), text_only_embeddings=True, models=models) as standin:
        yield standin


@contextlib.contextmanager
def started(
    command: list[str], state_dir: Path, model: OpenAIStandin, outgoing: _Recorder
) -> Iterator[RunScript]:
    """``command`` (a ``run.sh`` line) running with :func:`newcomer_env` until its summary is out; stopped after."""
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        env=newcomer_env(outgoing, model.host),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    running = RunScript(process, state_dir, model.base_url, outgoing)
    reader = threading.Thread(
        target=lambda: running.output.extend(iter(process.stdout.readline, "")), daemon=True
    )
    reader.start()
    try:
        running.wait_for(SUMMARY_END, START_TIMEOUT_S)
        time.sleep(0.5)  # the summary's last lines
        yield running
    finally:
        running.stop()
        reader.join(10)


@pytest.fixture(scope="session")
def run_script(model_server: OpenAIStandin, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunScript]:
    """``run.sh`` as the README starts it for a local model server, with no Astra DB credentials."""
    repo_had_state_dir = (ROOT / ".langflow").exists()
    state_dir = tmp_path_factory.mktemp("newcomer") / "state"
    command = with_option(run_command(), "--model-base-url", model_server.base_url)
    command += ["--port", str(_free_port()), "--state-dir", str(state_dir)]
    with proxy_recorder() as outgoing, started(command, state_dir, model_server, outgoing) as running:
        yield running
    assert repo_had_state_dir or not (ROOT / ".langflow").exists(), (
        "the newcomer path wrote .langflow/ into the repo"
    )


def run_readme_script(
    words: list[str], state_dir: Path, timeout: float = 600
) -> subprocess.CompletedProcess[str]:
    """A README ``.venv/bin/python scripts/….py`` command, against the state directory run.sh wrote."""
    assert words[0] == ".venv/bin/python", words
    command = [sys.executable, *words[1:], "--state-dir", str(state_dir)]
    return subprocess.run(
        command,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        env={k: v for k, v in os.environ.items() if not k.startswith("LANGFLOW_")},
    )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report: pytest.TestReport = yield
    if report.failed and "run_script" in getattr(item, "fixturenames", ()):
        running = item.funcargs.get("run_script") if hasattr(item, "funcargs") else None
        if isinstance(running, RunScript):
            report.sections.append(("run.sh's Langflow log", running.log_tail()))
    return report
