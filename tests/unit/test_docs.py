"""The README and the pages of ``docs/`` against the tree they describe.

The README keeps its shape (at most ``README_MAX_LINES`` lines, the test command on its first screen),
every relative link of the README and of ``docs/*.md`` names a file that exists, and what the prose
lists by hand (the components, the flows, the pytest options, the test files named) is what the tree
holds. The helpers are checked on hand-written text first, so that each check is shown able to fail.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
README_MAX_LINES = 300
FIRST_SCREEN_LINES = 40
TEST_COMMAND = "bash scripts/test.sh"

_FENCE = re.compile(r"^(```|~~~).*?^\1", flags=re.MULTILINE | re.DOTALL)
_CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`).+?(?<!`)\1(?!`)", flags=re.DOTALL)
_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_HEADING = re.compile(r"^(#{1,6}) +(.+?) *#*$", flags=re.MULTILINE)


# --------------------------------------------------------------------------- readers


def prose(text: str) -> str:
    """The text without fenced blocks and code spans, where a ``[x](y)`` is an example, not a link."""
    return _CODE_SPAN.sub("", _FENCE.sub("", text))


def relative_links(text: str) -> list[str]:
    """Link targets that name a file of the repository: no scheme, no pure anchor; the anchor dropped."""
    targets = []
    for target in _LINK.findall(prose(text)):
        if re.match(r"[a-z][a-z0-9+.-]*:", target, flags=re.IGNORECASE) or target.startswith("#"):
            continue
        targets.append(target.split("#", 1)[0])
    return targets


def broken_links(page: Path) -> list[str]:
    return [t for t in relative_links(page.read_text(encoding="utf-8")) if not (page.parent / t).exists()]


def section(text: str, title: str) -> str:
    """The body under the heading ``title``, up to the next heading of the same or a higher level.

    Fenced blocks are blanked first (line for line), so that a ``# comment`` in a code block is no heading.
    """
    text = _FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    headings = list(_HEADING.finditer(text))
    for i, heading in enumerate(headings):
        if heading.group(2) == title:
            level = len(heading.group(1))
            end = next((h.start() for h in headings[i + 1 :] if len(h.group(1)) <= level), len(text))
            return text[heading.end() : end]
    raise AssertionError(f"no heading {title!r}")


def bold_first_cells(text: str) -> list[str]:
    """The bold names that open the rows of the tables in ``text``."""
    return re.findall(r"^\| \*\*(.+?)\*\*", text, flags=re.MULTILINE)


def first_line_of(text: str, line: str) -> int | None:
    """The 1-based number of the first line that is exactly ``line`` (spaces around it aside)."""
    return next((n for n, got in enumerate(text.splitlines(), 1) if got.strip() == line), None)


def installed_components() -> set[str]:
    """The component classes of ``components/citations/``: classes that set a ``display_name``."""
    names = set()
    for path in (ROOT / "components" / "citations").glob("*.py"):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef) and any(
                isinstance(item, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == "display_name" for t in item.targets)
                for item in node.body
            ):
                names.add(node.name)
    return names


def flow_names() -> set[str]:
    return {json.loads(p.read_text(encoding="utf-8"))["name"] for p in (ROOT / "flows").glob("*.json")}


# --------------------------------------------------------------------------- the readers can fail


def test_the_link_reader_finds_links_and_leaves_code_and_urls_alone() -> None:
    text = (
        "See [a](docs/a.md#part) and ![b](screenshots/b.png).\n"
        "Not [web](https://example.com), [here](#anchor), `[Source 1](url)`, ``a ```[x](y)``` b`` or:\n"
        "```\n[x](fenced.md)\n```\n"
    )
    assert relative_links(text) == ["docs/a.md", "screenshots/b.png"]


def test_a_missing_file_is_a_broken_link(tmp_path: Path) -> None:
    (tmp_path / "there.md").write_text("x", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text("[ok](there.md) [gone](missing.md#top)", encoding="utf-8")
    assert broken_links(page) == ["missing.md"]


def test_the_section_reader_stops_at_the_next_heading_of_its_level() -> None:
    text = "## A\n| **x** | 1 |\n```\n# no heading\n```\n### B\n| **y** | 2 |\n## C\n| **z** | 3 |\n"
    assert bold_first_cells(section(text, "A")) == ["x", "y"]
    assert bold_first_cells(section(text, "B")) == ["y"]
    assert first_line_of(text, "## C") == 8
    assert first_line_of(text, "## D") is None


# --------------------------------------------------------------------------- the README's shape


def test_the_readme_stays_short() -> None:
    lines = len(README.read_text(encoding="utf-8").splitlines())
    assert lines <= README_MAX_LINES, f"README.md has {lines} lines; the reference belongs in docs/"


def test_the_test_command_is_on_the_first_screen() -> None:
    line = first_line_of(README.read_text(encoding="utf-8"), TEST_COMMAND)
    assert line is not None, f"README.md lost its test command, {TEST_COMMAND!r}, on a line of its own"
    assert line <= FIRST_SCREEN_LINES, f"the test command is on line {line}, after the first screen"


# --------------------------------------------------------------------------- links


@pytest.mark.parametrize("page", [README, *DOCS], ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_names_a_file_that_exists(page: Path) -> None:
    assert broken_links(page) == []


# --------------------------------------------------------------------------- what the prose lists


def test_the_readme_lists_the_components_of_the_tree() -> None:
    text = section(README.read_text(encoding="utf-8"), "Components")
    listed = set(re.findall(r"`(\w+Component)`", text))
    assert listed == installed_components()


def test_every_component_of_the_tree_has_its_section_in_the_components_page() -> None:
    headings = {m.group(2) for m in _HEADING.finditer((ROOT / "docs" / "components.md").read_text("utf-8"))}
    described = {name for h in headings for name in re.findall(r"`(\w+Component)`", h)}
    assert described == installed_components()


@pytest.mark.parametrize(("page", "title"), [(README, "Flows"), (ROOT / "docs" / "flows.md", "The flows")])
def test_the_flows_tables_list_the_flows_of_the_tree(page: Path, title: str) -> None:
    assert set(bold_first_cells(section(page.read_text(encoding="utf-8"), title))) == flow_names()


def test_the_testing_page_quotes_the_pytest_options_in_force() -> None:
    addopts = re.search(r"^addopts = (.+)$", (ROOT / "pyproject.toml").read_text("utf-8"), re.MULTILINE)
    assert addopts, "pyproject.toml has no pytest addopts"
    addopts = addopts.group(1)
    text = (ROOT / "docs" / "testing.md").read_text(encoding="utf-8")
    for pattern in (r"-n (\d+) --dist", r"--durations=(\d+)"):
        in_force = re.search(pattern, addopts)
        quoted = re.findall(pattern, text)
        assert in_force and quoted, pattern
        assert set(quoted) == {in_force.group(1)}, f"docs/testing.md quotes {pattern} as {quoted}"


def test_the_test_files_the_testing_page_names_exist() -> None:
    text = (ROOT / "docs" / "testing.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(?:tests/)?((?:unit|properties|components|e2e|browser)/test_\w+\.py)", text))
    assert named, "docs/testing.md names no test file"
    assert sorted(n for n in named if not (ROOT / "tests" / n).exists()) == []


def test_the_testing_page_quotes_the_example_counts_of_the_profiles() -> None:
    conftest = (ROOT / "tests" / "conftest.py").read_text(encoding="utf-8")
    ci = re.search(r"^CI_EXAMPLES = (\d+)$", conftest, flags=re.MULTILINE)
    dev = re.search(r'"dev",\s*max_examples=(\d+),', conftest)
    assert ci and dev and "CI_EXAMPLES // 4" in conftest, "tests/conftest.py changed its profiles"
    text = " ".join((ROOT / "docs" / "testing.md").read_text(encoding="utf-8").split())
    expected = (
        f"the `ci` hypothesis profile ({int(ci.group(1)):,} examples",
        f"; {int(ci.group(1)) // 4:,} for the others)",
        f"uses `dev` ({int(dev.group(1)):,},",
    )
    assert [e for e in expected if e not in text] == []
