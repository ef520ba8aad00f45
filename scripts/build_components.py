"""Generate the standalone components from ``components/citations/`` and ``core/``.

    python scripts/build_components.py --check        # exit 1 if a component breaks a rule inlining needs
    python scripts/build_components.py --out DIR      # write the standalone files to DIR (not committed)

The installed components are hand-written: ``components/citations/<name>.py`` holds one Component
class that imports what it needs from ``lfx_citations.core``, as an official bundle imports its
package (``lfx-datastax``: ``from lfx_datastax.base.astradb_base import AstraDBBaseComponent``). It is
the bundle folder the extension loader registers, so it is the palette's component and the code of
every node in ``flows/``.

What this script makes of each is the **standalone** component, for the flows of
``flows/standalone/`` on servers where the bundle cannot be installed: the component's docstring and
imports, ``core/carried.py`` (the loader), then ``CORE_SOURCE``: a raw string holding each core module
the component needs (dependencies first, merged imports at the top), then one statement binding the
names it imports from the core (``CitationFilter, FilterResult = CORE.CitationFilter, CORE.FilterResult``),
then the component itself. Each core module goes under a ``# --- generated from …: do not edit ---``
line, compacted (``compact``: no comments or docstrings, one statement a line, one space a level,
string literals in ASCII, checked to parse to the same code); intra-package imports are found with
``ast`` and dropped. ``carried_core`` compiles the string once per process, so a run pays for parsing
one string, not the core, and a shorter ASCII string is parsed, hashed and searched faster
(``docs/architecture.md``). It imports nothing of this
package. ``scripts/build_flows.py`` puts this text into the standalone flows; it is not committed as
files of its own (``--out`` writes them for whoever wants a single file to paste into a custom
component).

The loader and the component are copied verbatim, so a traceback's line number leads to a readable
line of the node's code; a standalone node's core frames lead to a line of its carried text, which
``carried_core`` registers with ``linecache``. The output is deterministic.
"""

from __future__ import annotations

import argparse
import ast
import io
import shutil
import subprocess
import sys
import tokenize
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "lfx_citations"
CORE = ROOT / "core"
SOURCES = ROOT / "components" / "citations"  # the bundle folder (extension.json): hand-written
CARRIED = "CORE_SOURCE"  # a standalone node's core, as text
CORE_MODULE = "CORE"  # ... and as the module carried_core makes of it


class BuildError(Exception):
    """A core or component module breaks a rule that inlining depends on; the message says which."""


@dataclass
class Module:
    """One source module split into what inlining needs."""

    name: str  # dotted, e.g. lfx_citations.core.engine
    path: Path
    docstring: str  # its source text, quotes and escapes as written; "" if it has none
    imports: list[ast.stmt]  # third-party and standard-library imports, in order
    internal: list[str] = field(default_factory=list)  # core modules it imports from, in order
    core_names: list[str] = field(default_factory=list)  # the names it imports from them, in order
    body: str = ""  # the source after its imports, verbatim


def _relative(path: Path) -> str:
    return f"{PACKAGE}/{path.relative_to(ROOT).as_posix()}"


def read_module(path: Path, name: str) -> Module:
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source, str(path))
    docstring = ""
    statements = list(tree.body)
    if statements and isinstance(statements[0], ast.Expr) and isinstance(statements[0].value, ast.Constant):
        docstring = ast.get_source_segment(source, statements[0]) or ""
        statements = statements[1:]
    module = Module(name, path, docstring, [])
    last_import = 0
    for index, node in enumerate(statements):
        if not isinstance(node, ast.Import | ast.ImportFrom):
            if any(isinstance(n, ast.Import | ast.ImportFrom) for n in statements[index:]):
                msg = f"{_relative(path)}:{node.lineno}: imports must all come before the first statement"
                raise BuildError(msg)
            break
        last_import = node.end_lineno or node.lineno
        if isinstance(node, ast.ImportFrom) and node.module == "__future__":
            continue
        if isinstance(node, ast.ImportFrom) and node.level:
            msg = (
                f"{_relative(path)}:{node.lineno}: relative imports cannot be inlined; write {PACKAGE}.core.…"
            )
            raise BuildError(msg)
        targets = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
        if any(t == PACKAGE or t.startswith(PACKAGE + ".") for t in targets):
            if not isinstance(node, ast.ImportFrom) or not (node.module or "").startswith(f"{PACKAGE}.core."):
                form = f"from {PACKAGE}.core.<module> import <names>"
                msg = f"{_relative(path)}:{node.lineno}: only `{form}` can be inlined"
                raise BuildError(msg)
            if any(a.asname for a in node.names):
                msg = f"{_relative(path)}:{node.lineno}: an aliased core import would not exist once inlined"
                raise BuildError(msg)
            module.internal.append(node.module or "")
            module.core_names += [a.name for a in node.names if a.name not in module.core_names]
            continue
        module.imports.append(node)
    lines = source.splitlines()
    module.body = "\n".join(lines[last_import:]).strip("\n") + "\n"
    return module


