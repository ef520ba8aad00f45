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


# Hypothesis profiles. "ci" under CI=true (CI and .ci/run), "dev" otherwise (a developer's run before a
# commit), "fuzz" for scripts/eval/fuzz.py (or HYPOTHESIS_PROFILE=fuzz): the same properties at scale.
# Under CI=true the examples are derandomized (drawn from a seed fixed per test), so a red CI run
# means the change broke something and a local `CI=true` run shows CI's examples. Fresh examples are
# the developer's run and scripts/eval/fuzz.py: both draw new ones every time.
IN_CI = os.environ.get("CI", "").lower() == "true"
CI_EXAMPLES = 2000
settings.register_profile(
    "ci",
    max_examples=CI_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
settings.register_profile(
    "dev",
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=IN_CI,  # the Langflow 1.12 job in .ci/run
)
settings.register_profile(
    "fuzz",
    max_examples=int(os.environ.get("LFX_CITATIONS_FUZZ_EXAMPLES", "20000")),
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if IN_CI else "dev")
settings.load_profile(PROFILE)

# Properties that have found a bug keep the whole CI count; the others run a quarter of it in CI
# (scripts/eval/fuzz.py runs every one at scale). Each entry says what it found.
FOUND_A_BUG = {
    "test_reference_oracle.py::test_engine_matches_the_reference": "G4, backticks in qualifiers, "
    "case folding, double braces, a link after a vendor annotation, an annotation holding a token past an "
    "opener's window: unit/test_oracle_regressions.py",
    "test_reference_oracle.py::test_streamed_engine_matches_the_reference": "the same, streamed; a double "
    "group past an outer opener's window, tilde runs joined, spaces in a link tail, removed out of "
    "order, code after a span in a link tail (a line of backticks read as blank, a fence after a blank "
    "line missed), runs joined by a removal settled first: unit/test_oracle_regressions.py",
    "test_reference_oracle.py::test_engine_matches_the_reference_on_fragments": "a random search over "
    "its fragments found six engine bugs before it became this property: unit/test_oracle_regressions.py",
    "test_engine_properties.py::test_post_processing_is_idempotent": "a group closing past an outer "
    "opener's window, removed after that opener was shown: unit/test_oracle_regressions.py",
    "test_engine_properties.py::test_text_outside_markers_is_unchanged": "{Q [9] (spaces kept), commit f8a0c08",
    "test_grammar_copies.py::test_neutralized_text_holds_no_marker_the_engine_recognizes": "neutralization "
    "out of step with the engine, commit f6d7010",
    "test_grammar_copies.py::test_neutralization_is_stable": "the same",
    "test_grammar_copies.py::test_both_safe_http_url_copies_agree": "non-ASCII hosts, commit 1f10800",
    "test_grammar_copies.py::test_safe_http_url_passes_only_plain_http_links": "the same",
    "test_unforgeable_context.py::test_the_context_reads_back_as_exactly_the_presented_sources": "header "
    "look-alikes under our own header, commit 1f10800",
    "test_support_properties.py::test_a_copied_claim_is_supported_and_a_negation_put_at_its_verb_never_is": "a "
    "copied sentence read against another whose words swap roles: unit/test_natlog.py",
}


# The Langflow servers a session boots, by the fixture that starts each (tests/support/langflow_fixtures.py,
# tests/support/run_sh.py). The README's command runs two pytest-xdist workers; every test of one server
# goes to the same worker (``--dist loadgroup``), so that each server boots once in the whole run.
SERVER_FIXTURES = ("langflow_server", "run_script")


def server_groups(items: list[pytest.Item]) -> dict[str, str]:
    """Node id -> the xdist group of the servers that test uses; tests that share a server share a group.

        server_groups(session.items)["tests/e2e/test_load.py::test_…"]  # "langflow-langflow_server"

    Tests that use no server are left out: xdist spreads them over both workers.
    """
    needs = {item.nodeid: sorted(f for f in SERVER_FIXTURES if f in item.fixturenames) for item in items}
    # A test that uses two servers joins their groups (union-find over the server fixtures).
    parent = {f: f for f in SERVER_FIXTURES}

    def root(fixture: str) -> str:
        while parent[fixture] != fixture:
            fixture = parent[fixture]
        return fixture

    for first, *rest in filter(None, needs.values()):
        for other in rest:
            parent[root(other)] = root(first)
    return {node: "langflow-" + root(servers[0]) for node, servers in needs.items() if servers}


# The groups that run longest come first: pytest-xdist (``--no-loadscope-reorder``) hands the groups out
# in collection order, and the scale-out test alone runs for minutes on one worker. Handed out after
# the others, as xdist's own order (most tests first) does, it could end the run alone.
GROUP_ORDER = ("scale-out", "langflow-langflow_server", "langflow-run_script")


def group_rank(item: pytest.Item) -> int:
    """Where a test's xdist group comes in the run: ``GROUP_ORDER``'s first, then tests of no group.

    sorted(session.items, key=group_rank)[0].nodeid  # "tests/e2e/test_scale_out.py::…"
    """
    mark = item.get_closest_marker("xdist_group")
    name = (mark.args[0] if mark.args else mark.kwargs.get("name")) if mark else None
    return GROUP_ORDER.index(name) if name in GROUP_ORDER else len(GROUP_ORDER)


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook, which reads the group marks
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    groups = server_groups(items)
    for item in items:
        if item.nodeid in groups:
            item.add_marker(pytest.mark.xdist_group(groups[item.nodeid]))
    items.sort(key=group_rank)  # stable: each group, and the rest, keep their order
    if PROFILE != "ci":
        return
    for item in items:
        test = getattr(getattr(item, "obj", None), "__func__", getattr(item, "obj", None))  # methods too
        if not hasattr(test, "hypothesis") or getattr(test, "_hypothesis_internal_settings_applied", False):
            continue  # not a property, or one with settings of its own
        if f"{item.path.name}::{item.originalname}" not in FOUND_A_BUG:
            settings(max_examples=CI_EXAMPLES // 4)(test)


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
