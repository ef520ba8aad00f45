"""What Langflow's Knowledge component returns, read by the parser's defaults: file, page, chunk id, score, link.

Rows as ``KnowledgeComponent.retrieve_data`` builds them (``Data(content=…, **metadata, _score=…)``): every
metadata value the Knowledge component stored is text, the page included. No tweak, no page keys: the
defaults must name the file and the page, and a manifest's link must get the page as ``#page=N``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lfx.schema.data import Data
from lfx.schema.dataframe import DataFrame

from lfx_citations.components.citations.indexed_retrieved_data_parser import (
    IndexedRetrievedDataParserComponent,
)

ROWS = [
    {
        "content": "The water cycle moves water through evaporation.",
        "file_path": "/srv/langflow/4f1e/water.pdf",
        "file_name": "water.pdf",
        "page": "3",
        "_id": "9f0aaeb5e695",
        "_score": 0.82,
    },
    {
        "content": "# Plants\nPhotosynthesis makes sugar.",
        "file_path": "/srv/langflow/4f1e/plants.md",
        "file_name": "plants.md",
        "_id": "263fcb466aa8",
        "_score": 0.41,
    },
]


def test_knowledge_rows_give_file_page_chunk_id_and_score_by_default() -> None:
    component = IndexedRetrievedDataParserComponent()
    component.set(input_data=DataFrame([Data(data=row) for row in ROWS]))
    context = component.build_context().text
    sources = component.build_sources_data().data["sources"]
    assert context.startswith(
        "[Source 1] water.pdf \u2014 page 3\nThe water cycle moves water through evaporation."
    )
    assert "[Source 2] plants.md\n" in context
    assert [(s["document"], s["page"], s["chunk_id"], s["score"]) for s in sources] == [
        ("water.pdf", 3, "9f0aaeb5e695", 0.82),
        ("plants.md", None, "263fcb466aa8", 0.41),
    ]


def test_a_manifest_link_gets_the_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from lfx.services.deps import get_settings_service

    # A local file outside Langflow's storage folder: readable with the restriction off only.
    monkeypatch.setattr(get_settings_service().settings, "restrict_local_file_access", False)
    manifest = tmp_path / "manifest.json"
    manifest.write_text(
        json.dumps({"version": 1, "documents": {"water.pdf": {"url": "https://docs.example.com/water.pdf"}}}),
        encoding="utf-8",
    )
    component = IndexedRetrievedDataParserComponent()
    component.set(input_data=[Data(data=ROWS[0])], link_manifest=str(manifest))
    (source,) = component.build_sources_data().data["sources"]
    assert source["url"] == "https://docs.example.com/water.pdf#page=3"
