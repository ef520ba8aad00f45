"""Opt-in: the generated flows against a real Astra DB and OpenAI.

Runs only with LFX_CITATIONS_LIVE=1 and ASTRA_DB_APPLICATION_TOKEN, ASTRA_DB_API_ENDPOINT and OPENAI_API_KEY
set; the flows read those as Langflow global variables (here from the environment), untouched. It ingests
two small files into a fresh collection with the ingest flow (``lfx run``), asks the RAG flow a question,
checks that the answer's citations and source cards agree, and drops the collection.
"""

# ruff: noqa: E402  (imports follow the sys.path and environment set-up)
from __future__ import annotations

import os
import re
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

_REPO_ROOT = Path(__file__).resolve().parents[2]
if str(_REPO_ROOT) not in sys.path:  # `tests` has no __init__.py; make `tests.*` importable
    sys.path.insert(0, str(_REPO_ROOT))
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

import pytest

REQUIRED = ("ASTRA_DB_APPLICATION_TOKEN", "ASTRA_DB_API_ENDPOINT", "OPENAI_API_KEY")
pytestmark = pytest.mark.skipif(
    os.environ.get("LFX_CITATIONS_LIVE") != "1" or not all(os.environ.get(name) for name in REQUIRED),
    reason=f"live test: set LFX_CITATIONS_LIVE=1 and {', '.join(REQUIRED)}",
)

from tests.support.flows import INGEST, RAG, lfx_run, load, run_in_process, source_cards

FILES = {
    "boiling.txt": "At sea level, pure water boils at 100 degrees Celsius (212 degrees Fahrenheit).\n",
    "freezing.txt": "Pure water freezes at 0 degrees Celsius (32 degrees Fahrenheit) at standard pressure.\n",
}


@pytest.fixture
def collection() -> Iterator[str]:
    """A fresh collection name; the collection (created by the ingest flow) is dropped afterwards."""
    from astrapy import DataAPIClient

    name = f"lfx_citations_live_{uuid.uuid4().hex[:8]}"
    yield name
    database = DataAPIClient().get_database(
        os.environ["ASTRA_DB_API_ENDPOINT"], token=os.environ["ASTRA_DB_APPLICATION_TOKEN"]
    )
    database.drop_collection(name)


async def test_rag_flow_cites_real_astra_db_sources(tmp_path: Path, collection: str) -> None:
    for name, text in FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    ingest = load(
        INGEST,
        {
            "Read Files by Page": {"path": [str(tmp_path / n) for n in FILES]},
            "Astra DB": {"collection_name": collection},
        },
    )
    lfx_run(ingest, tmp_path, os.environ | {"LANGFLOW_RESTRICT_LOCAL_FILE_ACCESS": "false"})

    message = await run_in_process(
        RAG,
        "At what temperature does water boil at sea level?",
        {"Astra DB": {"collection_name": collection}},
    )

    text, payload = message.text, message.data["citations"]
    assert isinstance(text, str)
    assert payload["cited"], text
    markers = {int(n) for n in re.findall(r"\[Source (\d+)\]", text)}
    assert markers == set(payload["cited"])
    titles = [card.title for card in source_cards(message)]
    assert titles == [f"Source {s['id']} \u00b7 {s['document']}" for s in payload["sources"]]
    assert "boiling.txt" in {s["document"] for s in payload["sources"]}
