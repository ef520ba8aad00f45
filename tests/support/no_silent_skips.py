"""Under ``CI=true`` a skipped test fails the run, except the opt-in live test.

    CI=true .venv/bin/python -m pytest tests/browser   # no Chromium: each browser test fails, naming why

``tests/conftest.py`` imports these hooks. Locally a missing tool may skip (the reason says what to
install); in CI the set-up installs everything, so a skip there means something broke and would
otherwise leave the run green. Expected failures (``xfail``) are not skips and are left as they are.
"""

from __future__ import annotations

import os
from collections.abc import Generator
from typing import Any

import pytest

#: The one test module allowed to skip in CI: it needs real Astra DB and OpenAI credentials.
MAY_SKIP_IN_CI = ("tests/e2e/test_live.py",)


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("true", "1")


def _may_skip(nodeid: str) -> bool:
    return nodeid.split("::", 1)[0] in MAY_SKIP_IN_CI


def _reason(report: Any) -> str:
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2])
    return str(longrepr)


def _fail_the_skip(report: Any) -> None:
    report.longrepr = (
        f"skipped under CI=true ({_reason(report)}); only {', '.join(MAY_SKIP_IN_CI)} may skip in CI"
    )
    report.outcome = "failed"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, None]:
    outcome = yield
    report = outcome.get_result()
    if in_ci() and report.skipped and not hasattr(report, "wasxfail") and not _may_skip(report.nodeid):
        _fail_the_skip(report)


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Generator[None, Any, None]:
    outcome = yield
    report = outcome.get_result()
    if in_ci() and report.skipped and not _may_skip(report.nodeid):
        _fail_the_skip(report)  # a whole module skipped at import (importorskip, allow_module_level)
