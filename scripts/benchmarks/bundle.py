"""The bundle under test, in-process: its three standalone modules (the core inlined, every name in one).

    from benchmarks.bundle import load_bundle

    mods = load_bundle()
    pp = mods["citation_post_processor"]  # also "indexed_retrieved_data_parser", "citation_prompt"
    print(pp.filter_citations("Water boils at 100 C [Source 1] [Source 9].", [1, 2]).text)

Importing this module prepares the process for lfx (see below); import it before anything imports lfx.
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[2]
# lfx may import litellm, which would otherwise download its model cost map: the benchmark runs offline.
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
# The flow section borrows the scripted chat model of the tests (``tests.support.fakes``).
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

# The standalone set: the same code as the installed components and lfx_citations.core, with every
# function of a component reachable from its one module, as the sections use them.
PKG = "lfx_citations.components.standalone"
BUNDLE_MODULES = (
    f"{PKG}.citation_post_processor",
    f"{PKG}.indexed_retrieved_data_parser",
    f"{PKG}.citation_prompt",
)
# What a server imports: the palette's (installed) modules, which import lfx_citations.core.
PALETTE_MODULES = tuple(name.replace(PKG, "lfx_citations.components.citations") for name in BUNDLE_MODULES)
# What the bundle's modules import from outside the standard library (lfx and pydantic). Import cost is
# reported for these separately: they are the platform the bundle runs on, not the bundle.
DEPENDENCY_MODULES = (
    "pydantic",
    "lfx.custom.custom_component.component",
    "lfx.io",
    "lfx.schema.content_types",
    "lfx.schema.data",
    "lfx.schema.message",
)


def load_bundle() -> dict[str, ModuleType]:
    """The bundle's modules by short name (``citation_post_processor``, …)."""
    try:
        return {name.rsplit(".", 1)[1]: importlib.import_module(name) for name in BUNDLE_MODULES}
    except ModuleNotFoundError:  # not installed: import the folder directly
        return {
            name.rsplit(".", 1)[1]: importlib.import_module(name.replace("lfx_citations.", ""))
            for name in BUNDLE_MODULES
        }
