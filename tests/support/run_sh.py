"""``scripts/run.sh`` started as the README tells a newcomer to start it, for tests that drive it.

    with started_run_sh(model_server, astra, state_dir) as running:
        running.text()        # what run.sh printed: the URL, the flows, the API key, the curl line

The command is read from README.md, not restated here: the first ``bash scripts/run.sh
--model-base-url`` line of its ``bash`` blocks. Only what a reader substitutes is substituted: the
model server's URL (the OpenAI-compatible stand-in) and, so that a developer's own ``.langflow/`` is
never touched, a port and a state directory. The Data API stand-in plays the Astra DB endpoint, given
the way the README says: ``ASTRA_DB_API_ENDPOINT`` and ``ASTRA_DB_APPLICATION_TOKEN`` in the
environment. No ``OPENAI_API_KEY``, no ``LANGFLOW_*`` and no ``TIKTOKEN_CACHE_DIR`` are passed:
whatever the set-up needs, ``run.sh`` must set. ``tests/support/langflow_fixtures.py`` starts it once
per session (``run_sh``).
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.support.standins.fixtures import STANDIN_ASTRA_TOKEN

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
START_TIMEOUT_S = 600.0
STOP_TIMEOUT_S = 60.0


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


@dataclass
class RunScript:
    process: subprocess.Popen[str]
    state_dir: Path
    output: list[str] = field(default_factory=list)

    def text(self) -> str:
        return "".join(self.output)

    def model_url(self) -> str:
        args = list(self.process.args)
        return str(args[args.index("--model-base-url") + 1])

    def wait_for(self, needle: str, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if needle in self.text():
                return
            if self.process.poll() is not None:
                pytest.fail(f"run.sh exited with {self.process.returncode}:\n{self.text()[-6000:]}")
            time.sleep(0.5)
        pytest.fail(f"run.sh printed no {needle!r} within {timeout:.0f} s:\n{self.text()[-6000:]}")

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


def newcomer_env(data_api_url: str) -> dict[str, str]:
    """A newcomer's shell: nothing of ours set, the Astra DB endpoint and token exported."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("OPENAI_", "ASTRA_", "LANGFLOW_")) and k != "TIKTOKEN_CACHE_DIR"
    }
    return env | {"ASTRA_DB_API_ENDPOINT": data_api_url, "ASTRA_DB_APPLICATION_TOKEN": STANDIN_ASTRA_TOKEN}


@contextlib.contextmanager
def started_run_sh(model_server: Any, astra: Any, state_dir: Path) -> Iterator[RunScript]:
    """Start the README's ``run.sh --model-base-url`` line; yield once it printed its summary."""
    from tests.support.langflow_server import free_port

    repo_had_state_dir = (ROOT / ".langflow").exists()
    command = with_option(
        first_command(["bash", "scripts/run.sh", "--model-base-url"]),
        "--model-base-url",
        model_server.base_url,
    )
    command += ["--port", str(free_port()), "--state-dir", str(state_dir)]
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        env=newcomer_env(astra.url),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    running = RunScript(process, state_dir)
    reader = threading.Thread(
        target=lambda: running.output.extend(iter(process.stdout.readline, "")), daemon=True
    )
    reader.start()
    try:
        running.wait_for("Or call the RAG flow directly:", START_TIMEOUT_S)
        time.sleep(0.5)  # the summary's last lines
        yield running
    finally:
        running.stop()
        reader.join(10)
    assert repo_had_state_dir or not (ROOT / ".langflow").exists(), (
        "the newcomer path wrote .langflow/ into the repo"
    )
