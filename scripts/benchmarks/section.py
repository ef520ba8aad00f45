"""What a section of the benchmark is: a name for ``--only``, its own flags, and a ``run`` adding rows.

    # scripts/benchmarks/example.py
    import argparse

    from .section import Context, Section

    NUMBER = "6"  # the table's "#" column

    def add_arguments(ap: argparse.ArgumentParser) -> None:
        ap.add_argument("--example-runs", type=int, default=10, help="runs in section 6")

    def run(ctx: Context) -> None:
        runs = 3 if ctx.quick else ctx.args.example_runs
        ctx.raw["example"] = {"runs": runs}  # the measurements, as the JSON's raw["example"]
        ctx.table.add(NUMBER, "what was measured", 1.5, "<= 2 ms", True, "ms")

    SECTION = Section("example", run, add_arguments)

and one line in ``registry.SECTIONS``. A section reads ``ctx.quick`` itself: what a smoke run trims is
the section's own business.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .bundle import Bundle
from .report import Table


@dataclass
class Context:
    """Everything a section gets: the parsed flags, the bundle, and where its results go."""

    args: argparse.Namespace  # every flag, each section's own included
    bundle: Bundle  # what is measured: bundle.installed() (lfx_citations.core and the installed components)
    table: Table  # the rows printed and stored
    raw: dict[str, Any]  # the raw measurements, one key per section

    @property
    def seed(self) -> int:
        return int(self.args.seed)

    @property
    def quick(self) -> bool:
        return bool(self.args.quick)

    @property
    def names(self) -> Any:
        """The core's names and the components' module functions (``Bundle.names``)."""
        return self.bundle.names


def no_arguments(ap: argparse.ArgumentParser) -> None:
    """For sections without flags of their own."""


@dataclass(frozen=True)
class Section:
    name: str  # what --only takes, and the key of its time in the JSON's section_seconds
    run: Callable[[Context], None]
    add_arguments: Callable[[argparse.ArgumentParser], None] = no_arguments