def core_module(name: str) -> Module:
    short = name.removeprefix(f"{PACKAGE}.core.")
    path = CORE / f"{short}.py"
    if not path.is_file():
        msg = f"{name} is imported but {_relative(path)} does not exist"
        raise BuildError(msg)
    return read_module(path, name)


def needed_modules(component: Module) -> list[Module]:
    """The core modules ``component`` uses, each after the modules it imports from."""
    ordered: list[Module] = []
    done: set[str] = set()
    visiting: list[str] = []

    def visit(name: str) -> None:
        if name in done:
            return
        if name in visiting:
            msg = "core modules import each other in a cycle: " + " -> ".join([*visiting, name])
            raise BuildError(msg)
        visiting.append(name)
        module = core_module(name)
        for dependency in module.internal:
            visit(dependency)
        visiting.pop()
        done.add(name)
        ordered.append(module)

    for name in component.internal:
        visit(name)
    return ordered


def _top_level_names(module: Module) -> set[str]:
    names: set[str] = set()
    for node in ast.parse(module.body).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name))
    return names


def check_names(owners: list[tuple[str, set[str]]], where: str) -> None:
    """Names that share one namespace, by who defines them: a name defined twice would shadow the first.

    check_names([(m.name, _top_level_names(m)) for m in modules], "the carried core")
    """
    seen: dict[str, str] = {}
    for owner, names in owners:
        for name in sorted(names):
            if name in seen:
                msg = f"{name!r} is defined in both {seen[name]} and {owner} in {where}: rename one"
                raise BuildError(msg)
            seen[name] = owner


def merged_imports(modules: list[Module]) -> list[str]:
    """One ``import`` line per module and one ``from`` line per source, names in first-seen order."""
    plain: list[str] = []
    from_names: dict[str, list[str]] = {}
    for module in modules:
        for node in module.imports:
            if isinstance(node, ast.Import):
                for alias in node.names:
                    line = f"import {alias.name}" + (f" as {alias.asname}" if alias.asname else "")
                    if line not in plain:
                        plain.append(line)
                continue
            names = from_names.setdefault(node.module or "", [])
            for alias in node.names:
                entry = alias.name + (f" as {alias.asname}" if alias.asname else "")
                if entry not in names:
                    names.append(entry)
    lines = list(plain)
    lines += [f"from {source} import {', '.join(names)}" for source, names in from_names.items()]
    return lines


def _ruff() -> str:
    # The ruff next to this interpreter (the pinned dev dependency), so the output never depends on
    # whichever ruff happens to be first on PATH.
    beside = Path(sys.executable).with_name("ruff")
    found = str(beside) if beside.exists() else shutil.which("ruff")
    if not found:
        msg = "ruff is needed to sort the merged imports: install the dev extra (pip install -e '.[dev]')"
        raise BuildError(msg)
    return found


def tidy(text: str, name: str) -> str:
    """Sort the merged imports and wrap long ones exactly as the lint gate expects (ruff's isort rules)."""
    ruff = _ruff()
    for args in (["check", "--select", "I", "--fix", "--quiet", "--exit-zero"], ["format", "--quiet"]):
        done = subprocess.run(
            [ruff, *args, "--stdin-filename", name, "-"],
            input=text,
            capture_output=True,
            text=True,
            cwd=ROOT,
            check=False,
        )
        if done.returncode != 0:
            msg = f"ruff {args[0]} failed on the generated {name}: {done.stderr.strip()}"
            raise BuildError(msg)
        text = done.stdout
    return text


def _escaped(text: str, raw: bool, quote: str) -> str:
    """A literal part of an f-string as a non-raw literal part: ASCII, the same characters."""
    out = []
    for char in text:
        if raw and char == "\\":
            out.append("\\\\")
        elif raw and char == quote:  # only after a backslash in a raw literal: kept as written
            out.append("\\" + char)
        elif char.isascii():
            out.append(char)
        else:
            out.append(f"\\u{ord(char):04x}" if ord(char) <= 0xFFFF else f"\\U{ord(char):08x}")
    return "".join(out)


