"""The bundle under test, in-process: the core's names, and the components either installed or as the
standalone flows carry them.

    from benchmarks import bundle

    b = bundle.installed()  # lfx_citations.core and lfx_citations.components.citations
    print(b.names.filter_citations("Water boils at 100 C [Source 1] [Source 9].", [1, 2]).text)
    post = b.make("CitationPostProcessorComponent", _id="post")  # a component, ready for a Graph

    code = bundle.standalone_code("CitationPostProcessorComponent")  # what flows/standalone/ nodes carry
    s = bundle.compiled({c: bundle.standalone_code(c) for c in bundle.BENCHED.values()})  # as Langflow runs them

Importing this module prepares the process for lfx (see below); import it before anything imports lfx.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import inspect
import json
import os
import pkgutil
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from types import FunctionType, ModuleType, SimpleNamespace
from typing import Any

REPO = Path(__file__).resolve().parents[2]
# lfx may import litellm, which would otherwise download its model cost map: the benchmark runs offline.
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
# The flow section borrows the scripted chat model of the tests (``tests.support.fakes``); the support
# section runs the evaluations of scripts/eval/, which import each other by module name.
for _path in (REPO, REPO / "scripts" / "eval"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

FLOWS = REPO / "flows"
STANDALONE_FLOWS = FLOWS / "standalone"
CORE_PACKAGE = "lfx_citations.core"
INSTALLED_PACKAGE = "lfx_citations.components.citations"
# The components the in-process sections run: module name -> class name.
BENCHED = {
    "citation_post_processor": "CitationPostProcessorComponent",
    "indexed_retrieved_data_parser": "IndexedRetrievedDataParserComponent",
    "citation_prompt": "CitationPromptComponent",
}
# What a server imports: the palette's (installed) modules, which import lfx_citations.core.
PALETTE_MODULES = tuple(f"{INSTALLED_PACKAGE}.{name}" for name in BENCHED)
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


def class_of(code: str) -> str | None:
    """The last ``class …Component(`` a node's code defines (the node's own class), or None."""
    names = [line.split()[1].split("(")[0] for line in code.splitlines() if line.startswith("class ")]
    names = [n for n in names if n.endswith("Component")]
    return names[-1] if names else None


def our_classes() -> set[str]:
    """The class names of the bundle's components: those its installed modules define (read, not imported)."""
    spec = importlib.util.find_spec(INSTALLED_PACKAGE)
    assert spec is not None and spec.submodule_search_locations, INSTALLED_PACKAGE
    folder = Path(next(iter(spec.submodule_search_locations)))
    found = {class_of(path.read_text(encoding="utf-8")) for path in folder.glob("[!_]*.py")}
    return {name for name in found if name}


def node_codes(flows: Iterable[dict[str, Any]], classes: set[str]) -> dict[str, str]:
    """Class name -> the ``code`` its nodes carry, for the nodes of ``flows`` (exported flow JSON) whose
    class is one of ``classes``.

    Every node of one class must carry the same code: a flow left behind by the generator would
    otherwise be measured by chance, so two versions raise ``ValueError``.
    """
    found: dict[str, str] = {}
    for flow in flows:
        for node in flow.get("data", {}).get("nodes", []):
            code = node.get("data", {}).get("node", {}).get("template", {}).get("code", {}).get("value")
            name = class_of(code) if isinstance(code, str) else None
            if name not in classes:
                continue
            if found.setdefault(name, code) != code:
                raise ValueError(f"the flows carry two versions of {name}")
    return found


def read_flows(folder: Path) -> list[dict[str, Any]]:
    return [json.loads(path.read_text(encoding="utf-8")) for path in sorted(folder.glob("*.json"))]


def standalone_code(class_name: str, folder: Path = STANDALONE_FLOWS) -> str:
    """The code the nodes of ``flows/standalone/`` carry for ``class_name``: what ships to a server
    without the bundle."""
    codes = node_codes(read_flows(folder), {class_name})
    if class_name not in codes:
        raise KeyError(f"no node of {folder.relative_to(REPO)} carries {class_name}")
    return codes[class_name]


@dataclass(frozen=True)
class Bundle:
    """The names the sections call, and component factories by class name.

    ``names`` holds the core's public names (``CitationFilter``, ``MARKER_WINDOW``, …) and the
    module-level functions of the components' own modules (``build_content_blocks``).
    """

    names: Any
    components: dict[str, Callable[..., Any]]

    def make(self, class_name: str, **kwargs: Any) -> Any:
        return self.components[class_name](**kwargs)


def public(*scopes: dict[str, Any]) -> SimpleNamespace:
    """The public names of ``scopes`` in one namespace, a later scope's winning."""
    names: dict[str, Any] = {}
    for scope in scopes:
        names.update({k: v for k, v in scope.items() if not k.startswith("_")})
    return SimpleNamespace(**names)


def installed() -> Bundle:
    """The working tree: ``lfx_citations.core`` and the installed components (what ``flows/`` runs)."""
    package = importlib.import_module(CORE_PACKAGE)
    core = [
        importlib.import_module(f"{CORE_PACKAGE}.{m.name}") for m in pkgutil.iter_modules(package.__path__)
    ]
    modules = [importlib.import_module(f"{INSTALLED_PACKAGE}.{name}") for name in BENCHED]
    components = {cls: getattr(module, cls) for module, cls in zip(modules, BENCHED.values(), strict=True)}
    return Bundle(public(*map(vars, modules), *map(vars, core)), components)


def node_evaluator() -> Callable[[str, str], type]:
    """``(code, class name) -> class``, as the installed Langflow turns a node's code into its class on
    every run: ``eval_custom_component_code``, which takes the class name since lfx 1.13 and finds the
    class itself before (a node's code defines one component class)."""
    from lfx.custom.eval import eval_custom_component_code

    if len(inspect.signature(eval_custom_component_code).parameters) > 1:
        return eval_custom_component_code
    return lambda code, _class_name: eval_custom_component_code(code)


def compiled(codes: dict[str, str]) -> Bundle:
    """Node codes (class name -> code) compiled as Langflow does on a run (``node_evaluator``).

    ``names`` are those of each node's namespace and of the core it carries (``CORE``), if it carries
    one as a module (a node that inlines the core defines its names at top level); a name several
    nodes carry comes from the first node of ``codes``. Each factory passes
    the node's code on, as Langflow does, since a compiled class has no source file to read it from.
    """
    evaluate = node_evaluator()
    components: dict[str, Callable[..., Any]] = {}
    scopes: list[dict[str, Any]] = []
    for class_name, code in codes.items():
        cls = evaluate(code, class_name)
        components[class_name] = functools.partial(cls, _code=code)
        # The namespace the node's code ran in: the globals of any function its class defines.
        scope = next(f.__globals__ for f in vars(cls).values() if isinstance(f, FunctionType))
        carried = scope.get("CORE")
        # Earlier nodes first in the end: a name two nodes carry comes from the first (the post-processor
        # in BENCHED's order), so the functions called together share one carried core and its types.
        scopes[:0] = [scope, vars(carried)] if isinstance(carried, ModuleType) else [scope]
    return Bundle(public(*scopes), components)
