"""Section 7, code evaluation: what Langflow pays on every run to turn each node's code into a class.

    .venv/bin/python scripts/bench.py --only code

A server re-creates every node of a flow on every run by evaluating the ``code`` stored in the node
(``lfx.custom.eval.eval_custom_component_code``, i.e. ``lfx.custom.validate.create_class``: parse,
compile and execute, nothing cached). This section times exactly that call on the code of each of our
nodes, as the flows carry it: the installed components (the nodes of ``flows/``) and the standalone
ones (the nodes of ``flows/standalone/``, the core carried in each), against the stock Parser and Prompt Template of the stock RAG flow, interleaved, medians of the rounds.
The goals: the slowest node of ours in the flows ``scripts/run.sh`` loads (the installed ones) costs at
most 3 times the stock Parser, and so does the slowest standalone node (its core carried as compacted
text, ``scripts/build_components.py``).
"""

from __future__ import annotations

import inspect
import re

from .bundle import FLOWS, STANDALONE_FLOWS, node_codes, node_evaluator, our_classes, read_flows
from .section import Context, Section
from .timing import interleaved, median

NUMBER = "7"
GOAL_RATIO = 3.0


def module_name(class_name: str) -> str:
    """``CitationPostProcessorComponent`` -> ``citation_post_processor``: the component's module."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", class_name.removesuffix("Component")).lower()


def codes() -> dict[str, tuple[str, str]]:
    """label -> (code, class name): the stock Parser and Prompt Template, then ours in both sets."""
    from lfx.components.models_and_agents import prompt
    from lfx.components.processing import parser

    found = {
        "stock Parser": (inspect.getsource(parser), "ParserComponent"),
        "stock Prompt Template": (inspect.getsource(prompt), "PromptComponent"),
    }
    ours = our_classes()
    for kind, folder in (("installed", FLOWS), ("standalone", STANDALONE_FLOWS)):
        for name, code in sorted(node_codes(read_flows(folder), ours).items()):
            found[f"{kind} {module_name(name)}"] = (code, name)
    return found


def run(ctx: Context) -> None:
    evaluate = node_evaluator()
    table = ctx.table
    items = codes()
    for code, name in items.values():
        evaluate(code, name)  # once first: what Langflow imported on the way is paid once
    samples = interleaved(
        {label: (lambda c=code, n=name: evaluate(c, n)) for label, (code, name) in items.items()},
        rounds=1 if ctx.quick else 9,
    )
    ms = {label: median(s) / 1e6 for label, s in samples.items()}
    lines = {label: len(code.splitlines()) for label, (code, _) in items.items()}
    base = ms["stock Parser"]
    ctx.raw["code"] = {"ms": ms, "lines": lines, "samples_ns": samples}
    for label in items:
        if label == "stock Parser":
            continue
        table.add(
            NUMBER,
            f"code evaluation per run, {label} ({lines[label]:,} lines) / the stock Parser",
            ms[label] / base,
            "(info)",
            None,
            "x",
            note=f"{ms[label]:.1f} ms against {base:.1f} ms ({lines['stock Parser']} lines)",
        )
    for kind, what in (("installed", "node in the flows run.sh loads"), ("standalone", "standalone node")):
        nodes = {k: v for k, v in ms.items() if k.startswith(f"{kind} ")}
        slowest = max(nodes, key=nodes.__getitem__)
        ratio = nodes[slowest] / base
        table.add(
            NUMBER,
            f"code evaluation of the slowest {what} ({slowest.split(' ', 1)[1]}) / stock Parser",
            ratio,
            f"<= {GOAL_RATIO:g}x",
            ratio <= GOAL_RATIO,
            "x",
            note=f"{nodes[slowest]:.1f} ms against the stock Parser's {base:.1f} ms",
        )


SECTION = Section("code", run)
