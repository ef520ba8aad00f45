"""``scripts/run.sh``'s scale-out options refuse what Langflow would refuse later, before anything starts.

    .venv/bin/python -m pytest -n 0 tests/unit/test_run_sh_options.py

These runs stop at the option checks, before the set-up, the flows or the server: no Langflow is started.
The options working is tests/e2e/test_scale_out.py's (PostgreSQL, two workers, Redis).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_sh(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "scripts/run.sh", *args], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
    )


def test_several_workers_without_redis_are_refused_naming_what_to_add() -> None:
    result = run_sh("--workers", "2", "--database-url", "postgresql://u:p@db:5432/langflow")
    assert result.returncode == 2
    assert "--workers 2 needs a job queue the workers share: add --redis-url redis://" in result.stderr
    assert result.stdout == ""  # nothing was started or set up


@pytest.mark.parametrize("workers", ["0", "two", "-1", "1.5", "02x"])
def test_a_worker_count_is_a_whole_number_of_one_or_more(workers: str) -> None:
    result = run_sh("--workers", workers, "--redis-url", "redis://127.0.0.1:6379/1")
    assert result.returncode == 2
    assert "--workers needs" in result.stderr


@pytest.mark.parametrize(
    ("option", "value", "expected"),
    [
        ("--database-url", "mysql://u:p@db/langflow", "--database-url takes postgresql://"),
        ("--database-url", "db:5432", "--database-url takes postgresql://"),
        ("--redis-url", "127.0.0.1:6379", "--redis-url takes redis://"),
    ],
)
def test_urls_of_another_kind_are_refused(option: str, value: str, expected: str) -> None:
    result = run_sh(option, value)
    assert result.returncode == 2
    assert expected in result.stderr


def test_the_help_names_the_scale_out_options() -> None:
    result = run_sh("--help")
    assert result.returncode == 0
    for option in ("--database-url", "--workers", "--redis-url"):
        assert option in result.stdout
