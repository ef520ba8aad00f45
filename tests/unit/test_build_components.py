"""The standalone generator: installed components that import the core, standalone ones that import
nothing of this package and carry the core they need, rules enforced.

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
COMPONENTS = ROOT / "components" / "citations"  # installed: the bundle folder
CORE_MODULES = sorted(p.stem for p in (ROOT / "core").glob("[!_]*.py"))


build = load_file("scripts/build_components.py")
STANDALONE = build.build()  # file name -> the standalone component's code (what flows/standalone/ carries)
NAMES = sorted(STANDALONE)


@pytest.fixture
def sandbox(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A throwaway core/ and component folder for the generator (core/ with the real carried.py)."""
    for name in ("core", "components"):
        (tmp_path / name).mkdir()
    (tmp_path / "core" / "carried.py").write_text((ROOT / "core" / "carried.py").read_text(encoding="utf-8"))
    monkeypatch.setattr(build, "ROOT", tmp_path)
    monkeypatch.setattr(build, "CORE", tmp_path / "core")
    monkeypatch.setattr(build, "SOURCES", tmp_path / "components")
    yield tmp_path


def write(path: Path, text: str) -> None:
    path.write_text(text.lstrip("\n"), encoding="utf-8")


def test_every_installed_component_gets_a_standalone_one() -> None:
    assert NAMES == sorted(p.name for p in COMPONENTS.glob("[!_]*.py"))


def test_no_component_copies_are_committed() -> None:
    """One hand-written source per component: the standalone code lives only in flows/standalone/."""
    assert not (ROOT / "components" / "standalone").exists()
    assert not (ROOT / "glue").exists()


def test_output_is_deterministic() -> None:
    assert build.build() == build.build()


def _node_and_carried_trees(source: str) -> list[tuple[ast.Module, bool]]:
    """The node's code and the core it carries (``CORE_SOURCE``), each with "is it the node's code"."""
    carried = build.carried_text(source)
    trees = [(ast.parse(source), True)]
    return trees + ([(ast.parse(carried), False)] if carried is not None else [])


@pytest.mark.parametrize("name", NAMES)
def test_standalone_files_import_nothing_from_this_package(name: str) -> None:
    for tree, is_node in _node_and_carried_trees(STANDALONE[name]):
        module_level = set(tree.body)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert node.level == 0
                assert not (node.module or "").startswith("lfx_citations")
            elif isinstance(node, ast.Import):
                assert not any(a.name.startswith("lfx_citations") for a in node.names)
            if isinstance(node, ast.Import | ast.ImportFrom):
                roots = [node.module] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
                # Inside a function: langflow too, for what runs only in a Langflow server (its Knowledge
                # Bases); the file must still import where only lfx is installed.
                allowed = {"langflow"} if node not in module_level else set()
                for root in roots:
                    top = (root or "").split(".")[0]
                    # langchain_core and pypdf: dependencies of lfx itself (Langflow's own components import them).
                    assert (
                        top in {"lfx", "langchain_core", "pypdf", "pydantic", "__future__", *allowed}
                        or top in sys.stdlib_module_names
                    ), (root, "node code" if is_node else "carried core")


class _RefuseThisPackage:
    """A meta-path finder that fails any import of lfx_citations: a flow's server may not have it."""

    def find_spec(self, name: str, path: object = None, target: object = None) -> None:
        if name == "lfx_citations" or name.startswith("lfx_citations."):
            raise ImportError(f"{name} imported by a standalone component")


@pytest.mark.parametrize("name", NAMES)
def test_standalone_files_run_where_the_package_is_not_installed(name: str) -> None:
    from lfx.custom.validate import create_class  # how Langflow turns a flow's code into a class

    source = STANDALONE[name]
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


NUMBERING_REGIONS = ["links", "text", "grammar", "sources", "glue_retrieval", "presented", "registry"]


