"""Session-scoped Langflow servers for every test that needs one (a pytest plugin).

``tests/conftest.py`` registers it (``pytest_plugins``), so every test folder sees the same fixtures
and one session boots each configuration once (``shared_server``). A session boots two servers:

* ``langflow_server``, the shared one: API and web UI, a server without this bundle (``hide_bundle``,
  as a hosted Langflow is) that loads ``flows/standalone/``, whose nodes carry the core inlined, and
  reaches the local stand-ins on 127.0.0.1. The e2e tests, the Playground and the docs-chat pages all
  use it (``langflow_client`` is a client logged in to it).
* ``run_script`` (``tests/support/run_sh.py``, a plugin of its own): ``scripts/run.sh --model-base-url``
  as the README gives it, in a state directory of its own, with no Astra DB account: the bundle
  installed and ``flows/`` loaded, the local-first path, its Knowledge Base flows, the palette and the
  Playground against a local model server.

So the flows of ``flows/`` (whose nodes import the installed core) run on run.sh's server, in process
(``tests/components``) and under ``lfx run``; those of ``flows/standalone/`` run on the shared server.
Both are generated from the same core (``scripts/build_flows.py``; ``tests/unit/test_build_components.py``
checks that both sets of components declare the same interface).

A test that needs another configuration asks ``langflow_server_factory(**options)`` with
``LangflowServer``'s options (``extra_env``, ``flows_dir``, ``backend_only``, ``hide_bundle``); equal
options share one server. Each boot costs most of a minute of the whole suite, so add one only
when no existing server can show what the test proves. Under pytest-xdist every test of one server
runs in one worker (``server_groups`` in ``tests/conftest.py``). When a test fails, the tail of every
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
    """The shared server: the API and the web UI, without this bundle, ``flows/standalone/`` loaded.

    SSRF allow-list for loopback model/embedding URLs; tiktoken's ``cl100k_base`` from the copy
    litellm ships, because OpenAI embeddings tokenize their input and nothing can be downloaded.
    It loads ``flows/standalone/`` at startup and serves the UI, so that the browser tests drive the
    same server the API tests do. Langflow's tracing is off, as in ``scripts/load.py``: with no
    tracer configured it records nothing, but it keeps every finished run in memory for five to seven
    minutes (docs/benchmarks.md), which the load test's memory check would measure instead of the bundle.
    """
    env = {**standin_server_env(), "LANGFLOW_DEACTIVATE_TRACING": "true"}
    return langflow_server_factory(
        extra_env=env, flows_dir=STANDALONE_FLOWS, backend_only=False, hide_bundle=True
    )


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
