"""Run the core a standalone node carries as text, compiled once per process.

    >>> core = carried_core("from __future__ import annotations\\n\\nANSWER = 6 * 7\\n")
    >>> core.ANSWER
    42
    >>> carried_core("from __future__ import annotations\\n\\nANSWER = 6 * 7\\n") is core
    True

Langflow evaluates a node's code on every run: it parses, compiles and executes all of it, with
nothing cached. A standalone node (the nodes of ``flows/standalone/``) needs the core but cannot import it, since the bundle is not installed where it runs. As code, the
core would be thousands of lines paid again on every request. So ``scripts/build_components.py`` puts
it in the node as one string, ``CORE_SOURCE``, and a string costs a parse of one token. ``carried_core``
compiles that text once per process and keeps the module in ``sys.modules``, under a name made from
the text's SHA-256. The same text gives back the same module. An edited text (another version of the
bundle, or an edit in Langflow's code editor) gives a module of its own, kept for the process's life.

A traceback through the carried core shows its lines: the text is registered with ``linecache``
under the module's file name, ``<lfx_citations_carried_…>``.
"""

from __future__ import annotations

import hashlib
import linecache
import sys
import threading
from types import ModuleType

CARRIED_PREFIX = "lfx_citations_carried_"
# The registry of compiled texts, and the lock that lets one thread compile a text while others wait.
# It lives in sys.modules because the node code that calls carried_core is evaluated afresh on every
# run: nothing that code defines outlives the run.
_REGISTRY = "lfx_citations_carried"


def carried_module_name(source: str) -> str:
    """``lfx_citations_carried_`` and the first 24 hex digits of the text's SHA-256."""
    return CARRIED_PREFIX + hashlib.sha256(source.encode("utf-8")).hexdigest()[:24]


def _compile_carried(name: str, source: str) -> ModuleType:
    filename = f"<{name}>"
    code = compile(source, filename, "exec", dont_inherit=True)
    module = ModuleType(name)
    module.__file__ = filename
    # mtime None: linecache.checkcache keeps the entry, as for any source that has no file.
    linecache.cache[filename] = (len(source), None, source.splitlines(keepends=True), filename)
    # In sys.modules while it runs: dataclasses look up a class's module to read its annotations.
    sys.modules[name] = module
    try:
        exec(code, module.__dict__)
    except BaseException:
        # A failed text is not kept, so the next run tries again and reports the same error.
        del sys.modules[name]
        linecache.cache.pop(filename, None)
        raise
    return module


def _registry() -> ModuleType:
    registry = sys.modules.get(_REGISTRY)
    if registry is None:
        fresh = ModuleType(_REGISTRY, "The texts lfx_citations' carried_core has compiled, by module name.")
        fresh.lock = threading.Lock()  # type: ignore[attr-defined]
        fresh.loaded = {}  # type: ignore[attr-defined]
        registry = sys.modules.setdefault(_REGISTRY, fresh)  # atomic: one registry wins
    return registry


def carried_core(source: str) -> ModuleType:
    """The module that ``source`` defines: compiled and run on the first call for this text only."""
    name = carried_module_name(source)
    registry = _registry()
    module: ModuleType | None = registry.loaded.get(name)
    if module is None:
        with registry.lock:
            # Another thread may have compiled it while this one waited. A module still running is in
            # sys.modules already, but only a finished one is in the registry.
            module = registry.loaded.get(name)
            if module is None:
                module = registry.loaded[name] = _compile_carried(name, source)
    return module