def ascii_literal(token: str) -> str:
    r"""A string literal token written in ASCII only, with the same value: non-ASCII characters escaped.

    >>> ascii_literal("'caf\u00e9'"), ascii_literal('rf"[\\d\u20ac]{N}"')
    ("'caf\\xe9'", 'f"[\\\\d\\u20ac]{N}"')

    A plain literal becomes ``ascii()`` of its value: a raw one is no longer raw, so its backslashes
    keep their meaning whether or not it is a pattern. In an f-string only the literal parts are
    rewritten (an expression part cannot hold a backslash before Python 3.12).
    """
    if token.isascii():
        return token
    prefix = token[: len(token) - len(token.lstrip("rRbBuUfF"))]
    if "f" not in prefix.lower():
        return ascii(ast.literal_eval(token))
    body = token[len(prefix) :]
    quote = body[:3] if body[:3] in ('"""', "'''") else body[0]
    body = body[len(quote) : -len(quote)]
    raw = "r" in prefix.lower()
    out = []
    i = 0
    while i < len(body):
        if body[i] in "{}" and body[i : i + 2] in ("{{", "}}"):
            out.append(body[i : i + 2])
            i += 2
        elif body[i] == "{":
            depth, j = 0, i
            while j < len(body):
                depth += body[j] in "{[("
                depth -= body[j] in "}])"
                j += 1
                if depth == 0:
                    break
            expression = body[i:j]
            if not expression.isascii():
                msg = f"an f-string expression holds a non-ASCII character: {expression!r}"
                raise BuildError(msg)
            out.append(expression)
            i = j
        else:
            j = i
            while j < len(body) and body[j] not in "{}":
                j += 1
            out.append(_escaped(body[i:j], raw, quote[0]))
            i = j
    return prefix.replace("r", "").replace("R", "") + quote + "".join(out) + quote


def _docstrings(tree: ast.Module) -> dict[tuple[int, int], bool]:
    """Where the docstrings of classes and functions start, each with whether it is its body's only
    statement (then ``pass`` takes its place)."""
    found = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                if isinstance(first.value.value, str):
                    found[(first.lineno, first.col_offset)] = len(node.body) == 1
    return found


def _without_docstrings(tree: ast.Module, docstrings: dict[tuple[int, int], bool]) -> ast.Module:
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0]
            if (first.lineno, first.col_offset) in docstrings:
                node.body = node.body[1:] or [ast.Pass()]
    return tree


_OPENERS = ("(", "[", "{")
_CLOSERS = (")", "]", "}", ",", ":")


def compact(source: str, where: str = "the core") -> str:
    r"""``source`` as the carried text holds it: the same code, smaller and in ASCII only.

    >>> print(compact('def f(x):\n    "Doc."\n    return [\n        x,  # why\n        "\u00e9",\n    ]\n'))
    def f(x):
     return [x, '\xe9',]
    <BLANKLINE>

    Comments, blank lines and the docstrings of classes and functions go (``pass`` stands for one
    that was a body's only statement), a block is indented one
    space a level, a statement spread over several lines is joined into one, and each string literal
    holding a non-ASCII character is rewritten with escapes (``ascii_literal``). Langflow parses a
    standalone node's code, the carried text included, on every run, and a text in ASCII only is
    parsed, hashed and searched fastest. The result must parse to the same tree as ``source`` without
    those docstrings, or ``BuildError`` says where it does not.
    """
    tree = ast.parse(source)
    docstrings = _docstrings(tree)
    lines: list[str] = []
    current: list[str] = []
    depth = indent = 0
    previous: tokenize.TokenInfo | None = None
    drop: tuple[int, int] | None = None
    source_lines = source.splitlines(keepends=True)
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        kind = token.type
        if kind == tokenize.INDENT:
            depth += 1
        elif kind == tokenize.DEDENT:
            depth -= 1
        elif kind == tokenize.NEWLINE:
            if current and (not drop or docstrings[drop]):
                lines.append(" " * indent + ("pass" if drop else "".join(current)))
            current, previous, drop = [], None, None
        elif kind in (tokenize.COMMENT, tokenize.NL, tokenize.ENDMARKER, tokenize.ENCODING):
            continue
        else:
            text = ascii_literal(token.string) if kind == tokenize.STRING else token.string
            if previous is None:
                indent = depth
                drop = token.start if token.start in docstrings else None
            elif token.start[0] == previous.end[0]:
                current.append(source_lines[token.start[0] - 1][previous.end[1] : token.start[1]])
            elif previous.string not in _OPENERS and token.string not in _CLOSERS:
                current.append(" ")
            current.append(text)
            previous = token
    out = "\n".join(lines) + "\n"
    expected = ast.dump(_without_docstrings(ast.parse(source), docstrings))
    if ast.dump(ast.parse(out)) != expected:
        msg = f"the compacted text of {where} does not parse to the code it was made from"
        raise BuildError(msg)
    return out