@pytest.mark.parametrize(
    ("name", "region_modules"),
    [
        (
            "citation_post_processor.py",
            [
                "text",
                "grammar",
                "wordnet",
                "lexicon",
                "align",
                "frames",
                "natlog",
                "support",
                "engine",
                "judge",
                "links",
                "payload",
                "presented",
                "stream",
                "prompt",
                "uncited",
                "glue_answer",
            ],
        ),
        ("citing_retriever.py", NUMBERING_REGIONS),
        ("indexed_retrieved_data_parser.py", NUMBERING_REGIONS),
        ("citation_prompt.py", ["prompt"]),
    ],
)
def test_regions_are_the_needed_core_modules_dependencies_first(name: str, region_modules: list[str]) -> None:
    text = STANDALONE[name]
    marks = [line for line in text.splitlines() if line.startswith("# --- generated from ")]
    expected = [f"# --- generated from lfx_citations/core/{m}.py: do not edit ---" for m in region_modules]
    loader, component_mark = (
        f"# --- generated from lfx_citations/{f}: do not edit ---"
        for f in ("core/carried.py", f"components/citations/{name}")
    )
    assert marks == [loader, *expected, component_mark]
    # The core modules are the carried text; the loader and the component are the node's code.
    carried = build.carried_text(text)
    assert [line for line in carried.splitlines() if line.startswith("# --- generated from ")] == expected


def test_the_carried_core_is_the_core_compacted() -> None:
    """The carried text is each core module's code without comments and docstrings, one space a
    level, in ASCII; the loader and the component stay as written in the node's code."""
    node = STANDALONE["citation_post_processor.py"]
    carried = build.carried_text(node)
    assert carried is not None
    engine = build.core_module("lfx_citations.core.engine").body
    assert build.compact(engine) in carried
    assert "\n def cut(self, start: int, end: int) -> None:\n" in carried  # a method: one space a level
    assert '"""' not in carried
    assert [line for line in carried.splitlines() if line.lstrip().startswith("#")] == [
        line for line in carried.splitlines() if line.startswith("# --- generated from ")
    ]
    assert carried.isascii() and node.isascii()  # the lexicon's other scripts as escapes
    loader = (ROOT / "core" / "carried.py").read_text(encoding="utf-8")
    assert loader[loader.index("CARRIED_PREFIX = ") :] in node


@pytest.mark.parametrize(
    ("token", "names"),
    [
        ("'caf\u00e9'", {}),
        ("r'[\\d\u20ac]+\\s'", {}),  # a raw pattern: its backslashes stay two characters
        ('rf"[.!?]+[\\"\'\u201d\u00bb)\\]]*{END}"', {"END": "$"}),  # a quote after a backslash, raw
        ('f"\u00b0{n:>{w}}\u2030{{x}}"', {"n": 5, "w": 3}),
        ('"""\u4e0d\n\u518d"""', {}),
    ],
)
def test_a_literal_in_ascii_keeps_its_value(token: str, names: dict[str, object]) -> None:
    written = build.ascii_literal(token)
    assert written.isascii()
    assert eval(written, {}, dict(names)) == eval(token, {}, dict(names))


def test_compact_keeps_the_code_and_drops_the_rest() -> None:
    source = (
        "class A:\n"
        '    """Doc."""\n'
        "\n"
        "    # a comment\n"
        "    def f(self, x):\n"
        '        """Only statement: pass instead."""\n'
        "\n"
        "    def g(self, x):\n"
        "        return [  # why\n"
        "            x,\n"
        "            'caf\u00e9',\n"
        "        ]\n"
    )
    assert build.compact(source) == (
        "class A:\n def f(self, x):\n  pass\n def g(self, x):\n  return [x, 'caf\\xe9',]\n"
    )


@pytest.mark.parametrize("path", sorted(COMPONENTS.glob("[!_]*.py")), ids=lambda p: p.name)
def test_installed_components_import_the_core_and_define_none_of_it(path: Path) -> None:
    """The palette's component is thin glue: no core module is inlined or redefined, the core is imported."""
    text = path.read_text(encoding="utf-8")
    assert "# --- generated from" not in text
    defined = {n.name for n in ast.parse(text).body if isinstance(n, ast.FunctionDef | ast.ClassDef)}
    for module in CORE_MODULES:
        core_tree = ast.parse((ROOT / "core" / f"{module}.py").read_text(encoding="utf-8"))
        core_defs = {n.name for n in core_tree.body if isinstance(n, ast.FunctionDef | ast.ClassDef)}
        assert not defined & core_defs, (
            f"{path.name} defines {sorted(defined & core_defs)} of core/{module}.py"
        )
    # The standalone component is this file verbatim after its docstring, with the core carried.
    body = "\n".join(text.splitlines()[(ast.parse(text).body[0].end_lineno or 0) :])
    tail = body[body.index("\nclass ") :].strip()
    assert tail in STANDALONE[path.name]


