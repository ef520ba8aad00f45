"""Replace File Chunks: ingesting a file into a Knowledge Base again replaces its chunks instead of adding a copy.

In a flow: Read Files by Page's Chunks -> Rows; Chunks -> the Knowledge component's Input (Ingest mode),
with the same Knowledge Base name in both nodes. Before passing the rows on unchanged, it deletes from
that Knowledge Base every chunk whose ``file_path`` (the key is configurable) is one of the incoming
files', as the Astra DB component's ``deletion_field`` does for Astra DB. In code::

    component = ReplaceFileChunksComponent(_user_id=user_id)
    component.set(rows=chunks, knowledge_base="citations")
    await component.replace_chunks()  # the same rows; status: "Removed 12 earlier chunks of water.pdf …"

It runs inside a Langflow server (Knowledge Bases live in its database), through the same storage calls
the Knowledge component makes. The Langflow glue only: there is no logic beyond choosing what to delete.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any
from uuid import UUID

from lfx.custom.custom_component.component import Component
from lfx.io import HandleInput, MessageTextInput, Output
from lfx.schema.data import Data
from lfx.schema.dataframe import DataFrame


def _as_frame(value: Any) -> DataFrame:
    """The chunks as a table: a DataFrame as it is, Data rows (one, or a list) one per row."""
    if isinstance(value, DataFrame):
        return value
    items = value if isinstance(value, list) else [value]
    return DataFrame(
        [item.data if isinstance(item, Data) else dict(item) for item in items if item is not None]
    )


class ReplaceFileChunksComponent(Component):
    display_name = "Replace File Chunks"
    description = (
        "Deletes from a Knowledge Base the chunks an earlier ingest stored for the incoming files, then "
        "passes the rows on: ingesting a file again replaces its chunks instead of adding a second copy."
    )
    icon = "Replace"
    name = "ReplaceFileChunks"

    inputs = [
        HandleInput(
            name="rows",
            display_name="Chunks",
            input_types=["DataFrame", "Table", "Data", "JSON"],
            required=True,
            info="The chunks about to be ingested, e.g. Read Files by Page's Chunks; passed on unchanged.",
        ),
        MessageTextInput(
            name="knowledge_base",
            display_name="Knowledge Base",
            value="citations",
            required=True,
            info="The Knowledge Base the Knowledge node ingests into: give both nodes the same name.",
        ),
        MessageTextInput(
            name="file_key",
            display_name="File Key",
            value="file_path",
            advanced=True,
            info="The chunk field that names a chunk's file; chunks stored earlier with the same value are deleted.",
        ),
    ]

    outputs = [Output(display_name="Chunks", name="chunks", method="replace_chunks")]

    async def replace_chunks(self) -> DataFrame:
        frame = _as_frame(self.rows)
        key = str(self.file_key or "file_path").strip()
        name = str(self.knowledge_base or "").strip()
        if not name:
            msg = "Knowledge Base is empty: give the name of the Knowledge Base the Knowledge node ingests into."
            raise ValueError(msg)
        files = [str(v) for v in dict.fromkeys(frame[key].tolist()) if v] if key in frame.columns else []
        if not files:
            self.status = f"No '{key}' in the chunks: nothing deleted from '{name}'."
            return frame
        removed = await self._delete(name, key, files)
        shown = ", ".join(PurePosixPath(f).name for f in files)
        self.status = f"Removed {removed} earlier chunk{'s' * (removed != 1)} of {shown} from '{name}'."
        self.log(self.status)
        return frame

    async def _delete(self, name: str, key: str, files: list[str]) -> int:
        """Delete the files' chunks through the Knowledge Base's guarded storage; how many went."""
        try:
            from langflow.api.utils.kb_helpers import backend_for_name
        except ModuleNotFoundError:
            msg = "Replace File Chunks needs a Langflow server: Knowledge Bases live in its database."
            raise RuntimeError(msg) from None
        if not self.user_id:
            msg = (
                "Replace File Chunks needs the user the Knowledge Base belongs to (run the flow in Langflow)."
            )
            raise ValueError(msg)
        try:
            backend = await backend_for_name(UUID(str(self.user_id)), name)
        except Exception as exc:  # a missing base and an unavailable one get the same advice
            msg = (
                f"Knowledge base '{name}' is not there ({exc}): create it on Langflow's Knowledge page, "
                "or run scripts/ingest.py, which creates it."
            )
            raise ValueError(msg) from exc
        try:
            before = await backend.count()
            for value in files:
                await backend.delete_by({key: value})
            return before - await backend.count()
        finally:
            await backend.teardown()
