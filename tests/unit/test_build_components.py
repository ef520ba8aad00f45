"""The generator of the standalone component files: fresh output, standalone files, rules enforced.

.venv/bin/python -m pytest tests/unit/test_build_components.py
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.scripts import load_file

ROOT = Path(__file__).resolve().parents[2]
COMPONENTS = ROOT / "components" / "citations"


build = load_file("scripts/build_components.py")


@pytest.fixture
def sandbox(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A throwaway core/, glue/ and output folder for the generator."""
    for name in ("core", "glue", "out"):
        (tmp_path / name).mkdir()
    monkeypatch.setattr(build, "ROOT", tmp_path)
    monkeypatch.setattr(build, "CORE", tmp_path / "core")
    monkeypatch.setattr(build, "GLUE", tmp_path / "glue")
    monkeypatch.setattr(build, "OUT", tmp_path / "out")
    yield tmp_path


def write(path: Path, text: str) -> None:
    path.write_text(text.lstrip("\n"), encoding="utf-8")


def test_committed_components_are_what_the_generator_writes() -> None:
    outputs = build.build()
    assert sorted(p.name for p in outputs) == sorted(
        p.name for p in COMPONENTS.glob("*.py") if p.name != "__init__.py"
    )
    for path, text in outputs.items():
        assert path.read_text(encoding="utf-8") == text, (
            f"{path.name} is stale: run scripts/build_components.py"
        )


def test_output_is_deterministic() -> None:
    assert build.build() == build.build()


@pytest.mark.parametrize("path", sorted(COMPONENTS.glob("[!_]*.py")), ids=lambda p: p.name)
def test_component_files_import_nothing_from_this_package(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert node.level == 0
            assert not (node.module or "").startswith("lfx_citations")
        elif isinstance(node, ast.Import):
            assert not any(a.name.startswith("lfx_citations") for a in node.names)
        if isinstance(node, ast.Import | ast.ImportFrom):
            roots = [node.module] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
            for root in roots:
                top = (root or "").split(".")[0]
                # langchain_core: a dependency of lfx itself (Langflow's own tool components import it).
                assert (
                    top in {"lfx", "langchain_core", "pydantic", "__future__"}
                    or top in sys.stdlib_module_names
                ), root


class _RefuseThisPackage:
    """A meta-path finder that fails any import of lfx_citations: a flow's server may not have it."""

    def find_spec(self, name: str, path: object = None, target: object = None) -> None:
        if name == "lfx_citations" or name.startswith("lfx_citations."):
            raise ImportError(f"{name} imported by a standalone component")


@pytest.mark.parametrize("path", sorted(COMPONENTS.glob("[!_]*.py")), ids=lambda p: p.name)
def test_component_files_run_where_the_package_is_not_installed(path: Path) -> None:
    from lfx.custom.validate import create_class  # how Langflow turns a flow's code into a class

    source = path.read_text(encoding="utf-8")
    (class_name,) = [
        n.name for n in ast.parse(source).body if isinstance(n, ast.ClassDef) and n.name.endswith("Component")
    ]
    hidden = {k: v for k, v in sys.modules.items() if k == "lfx_citations" or k.startswith("lfx_citations.")}
    for name in hidden:
        del sys.modules[name]
    blocker = _RefuseThisPackage()
    sys.meta_path.insert(0, blocker)
    try:
        component_class = create_class(source, class_name)
    finally:
        sys.meta_path.remove(blocker)
        sys.modules.update(hidden)
    assert component_class.__name__ == class_name
    assert component_class().display_name


NUMBERING_REGIONS = ["links", "presented", "text", "grammar", "sources", "registry"]


@pytest.mark.parametrize(
    ("glue", "region_modules"),
    [
        (
            "citation_post_processor.py",
            [
                "text",
                "grammar",
                "lexicon",
                "support",
                "engine",
                "judge",
                "links",
                "payload",
                "presented",
                "prompt",
                "stream",
                "uncited",
            ],
        ),
        ("citing_retriever.py", NUMBERING_REGIONS),
        ("indexed_retrieved_data_parser.py", NUMBERING_REGIONS),
        ("citation_prompt.py", ["prompt"]),
    ],
)
def test_regions_are_the_needed_core_modules_dependencies_first(glue: str, region_modules: list[str]) -> None:
    text = (COMPONENTS / glue).read_text(encoding="utf-8")
    marks = [line for line in text.splitlines() if line.startswith("# --- generated from ")]
    expected = [f"# --- generated from lfx_citations/core/{m}.py: do not edit ---" for m in region_modules]
    assert marks == [*expected, f"# --- generated from lfx_citations/glue/{glue}: do not edit ---"]


def test_inlined_code_is_verbatim() -> None:
    engine = (ROOT / "core" / "engine.py").read_text(encoding="utf-8")
    body = engine[engine.index("_ONE_SHOT_SLICE = ") :]
    assert body in (COMPONENTS / "citation_post_processor.py").read_text(encoding="utf-8")


def test_a_stale_component_fails_the_check(sandbox: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(sandbox / "core" / "one.py", '"""One."""\n\nfrom __future__ import annotations\n\nVALUE = 1\n')
    write(
        sandbox / "glue" / "thing.py",
        '"""Thing."""\n\nfrom lfx_citations.core.one import VALUE\n\nTWICE = 2 * VALUE\n',
    )
    assert build.main([]) == 0
    generated = (sandbox / "out" / "thing.py").read_text(encoding="utf-8")
    assert "VALUE = 1\n" in generated
    assert "TWICE = 2 * VALUE\n" in generated
    assert build.main(["--check"]) == 0
    write(sandbox / "core" / "one.py", '"""One."""\n\nfrom __future__ import annotations\n\nVALUE = 3\n')
    assert build.main(["--check"]) == 1
    assert "stale: out/thing.py" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("glue", "message"),
    [
        ("from lfx_citations.core.one import VALUE as V\n", "aliased core import"),
        ("from .one import VALUE\n", "relative imports cannot be inlined"),
        ("import lfx_citations.core.one\n", "can be inlined"),
        ("from lfx_citations.core.missing import X\n", "does not exist"),
        ("from lfx_citations.core.one import VALUE\n\nVALUE = 2\n", "'VALUE' is defined in both"),
        ("X = 1\nimport json\n", "imports must all come before"),
    ],
)
def test_rules_that_inlining_depends_on_are_enforced(
    sandbox: Path, capsys: pytest.CaptureFixture[str], glue: str, message: str
) -> None:
    write(sandbox / "core" / "one.py", '"""One."""\n\nVALUE = 1\n')
    write(sandbox / "glue" / "thing.py", f'"""Thing."""\n\n{glue}')
    assert build.main([]) == 2
    assert message in capsys.readouterr().err


def test_an_import_cycle_between_core_modules_is_refused(
    sandbox: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(sandbox / "core" / "a.py", '"""A."""\n\nfrom lfx_citations.core.b import B\n\nA = 1\n')
    write(sandbox / "core" / "b.py", '"""B."""\n\nfrom lfx_citations.core.a import A\n\nB = 2\n')
    write(sandbox / "glue" / "thing.py", '"""Thing."""\n\nfrom lfx_citations.core.a import A\n')
    assert build.main([]) == 2
    assert "cycle" in capsys.readouterr().err
