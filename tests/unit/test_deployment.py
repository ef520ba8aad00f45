"""The deployment on paper matches the repository: deploy/Dockerfile and deploy/helm/values.yaml.

    .venv/bin/python -m pytest -n 0 tests/unit/test_deployment.py

No Docker engine or Kubernetes runs here (docs/deployment.md, "What is tested"), so these checks read the
files: the image installs this package with extras it declares, pins Langflow and the flows' libraries to
the versions pyproject.toml's test extra holds (the versions the flows were generated with), copies every
package folder the wheel is built from, and loads the repository's flows from the path the Helm values
give the chart.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import tomllib
import yaml

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "deploy" / "Dockerfile"
VALUES = ROOT / "deploy" / "helm" / "values.yaml"
SOURCE = "/src/lfx-citations"
"""Where the Dockerfile copies the package before ``pip install``."""


def instructions(text: str) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) of each Dockerfile line, continuations joined, comments dropped."""
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("#")]
    joined = "\n".join(lines).replace("\\\n", " ")
    return [
        (line.split(None, 1)[0].upper(), line.split(None, 1)[1] if " " in line.strip() else "")
        for line in joined.splitlines()
        if line.strip()
    ]


def env_of(steps: list[tuple[str, str]]) -> dict[str, str]:
    env: dict[str, str] = {}
    for instruction, args in steps:
        if instruction == "ENV":
            env |= dict(word.split("=", 1) for word in shlex.split(args))
    return env


def pip_install(steps: list[tuple[str, str]]) -> list[str]:
    (line,) = [args for instruction, args in steps if instruction == "RUN" and "pip install" in args]
    words = shlex.split(line)
    return words[words.index("install") + 1 :]


def pins(requirements: list[str]) -> dict[str, str]:
    """``name==version`` requirements by name (other forms left out)."""
    return dict(r.split("==", 1) for r in requirements if re.fullmatch(r"[A-Za-z0-9_.\-]+==[^=\s]+", r))


PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
STEPS = instructions(DOCKERFILE.read_text(encoding="utf-8"))


def test_the_image_installs_this_package_with_extras_it_declares() -> None:
    (package,) = [r for r in pip_install(STEPS) if r.startswith(SOURCE)]
    match = re.fullmatch(re.escape(SOURCE) + r"(?:\[([a-z0-9_,\-]+)\])?", package)
    assert match, package
    extras = set(filter(None, (match[1] or "").split(",")))
    assert extras == {"postgres"}, extras
    assert extras <= set(PYPROJECT["project"]["optional-dependencies"]), extras
    assert PYPROJECT["project"]["name"] == "lfx-citations"


def test_the_image_pins_langflow_and_the_flows_libraries_as_the_test_extra_does() -> None:
    ours = pins(PYPROJECT["project"]["optional-dependencies"]["test"])
    image = pins(pip_install(STEPS))
    assert "langflow" in ours and "lfx-datastax" in ours
    assert image == ours, f"deploy/Dockerfile pins {image}, pyproject.toml's test extra {ours}"


def test_the_image_copies_every_folder_the_package_is_built_from() -> None:
    copied: set[str] = set()
    for instruction, args in STEPS:
        *sources, target = shlex.split(args) if instruction == "COPY" else ["", ""]
        if target.startswith(SOURCE):
            copied |= {Path(source).parts[0] for source in sources}
    setuptools = PYPROJECT["tool"]["setuptools"]
    folders = {p.split(".")[1] for p in setuptools["packages"] if p.count(".") >= 1}
    files = {"pyproject.toml", PYPROJECT["project"]["readme"]}
    files |= set(setuptools["package-data"]["lfx_citations"])
    assert folders | files <= copied, f"not copied: {sorted((folders | files) - copied)}"
    for name in folders | files:
        assert (ROOT / name).exists(), name


def test_the_flows_are_loaded_from_where_the_image_puts_them_and_the_chart_points() -> None:
    env = env_of(STEPS)
    flows_path = env["LANGFLOW_LOAD_FLOWS_PATH"]
    (copy,) = [shlex.split(args) for instruction, args in STEPS if instruction == "COPY" and "flows" in args]
    *sources, target = copy
    assert target.rstrip("/") == flows_path
    shipped = sorted(p for source in sources for p in ROOT.glob(source))
    names = {json.loads(p.read_text(encoding="utf-8"))["name"] for p in shipped}
    assert {"Knowledge Base RAG with Citations", "Astra DB RAG with Citations"} <= names, names
    assert shipped == sorted((ROOT / "flows").glob("*.json"))  # the bundle's flows, not flows/standalone/
    values = yaml.safe_load(VALUES.read_text(encoding="utf-8"))
    assert values["downloadFlows"]["path"] == flows_path  # the chart sets LANGFLOW_LOAD_FLOWS_PATH from it
    assert not values["downloadFlows"].get("flows")


def test_the_chart_values_run_several_replicas_on_postgresql_and_redis() -> None:
    values = yaml.safe_load(VALUES.read_text(encoding="utf-8"))
    env = {e["name"]: e for e in values["env"]}
    assert values["replicaCount"] >= 2
    assert int(env["LANGFLOW_WORKERS"]["value"]) >= 2
    assert env["LANGFLOW_JOB_QUEUE_TYPE"]["value"] == "redis"
    for secret in ("LANGFLOW_DATABASE_URL", "LANGFLOW_REDIS_QUEUE_URL", "ASTRA_DB_APPLICATION_TOKEN"):
        assert "secretKeyRef" in env[secret]["valueFrom"], secret
    # What the image reads from the environment as global variables is what the values provide.
    from_environment = env_of(STEPS)["LANGFLOW_VARIABLES_TO_GET_FROM_ENVIRONMENT"].split(",")
    assert set(from_environment) <= set(env), from_environment
