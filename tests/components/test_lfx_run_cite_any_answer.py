"""``lfx run`` on the Cite Any Answer flow, as shipped, against the stand-ins: on every supported lfx line.

    .venv/bin/python -m pytest tests/components/test_lfx_run_cite_any_answer.py
    .venv-lfx112/bin/python -m pytest tests/components/test_lfx_run_cite_any_answer.py   # Langflow 1.12

The flow embeds the stock OpenAI node's code as the generator found it (lfx-openai 0.2.0) and our three
components; the CLI re-creates every node from that code, so this is what a user of an older lfx runs.
Credentials come from the environment (global variables), the model's base URL by tweak.

A flow saved before the components became hand-written files (``tests/data/flows_0_1_0/``: the node
code it carries imports the core as it was named then) runs the same on today's core.
"""

from __future__ import annotations

import importlib.metadata
from pathlib import Path

import pytest

from tests.support.flows import CITE_ANY, build, clean_env, lfx_run, load, openai_tweaks
from tests.support.standins.data_api_server import DEFAULT_CORPUS, DataAPIStandin
from tests.support.standins.fixtures import STANDIN_ASTRA_TOKEN, STANDIN_OPENAI_API_KEY, standin_env_vars
from tests.support.standins.openai_server import OpenAIStandin, Reply

pytest_plugins = ["tests.support.standins.fixtures"]

QUESTION = "How do clouds form?"
SAVED_BEFORE = Path(__file__).parents[1] / "data" / "flows_0_1_0" / CITE_ANY.name


@pytest.mark.parametrize("flow", [CITE_ANY, SAVED_BEFORE], ids=["as-shipped", "saved-by-0.1.0"])
def test_lfx_run_cite_any_answer_flow(
    tmp_path: Path, openai_standin: OpenAIStandin, data_api_standin: DataAPIStandin, flow: Path
) -> None:
    data_api_standin.seed(DEFAULT_CORPUS, collection=build.COLLECTION)
    openai_standin.script(Reply(chunks=("Clouds form by condensation [2][Source 9]; see [Source 1].",)))
    env = clean_env() | standin_env_vars(openai_standin.base_url)
    env |= {
        build.ASTRA_ENDPOINT_VARIABLE: data_api_standin.api_endpoint,
        build.ASTRA_TOKEN_VARIABLE: STANDIN_ASTRA_TOKEN,
        build.OPENAI_KEY_VARIABLE: STANDIN_OPENAI_API_KEY,
        "LANGFLOW_PROVIDER_CREDENTIAL_ALLOWED_HOSTS": openai_standin.url,  # http:// = cleartext accepted
    }

    result = lfx_run(load(flow, openai_tweaks(openai_standin.base_url)), tmp_path, env, QUESTION)

    assert result["success"] is True, (importlib.metadata.version("lfx"), result)
    assert result["result"] == "Clouds form by condensation [Source 2]; see [Source 1]."
    prompt = openai_standin.last_prompt()
    assert "[Source 1] " in prompt and "[Source 2] " in prompt
    assert prompt.rstrip().endswith(f"Question: {QUESTION}")
    assert not openai_standin.chat_requests[-1].get("stream")  # an ordinary model step
