"""Session-scoped Langflow servers for every test that needs one (a pytest plugin).

``tests/conftest.py`` registers it (``pytest_plugins``), so every test folder sees the same fixtures
and one session boots each configuration once (``shared_server``). A session boots three servers:

* ``langflow_server``, the default: API and web UI, the repository's ``flows/`` loaded, able to reach
  the local stand-ins on 127.0.0.1. The e2e tests, the Playground and the docs-chat pages all use it
  (``langflow_client`` is a client logged in to it).
* ``run_script`` (``tests/support/run_sh.py``, a plugin of its own): ``scripts/run.sh --model-base-url``
  as the README gives it, in a state directory of its own, with no Astra DB account: the local-first
  path, its Knowledge Base flows and the Playground against a local model server.
* ``standalone_langflow_server``: the server a hosted Langflow is, without this bundle
  (``hide_bundle``), loading ``flows/standalone/``.

A test that needs another configuration asks ``langflow_server_factory(**options)`` with
``LangflowServer``'s options (``extra_env``, ``flows_dir``, ``backend_only``, ``hide_bundle``); equal
options share one server. Each boot costs most of a minute of the whole suite, so add one only
when no existing server can show what the test proves. When a test fails, the tail of every
running server's log is added to its report, since the server side is usually where the reason is.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.langflow_server import (
    LangflowClient,
    LangflowServer,
    running_servers,
    shared_server,
    standin_server_env,
)

ServerFactory = Callable[..., LangflowServer]
REPO_FLOWS = Path(__file__).resolve().parents[2] / "flows"
STANDALONE_FLOWS = REPO_FLOWS / "standalone"


@pytest.fixture(scope="session")
def langflow_server_factory(pytestconfig: pytest.Config) -> ServerFactory:
    """``factory(**options)`` -> a running server, one per distinct ``LangflowServer`` options."""

    def factory(**options: Any) -> LangflowServer:
        return shared_server(pytestconfig, **options)

    return factory


@pytest.fixture(scope="session")
def langflow_server(langflow_server_factory: ServerFactory) -> LangflowServer:
    """The shared default server: the API and the web UI, the repository's ``flows/`` loaded.

    SSRF allow-list for loopback model/embedding URLs; tiktoken's ``cl100k_base`` from the copy
    litellm ships, because OpenAI embeddings tokenize their input and nothing can be downloaded.
    It loads the repository's ``flows/`` at startup, as ``scripts/run.sh`` does, and serves the UI
    so that the browser tests drive the same server the API tests do. Langflow's tracing is off,
    as in ``scripts/load.py``: with no tracer configured it records nothing, but it keeps every
    finished run in memory for five to seven minutes (docs/benchmarks.md), which the load test's
    memory check would measure instead of the bundle.
    """
    env = {**standin_server_env(), "LANGFLOW_DEACTIVATE_TRACING": "true"}
    return langflow_server_factory(extra_env=env, flows_dir=REPO_FLOWS, backend_only=False)


@pytest.fixture(scope="session")
def standalone_langflow_server(langflow_server_factory: ServerFactory) -> LangflowServer:
    """A server without this bundle (``hide_bundle``), loading ``flows/standalone/``; reaches the stand-ins."""
    return langflow_server_factory(
        extra_env=standin_server_env(), flows_dir=STANDALONE_FLOWS, hide_bundle=True
    )


@pytest.fixture(scope="session")
def standalone_langflow_client(standalone_langflow_server: LangflowServer) -> Iterator[LangflowClient]:
    with standalone_langflow_server.client() as client:
        yield client


@pytest.fixture(scope="session")
def langflow_client(langflow_server: LangflowServer) -> Iterator[LangflowClient]:
    with langflow_server.client() as client:
        yield client


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report: pytest.TestReport = yield
    if report.failed:
        for server in running_servers(item.config):
            report.sections.append((f"langflow server log {server.base_url}", server.log_tail(120)))
    return report
