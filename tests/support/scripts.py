"""Import a repository file that is not in a package (a script, the example server) as a module.

from tests.support.scripts import load_file

build_flows = load_file("scripts/build_flows.py")
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

REPO_ROOT = Path(__file__).resolve().parents[2]


def load_file(relative_path: str, name: str | None = None) -> ModuleType:
    """The module at ``REPO_ROOT / relative_path``, loaded once and kept in ``sys.modules``."""
    name = name or Path(relative_path).stem
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, REPO_ROOT / relative_path)
        assert spec is not None
        assert spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses look their module up while the class is built
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[name]
            raise
    return sys.modules[name]
