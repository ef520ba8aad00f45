"""The CI guard against silent skips (``tests/support/no_silent_skips.py``), run on small suites.

    .venv/bin/python -m pytest tests/unit/test_no_silent_skips.py

Each case writes a tiny test suite into a temporary folder and runs pytest on it in-process with
the guard loaded, with and without ``CI=true``.
"""

from __future__ import annotations

import pytest

pytest_plugins = ["pytester"]

GUARD = ("-p", "tests.support.no_silent_skips", "-p", "no:langflow", "-p", "no:opik", "-p", "no:langsmith")

SKIPS = {
    "in_the_body": "import pytest\n\ndef test_a():\n    pytest.skip('chromium is missing')\n",
    "by_a_mark": "import pytest\n\n@pytest.mark.skipif(True, reason='chromium is missing')\ndef test_a():\n    pass\n",
    "by_a_fixture": (
        "import pytest\n\n@pytest.fixture\ndef browser():\n    pytest.skip('chromium is missing')\n\n"
        "def test_a(browser):\n    pass\n"
    ),
}


@pytest.mark.parametrize("how", sorted(SKIPS))
def test_a_skip_fails_the_run_under_ci(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    monkeypatch.setenv("CI", "true")
    pytester.makepyfile(test_browser=SKIPS[how])
    result = pytester.runpytest(*GUARD)
    outcomes = result.parseoutcomes()
    # A skip in the test body fails it; one in set-up (a mark, a fixture) is a set-up error.
    assert outcomes.get("failed", 0) + outcomes.get("errors", 0) == 1
    assert "skipped" not in outcomes
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(
        ["*skipped under CI=true (*chromium is missing)*only tests/e2e/test_live.py may skip*"]
    )


def test_a_module_skipped_at_import_fails_the_run_under_ci(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CI", "true")
    pytester.makepyfile(
        test_browser="import pytest\npytest.importorskip('no_such_module_here')\n\ndef test_a():\n    pass\n"
    )
    result = pytester.runpytest(*GUARD)
    assert result.ret != pytest.ExitCode.OK
    result.stdout.fnmatch_lines(["*skipped under CI=true*no_such_module_here*"])


def test_the_live_test_may_skip_under_ci(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    live = pytester.path / "tests" / "e2e"
    live.mkdir(parents=True)
    (live / "test_live.py").write_text(SKIPS["by_a_mark"])
    (live / "test_other.py").write_text(SKIPS["by_a_mark"])
    result = pytester.runpytest(*GUARD, "--import-mode=importlib", "tests/e2e")
    result.assert_outcomes(skipped=1, errors=1)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result = pytester.runpytest(*GUARD, "--import-mode=importlib", "tests/e2e/test_live.py")
    result.assert_outcomes(skipped=1)
    assert result.ret == pytest.ExitCode.OK


def test_outside_ci_a_skip_stays_a_skip(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    pytester.makepyfile(test_browser=SKIPS["by_a_fixture"])
    result = pytester.runpytest(*GUARD)
    result.assert_outcomes(skipped=1)
    assert result.ret == pytest.ExitCode.OK


def test_an_expected_failure_is_not_a_skip(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CI", "true")
    pytester.makepyfile(
        test_known="import pytest\n\n@pytest.mark.xfail(strict=True, reason='known')\ndef test_a():\n    assert False\n"
    )
    result = pytester.runpytest(*GUARD)
    result.assert_outcomes(xfailed=1)
    assert result.ret == pytest.ExitCode.OK
