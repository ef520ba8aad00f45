"""Session-scoped Langflow servers for every test that needs one (a pytest plugin).

``tests/conftest.py`` registers it (``pytest_plugins``), so the e2e and the browser tests share
the same servers: one session never boots the same configuration twice.

Boot takes most of a minute, so servers are shared: ``langflow_server_factory``
starts at most one server per distinct ``(extra_env, flows_dir, hide_bundle)`` for the
whole session and stops them all at the end; ``langflow_server`` is the default one that
every test without special needs should use, and ``langflow_client`` is a client
logged in to it. ``standalone_langflow_server`` runs as if the bundle were not installed
and loads ``flows/standalone/``: the server a hosted Langflow is, for the standalone flows.
Its settings are a key like any other, so a suite that wants one server fewer can make the
default server this one (every flow of ``flows/standalone/`` is the same flow as in
``flows/``, under another id) and leave the installed flows to the servers ``run.sh`` starts. When a test fails, the tail of every running server's log is added
to its report, since the server side is usually where the reason is.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator, Mapping
from pathlib import Path

import pytest

from tests.support.langflow_server import LangflowClient, LangflowServer

ServerFactory = Callable[..., LangflowServer]
REPO_FLOWS = Path(__file__).resolve().parents[2] / "flows"
STANDALONE_FLOWS = REPO_FLOWS / "standalone"
_SERVERS = pytest.StashKey[dict[tuple[object, ...], LangflowServer]]()


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_SERVERS] = {}


@pytest.fixture(scope="session")
def langflow_server_factory(pytestconfig: pytest.Config) -> Iterator[ServerFactory]:
    """``factory(extra_env=None, flows_dir=None, hide_bundle=False)`` -> a running server, reused for equal
    arguments."""
    servers = pytestconfig.stash[_SERVERS]

    def factory(
        extra_env: Mapping[str, str] | None = None,
        flows_dir: Path | None = None,
        *,
        hide_bundle: bool = False,
    ) -> LangflowServer:
        env = dict(extra_env or {})
        key = (tuple(sorted(env.items())), str(flows_dir) if flows_dir else None, hide_bundle)
        if key not in servers:
            servers[key] = LangflowServer(extra_env=env, flows_dir=flows_dir, hide_bundle=hide_bundle).start()
        return servers[key]

    yield factory
    while servers:
        _, server = servers.popitem()
        server.stop()


@pytest.fixture(scope="session")
def langflow_server(langflow_server_factory: ServerFactory) -> LangflowServer:
    """The shared default server, able to reach local stand-in services on 127.0.0.1.

    SSRF allow-list for loopback model/embedding URLs; tiktoken's ``cl100k_base`` from the copy
    litellm ships, because OpenAI embeddings tokenize their input and nothing can be downloaded.
    It loads the repository's ``flows/`` at startup, as ``scripts/run.sh`` does.
    """
    from tests.support.langflow_server import standin_server_env

    return langflow_server_factory(standin_server_env(), flows_dir=REPO_FLOWS)


@pytest.fixture(scope="session")
def standalone_langflow_server(langflow_server_factory: ServerFactory) -> LangflowServer:
    """A server without this bundle (``hide_bundle``), loading ``flows/standalone/``; reaches the stand-ins."""
    from tests.support.langflow_server import standin_server_env

    return langflow_server_factory(standin_server_env(), flows_dir=STANDALONE_FLOWS, hide_bundle=True)


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
        for server in item.config.stash.get(_SERVERS, {}).values():
            report.sections.append((f"langflow server log {server.base_url}", server.log_tail(120)))
    return report