@pytest.mark.parametrize("path", sorted(COMPONENTS.glob("[!_]*.py")), ids=lambda p: p.name)
def test_installed_and_standalone_components_declare_the_same_interface(path: Path) -> None:
    """Same class, inputs and outputs in both sets: a flow of either kind wires the same handles."""
    from lfx.custom.validate import create_class

    def interface(source: str) -> tuple[str, list[tuple[str, str]], list[tuple[str, str | None]]]:
        (name,) = [
            n.name
            for n in ast.parse(source).body
            if isinstance(n, ast.ClassDef) and n.name.endswith("Component")
        ]
        component = create_class(source, name)()
        inputs = [(i.name, type(i).__name__) for i in component.inputs]
        outputs = [(o.name, o.method) for o in component.outputs]
        return name, inputs, outputs

    assert interface(path.read_text(encoding="utf-8")) == interface(STANDALONE[path.name])


def test_out_writes_each_standalone_component_with_its_core(sandbox: Path) -> None:
    write(sandbox / "core" / "one.py", '"""One."""\n\nfrom __future__ import annotations\n\nVALUE = 1\n')
    write(
        sandbox / "components" / "thing.py",
        '"""Thing."""\n\nfrom lfx_citations.core.one import VALUE\n\nTWICE = 2 * VALUE\n',
    )
    write(sandbox / "components" / "other.py", '"""Other."""\n\nfrom lfx_citations.core.one import VALUE\n')
    assert build.main(["--check"]) == 0
    assert build.main(["--out", str(sandbox / "out")]) == 0
    assert sorted(p.name for p in (sandbox / "out").glob("*.py")) == ["other.py", "thing.py"]
    generated = (sandbox / "out" / "thing.py").read_text(encoding="utf-8")
    assert "VALUE = 1\n" in build.carried_text(generated)
    assert "TWICE = 2 * VALUE\n" in generated
    assert "from lfx_citations." not in generated


@pytest.mark.parametrize(
    ("component", "message"),
    [
        ("from lfx_citations.core.one import VALUE as V\n", "aliased core import"),
        ("from .one import VALUE\n", "relative imports cannot be inlined"),
        ("import lfx_citations.core.one\n", "can be inlined"),
        ("from lfx_citations.core.missing import X\n", "does not exist"),
        ("from lfx_citations.core.one import VALUE\n\nVALUE = 2\n", "'VALUE' is defined in both"),
        ("from lfx_citations.core.one import VALUE\n\nCORE = 2\n", "'CORE' is defined in both"),
        (
            "from lfx_citations.core.one import VALUE\n\ndef carried_core(): ...\n",
            "'carried_core' is defined in both",
        ),
        ("X = 1\nimport json\n", "imports must all come before"),
    ],
)
def test_rules_that_inlining_depends_on_are_enforced(
    sandbox: Path, capsys: pytest.CaptureFixture[str], component: str, message: str
) -> None:
    write(sandbox / "core" / "one.py", '"""One."""\n\nVALUE = 1\n')
    write(sandbox / "components" / "thing.py", f'"""Thing."""\n\n{component}')
    assert build.main([]) == 2
    assert message in capsys.readouterr().err


