"""Pytest fixtures and subprocess launchers for the OpenAI and Astra Data API stand-ins.

Register them in a test module (or a root conftest)::

    pytest_plugins = ["tests.support.standins.fixtures"]

``tests`` has no ``__init__.py``, so the repository root must be on ``sys.path``
(``python -m pytest`` from the root does that; ``tests/test_standins.py`` also
inserts it itself).

In-process fixtures run each server in a background thread on an ephemeral
port and stop it afterwards. :func:`launch_standin` runs one as a separate
process (for a Langflow server started as a subprocess, which must reach it);
:func:`standin_env_vars` gives the environment such a process needs.
"""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.support.standins import READY_PREFIX
from tests.support.standins.data_api_server import (
    DEFAULT_CORPUS,
    DEFAULT_KEYSPACE,
    DataAPIStandin,
    SeedDocument,
)
from tests.support.standins.openai_server import OpenAIStandin, tiktoken_cache_dir

REPO_ROOT = Path(__file__).resolve().parents[3]

STANDIN_OPENAI_API_KEY = "sk-standin-not-a-real-key"
"""Pass explicitly. It must not equal any environment value, or Langflow's
credential guard treats it as the operator's key and refuses the custom base URL."""
STANDIN_ASTRA_TOKEN = "AstraCS:standin-not-a-real-token"
CORPUS_COLLECTION = "corpus"


def standin_env_vars(openai_base_url: str) -> dict[str, str]:
    """Environment the real Langflow components need to talk to the stand-ins.

    * ``LANGFLOW_SSRF_ALLOWED_HOSTS``: model/embedding base URLs on loopback are
      blocked by the SSRF guard otherwise (the Astra endpoint is not).
    * ``TIKTOKEN_CACHE_DIR``: langchain-openai tokenizes embedding input with
      ``cl100k_base``, which tiktoken would otherwise download.
    * ``OPENAI_API_BASE`` / ``OPENAI_EMBEDDINGS_API_BASE``: read by components
      that take no base URL input. ``OPENAI_BASE_URL`` is avoided on purpose: the
      unified model path passes it through ``transform_localhost_url``, which
      inside a container rewrites 127.0.0.1 to the gateway IP (unreachable here).
    """
    env = {
        "LANGFLOW_SSRF_ALLOWED_HOSTS": "127.0.0.1",
        "OPENAI_API_BASE": openai_base_url,
        "OPENAI_EMBEDDINGS_API_BASE": openai_base_url,
    }
    cache_dir = tiktoken_cache_dir()
    if cache_dir:
        env["TIKTOKEN_CACHE_DIR"] = cache_dir
    return env


def subprocess_env(openai_base_url: str) -> dict[str, str]:
    """Full environment for a child process (e.g. ``langflow run``) that must reach the stand-ins."""
    env = {k: v for k, v in os.environ.items() if k != "OPENAI_BASE_URL"}
    return env | standin_env_vars(openai_base_url)


# --------------------------------------------------------------------------- in-process fixtures


@pytest.fixture
def openai_standin() -> Iterator[OpenAIStandin]:
    with OpenAIStandin() as standin:
        yield standin


@pytest.fixture
def data_api_standin() -> Iterator[DataAPIStandin]:
    with DataAPIStandin() as standin:
        yield standin


@pytest.fixture
def standin_env(monkeypatch: pytest.MonkeyPatch, openai_standin: OpenAIStandin) -> dict[str, str]:
    """Point the real components at ``openai_standin`` for this test only."""
    env = standin_env_vars(openai_standin.base_url)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)  # never let a real endpoint leak in
    return env


@dataclass(frozen=True)
class SeededCorpus:
    standin: DataAPIStandin
    keyspace: str
    collection: str
    documents: tuple[SeedDocument, ...]


@pytest.fixture
def seeded_corpus(data_api_standin: DataAPIStandin) -> SeededCorpus:
    """:data:`DEFAULT_CORPUS` (6 chunks, 3 documents) in ``default_keyspace.corpus``."""
    data_api_standin.seed(DEFAULT_CORPUS, collection=CORPUS_COLLECTION, keyspace=DEFAULT_KEYSPACE)
    return SeededCorpus(data_api_standin, DEFAULT_KEYSPACE, CORPUS_COLLECTION, DEFAULT_CORPUS)


# --------------------------------------------------------------------------- subprocesses


@dataclass
class StandinProcess:
    process: subprocess.Popen[str]
    url: str

    def stop(self, timeout: float = 5.0) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout)
        if self.process.stdout:
            self.process.stdout.close()


@contextmanager
def launch_standin(module: str, *args: str, startup_timeout: float = 20.0) -> Iterator[StandinProcess]:
    """Run ``python -m <module> --port 0 <args>`` and yield once it announced its URL.

    ``module`` is ``tests.support.standins.openai_server`` or ``tests.support.standins.data_api_server``.
    The child's stderr (its logs) is inherited, so pytest captures it.
    """
    process = subprocess.Popen(
        [sys.executable, "-m", module, "--port", "0", *args],
        cwd=REPO_ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    running = StandinProcess(process, url="")
    try:
        running.url = _wait_ready(process, startup_timeout)
        yield running
    finally:
        running.stop()


def _wait_ready(process: subprocess.Popen[str], timeout: float) -> str:
    assert process.stdout is not None
    deadline = time.monotonic() + timeout
    while (remaining := deadline - time.monotonic()) > 0:
        readable, _, _ = select.select([process.stdout], [], [], remaining)
        if not readable:
            break
        line = process.stdout.readline()
        if line.startswith(READY_PREFIX):
            return line.removeprefix(READY_PREFIX).strip()
        if not line:  # EOF: the child died
            msg = f"stand-in {process.args} exited with {process.wait()} before becoming ready"
            raise RuntimeError(msg)
    msg = f"stand-in {process.args} not ready after {timeout}s"
    raise TimeoutError(msg)


@pytest.fixture
def openai_standin_process() -> Iterator[StandinProcess]:
    with launch_standin("tests.support.standins.openai_server") as running:
        yield running


@pytest.fixture
def data_api_standin_process() -> Iterator[StandinProcess]:
    with launch_standin(
        "tests.support.standins.data_api_server", "--seed-default-corpus", "--collection", CORPUS_COLLECTION
    ) as running:
        yield running


__all__ = [
    "CORPUS_COLLECTION",
    "STANDIN_ASTRA_TOKEN",
    "STANDIN_OPENAI_API_KEY",
    "SeededCorpus",
    "StandinProcess",
    "data_api_standin",
    "data_api_standin_process",
    "launch_standin",
    "openai_standin",
    "openai_standin_process",
    "seeded_corpus",
    "standin_env",
    "standin_env_vars",
    "subprocess_env",
]
