"""Shared test settings: hypothesis profiles, the stand-in fixtures, and no silent skips in CI."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

# Under CI=true a skip (other than the opt-in live test) fails the run.
from tests.support.no_silent_skips import pytest_make_collect_report, pytest_runtest_makereport  # noqa: F401


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-screenshots",
        action="store_true",
        help="browser tests write docs/screenshots/*.png (by default they write to a temporary folder)",
    )


# "ci" is the default; scripts/fuzz.py (or HYPOTHESIS_PROFILE=fuzz) runs the same properties at scale.
settings.register_profile(
    "ci", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=False
)
settings.register_profile("dev", max_examples=200, deadline=None)
settings.register_profile(
    "fuzz",
    max_examples=int(os.environ.get("LFX_CITATIONS_FUZZ_EXAMPLES", "20000")),
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# Real Langflow servers (``langflow_server``, ``langflow_client``, ``langflow_server_factory``), shared
# by tests/e2e and tests/browser so that one session boots each configuration once.
pytest_plugins = ["tests.support.langflow_fixtures", "tests.support.run_sh"]


# The local stand-ins that end-to-end tests point the shipped flows at (one pair per test module).
@pytest.fixture(scope="module")
def openai() -> Iterator[object]:
    """The OpenAI-compatible stand-in (chat + embeddings) on 127.0.0.1."""
    from tests.support.standins.openai_server import OpenAIStandin

    with OpenAIStandin() as standin:
        yield standin


@pytest.fixture(scope="module")
def data_api() -> Iterator[object]:
    """The Data API stand-in, seeded with the default corpus in the flows' collection."""
    from tests.support.flows import build
    from tests.support.standins.data_api_server import DEFAULT_CORPUS, DataAPIStandin

    with DataAPIStandin() as standin:
        standin.seed(DEFAULT_CORPUS, collection=build.COLLECTION)
        yield standin
