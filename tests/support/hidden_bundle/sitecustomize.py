"""Hide the lfx-citations bundle from this interpreter, as if it were not installed.

    PYTHONPATH=tests/support/hidden_bundle .venv/bin/python -m langflow run …   # a server without it

Python imports ``sitecustomize`` at start-up, after the site-packages ``.pth`` files ran (the
editable install's finder among them). This one makes ``lfx_citations`` unimportable (a finder first
on ``sys.meta_path`` refuses it, and the editable finder is removed) and hides the distribution from
``importlib.metadata``, so Langflow's extension loader finds no ``langflow.extensions`` entry point
for it either. Everything else in the environment stays as it is: the server is the same Langflow
with the same stock components, minus this bundle. Child processes inherit ``PYTHONPATH`` and so
hide it too. ``tests/support/langflow_server.py`` (``hide_bundle=True``) and the standalone-flow
tests use it; those tests also check that the bundle is really gone.
"""

from __future__ import annotations

import importlib.machinery
import importlib.metadata
import sys

PACKAGE = "lfx_citations"
DISTRIBUTION = "lfx-citations"


def _hidden(name: str) -> bool:
    return name == PACKAGE or name.startswith(PACKAGE + ".")


class _RefuseTheBundle:
    """First on ``sys.meta_path``: any import of the bundle fails as for a package never installed."""

    @classmethod
    def find_spec(cls, fullname: str, path: object = None, target: object = None) -> None:
        if _hidden(fullname):
            msg = f"No module named {fullname!r} (the lfx-citations bundle is hidden)"
            raise ModuleNotFoundError(msg, name=fullname)


class _PathFinderWithoutTheBundle(importlib.machinery.PathFinder):
    """The standard path finder, whose distributions leave out the bundle's."""

    @classmethod
    def find_distributions(cls, *args: object, **kwargs: object):  # type: ignore[override]
        for dist in super().find_distributions(*args, **kwargs):
            name = (dist.metadata["Name"] or "").lower().replace("_", "-")
            if name != DISTRIBUTION:
                yield dist


def _hide() -> None:
    finders = []
    for finder in sys.meta_path:
        module = getattr(finder, "__module__", "") or ""
        if module.startswith("__editable__") and PACKAGE in module:
            continue  # the editable install's finder
        if finder is importlib.machinery.PathFinder:
            finder = _PathFinderWithoutTheBundle
        finders.append(finder)
    sys.meta_path[:] = [_RefuseTheBundle, *finders]
    for name in [n for n in sys.modules if _hidden(n)]:
        del sys.modules[name]


_hide()
