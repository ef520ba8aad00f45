"""The benchmark's sections, in the order they run and appear in the table.

    from benchmarks.registry import SECTIONS

    print([s.name for s in SECTIONS])  # what --only accepts

Adding a section: a module with ``SECTION = Section(...)`` (see ``section.py``) and one line below.
"""

from __future__ import annotations

from . import codeeval, flow, holdback, imports, scale, scale_out, server, support, throughput
from .section import Section

SECTIONS: tuple[Section, ...] = (
    holdback.SECTION,
    throughput.SECTION,
    scale.SECTION,
    flow.SECTION,
    imports.SECTION,
    support.SECTION,
    codeeval.SECTION,
    server.SECTION,
    scale_out.SECTION,
)