def test_a_core_that_cannot_be_carried_as_a_raw_string_is_refused(
    sandbox: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(sandbox / "core" / "one.py", "\"\"\"One.\"\"\"\n\nVALUE = '''x'''\n")
    write(sandbox / "components" / "thing.py", '"""Thing."""\n\nfrom lfx_citations.core.one import VALUE\n')
    assert build.main([]) == 2
    assert "cannot be carried" in capsys.readouterr().err


def test_a_generated_standalone_file_runs_its_carried_core(sandbox: Path) -> None:
    write(
        sandbox / "core" / "one.py", '"""One."""\n\nfrom __future__ import annotations\n\nVALUE = "a\\\\b"\n'
    )
    write(
        sandbox / "components" / "thing.py",
        '"""Thing."""\n\nfrom lfx_citations.core.one import VALUE\n\nTWICE = 2 * VALUE\n',
    )
    namespace: dict[str, object] = {}
    exec(build.build()["thing.py"], namespace)
    assert namespace["TWICE"] == "a\\ba\\b"  # the backslash as written in core/one.py


def test_an_import_cycle_between_core_modules_is_refused(
    sandbox: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(sandbox / "core" / "a.py", '"""A."""\n\nfrom lfx_citations.core.b import B\n\nA = 1\n')
    write(sandbox / "core" / "b.py", '"""B."""\n\nfrom lfx_citations.core.a import A\n\nB = 2\n')
    write(sandbox / "components" / "thing.py", '"""Thing."""\n\nfrom lfx_citations.core.a import A\n')
    assert build.main([]) == 2
    assert "cycle" in capsys.readouterr().err


def _failure_frames(source: str) -> list[tuple[str, int, str, str]]:
    """(file, line, function, shown line) of each frame of the error a parser node from ``source`` raises."""
    import traceback

    from lfx.custom.validate import create_class
    from lfx.schema.data import Data

    component = create_class(source, "IndexedRetrievedDataParserComponent")()
    component.set(input_data=[Data(data={"text": "t", "file_name": "a.md"})], link_manifest="{not json")
    with pytest.raises(ValueError, match="invalid JSON") as caught:
        component.build_context()
    frames = traceback.extract_tb(caught.value.__traceback__)
    return [(f.filename, f.lineno or 0, f.name, (f.line or "").strip()) for f in frames]


@pytest.mark.parametrize("standalone", [False, True], ids=["installed", "standalone"])
def test_a_traceback_from_a_node_points_at_readable_lines(standalone: bool) -> None:
    """Langflow runs a node's code as ``<string>`` (after its own import lines): every frame of ours
    still leads to the line that ran, in the node's code, in core/ itself (installed) or in the core the
    node carries (standalone), which a traceback shows as for a file."""
    from lfx.field_typing.constants import DEFAULT_IMPORT_STRING

    name = "indexed_retrieved_data_parser.py"
    source = STANDALONE[name] if standalone else (COMPONENTS / name).read_text(encoding="utf-8")
    node_lines = source.splitlines()
    prefix = (DEFAULT_IMPORT_STRING + "\n").count("\n")  # create_class prepends these lines
    readable = ("core/links.py", "core/glue_retrieval.py", f"components/citations/{name}")
    ours = [(ROOT / d).read_text(encoding="utf-8") for d in readable]
    # The carried core is compacted (one statement a line): its lines are those of the compacted text.
    ours += [
        build.compact(build.core_module(f"lfx_citations.core.{m}").body) for m in ("links", "glue_retrieval")
    ]
    carried_lines = (build.carried_text(source) or "").splitlines()
    frames = _failure_frames(source)
    shown = []
    for file, line, function, traceback_line in frames:
        if file == "<string>":
            text = node_lines[line - 1 - prefix].strip()
        elif Path(file).resolve().parent == ROOT / "core":
            text = Path(file).read_text(encoding="utf-8").splitlines()[line - 1].strip()
        elif file.startswith("<lfx_citations_carried_"):
            text = carried_lines[line - 1].strip()
            assert traceback_line == text  # the traceback prints the carried line itself
        else:
            continue  # lfx's own frames
        assert text and any(text in module for module in ours), (file, line, function, text)
        shown.append((function, text, file))
    assert [f for f, _, _ in shown][:1] == ["build_context"]
    assert shown[-1][:2] == ("parse_manifest", "raise ManifestError(msg) from exc")
    # The installed node's core frames are core/links.py itself; the standalone node carries them.
    assert shown[-1][2].startswith("<lfx_citations_carried_") == standalone