def carried_literal(text: str) -> str:
    """``text`` as a raw triple-quoted literal that reads as the code it holds."""
    literal = f"r'''{text}'''"
    if "'''" in text or text.endswith("\\") or ast.literal_eval(literal) != text:
        msg = "the core cannot be carried as a raw '''-string: a core module contains ''' or ends in a backslash"
        raise BuildError(msg)
    return literal


def carried_text(node_code: str) -> str | None:
    """The core a standalone node's code carries (``CORE_SOURCE``), or None if it carries none."""
    for node in ast.parse(node_code).body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == [CARRIED]:
            value = ast.literal_eval(node.value)
            return value if isinstance(value, str) else None
    return None


def _imports(modules: list[Module]) -> str:
    return "from __future__ import annotations\n\n" + "\n".join(merged_imports(modules)) + "\n"


def _region(module: Module, compacted: bool = False) -> str:
    body = compact(module.body, _relative(module.path)) if compacted else module.body
    return f"# --- generated from {_relative(module.path)}: do not edit ---\n{body}"


def render(component: Module) -> str:
    """The standalone component: ``component``, with the core modules it needs carried as text.

    The core modules go compacted, dependencies first, into one string, ``CORE_SOURCE``, that
    ``carried_core`` (``core/carried.py``, copied in as code) compiles once per process; the names
    the component imports are then read from that module. One that needs no core is its own code only.
    """
    modules = needed_modules(component)
    note = (
        f"# Generated by scripts/build_components.py from {_relative(component.path)}\n"
        "# and the core modules it uses: edit those, then run scripts/build_flows.py. The standalone\n"
        "# component: it imports nothing of the bundle, for the flows of flows/standalone/ on servers where\n"
        "# the bundle is not installed. Each region below is a copy of one module (the carried core's\n"
        "# compacted: no comments or docstrings, one space a level)."
    )
    if not modules:
        return f"{component.docstring}\n\n{note}\n\n{_imports([component])}\n{_region(component)}"
    loader = core_module(f"{PACKAGE}.core.carried")
    # The core modules share the carried text's namespace; the loader, the carried core's names and
    # the component share the node's.
    check_names([(m.name, _top_level_names(m)) for m in modules], "the carried core")
    check_names(
        [
            (loader.name, _top_level_names(loader)),
            ("the carried core", {CARRIED, CORE_MODULE, *component.core_names}),
            (component.name, _top_level_names(component)),
        ],
        "a standalone file",
    )
    core = "\n".join([_imports(modules), *(_region(m, compacted=True) for m in modules)])
    # One statement: Langflow compiles and runs each top-level statement of a node's code on its own.
    names = component.core_names
    bindings = f"{', '.join(names)} = {', '.join(f'{CORE_MODULE}.{name}' for name in names)}"
    carried = (
        f"# --- the core {component.path.name} needs (core/*.py, compacted), carried as text: do not edit ---\n"
        f"{CARRIED} = {carried_literal(core)}\n"
        f"{CORE_MODULE} = carried_core({CARRIED})\n{bindings}\n"
    )
    head = (
        f"{component.docstring}\n\n{note} The core modules are carried\n"
        f"# as text in {CARRIED}, compiled once per process by carried_core, not on every run.\n\n"
        + _imports([loader, component])
    )
    return "\n\n".join([head, _region(loader), carried, _region(component)])


def build(folder: Path | None = None) -> dict[str, str]:
    """Each component file's name and its standalone text (``BuildError`` if one breaks a rule).

    build()["citation_prompt.py"]  # the Citation Prompt with core/prompt.py carried as text
    """
    outputs: dict[str, str] = {}
    for path in sorted((folder or SOURCES).glob("[!_]*.py")):
        component = read_module(path, f"{PACKAGE}.components.citations.{path.stem}")
        outputs[path.name] = tidy(render(component), f"standalone/{path.name}")
    return outputs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that every component can be built")
    parser.add_argument("--out", type=Path, help="write the standalone component files to this folder")
    args = parser.parse_args(argv)
    try:
        outputs = build()
    except BuildError as exc:
        print(f"build_components: {exc}", file=sys.stderr)
        return 2
    if args.out is not None and not args.check:
        args.out.mkdir(parents=True, exist_ok=True)
        for name, text in outputs.items():
            (args.out / name).write_text(text, encoding="utf-8")
            print(f"wrote {args.out / name}")
        return 0
    print(f"components build ({len(outputs)} standalone components; the flows carry them)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
