"""Session-scoped Langflow servers for every test that needs one (a pytest plugin).

``tests/conftest.py`` registers it (``pytest_plugins``), so the e2e and the browser tests share
the same servers: one session never boots the same configuration twice.

Boot takes most of a minute, so servers are shared: ``langflow_server_factory``
starts at most one server per distinct ``(extra_env, flows_dir)`` for the whole
session and stops them all at the end; ``langflow_server`` is the default one that
every test without special needs should use, and ``langflow_client`` is a client
logged in to it. When a test fails, the tail of every running server's log is added
to its report, since the server side is usually where the reason is.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator, Mapping
from pathlib import Path

import pytest

from tests.support.langflow_server import LangflowClient, LangflowServer

ServerFactory = Callable[..., LangflowServer]
REPO_FLOWS = Path(__file__).resolve().parents[2] / "flows"
_SERVERS = pytest.StashKey[dict[tuple[object, ...], LangflowServer]]()


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_SERVERS] = {}


@pytest.fixture(scope="session")
def langflow_server_factory(pytestconfig: pytest.Config) -> Iterator[ServerFactory]:
    """``factory(extra_env=None, flows_dir=None)`` -> a running server, reused for equal arguments."""
    servers = pytestconfig.stash[_SERVERS]

    def factory(extra_env: Mapping[str, str] | None = None, flows_dir: Path | None = None) -> LangflowServer:
        env = dict(extra_env or {})
        key = (tuple(sorted(env.items())), str(flows_dir) if flows_dir else None)
        if key not in servers:
            servers[key] = LangflowServer(extra_env=env, flows_dir=flows_dir).start()
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
    from tests.support.standins.openai_server import tiktoken_cache_dir

    env = {"LANGFLOW_SSRF_ALLOWED_HOSTS": "127.0.0.1"}
    if cache := tiktoken_cache_dir():
        env["TIKTOKEN_CACHE_DIR"] = cache
    return langflow_server_factory(env, flows_dir=REPO_FLOWS)


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
