"""Which pytest-xdist group each test goes to: one per Langflow server, so that each server boots once."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tests.conftest import group_rank, server_groups


@dataclass
class Item:
    nodeid: str
    fixturenames: tuple[str, ...]


def test_tests_of_one_server_share_a_group_and_the_others_have_none() -> None:
    items = [
        Item("a", ("langflow_server", "openai")),
        Item("b", ("tmp_path",)),
        Item("c", ("run_script",)),
        Item("d", ("langflow_client", "langflow_server")),
    ]
    assert server_groups(items) == {  # type: ignore[arg-type]
        "a": "langflow-langflow_server",
        "c": "langflow-run_script",
        "d": "langflow-langflow_server",
    }


def test_a_test_that_uses_both_servers_puts_both_in_one_group() -> None:
    items = [
        Item("a", ("langflow_server",)),
        Item("b", ("run_script",)),
        Item("c", ("run_script", "langflow_server")),
    ]
    groups = server_groups(items)  # type: ignore[arg-type]
    assert groups["a"] == groups["b"] == groups["c"]


@dataclass
class Marked:
    group: str | None

    def get_closest_marker(self, name: str) -> pytest.Mark | None:
        return pytest.mark.xdist_group(self.group).mark if name == "xdist_group" and self.group else None


def test_the_longest_groups_are_handed_out_first_and_the_rest_keep_their_order() -> None:
    items = [
        Marked(None),
        Marked("langflow-run_script"),
        Marked("scale-out"),
        Marked(None),
        Marked("langflow-langflow_server"),
    ]
    ranked = sorted(items, key=group_rank)  # type: ignore[arg-type]
    assert [i.group for i in ranked] == [
        "scale-out",
        "langflow-langflow_server",
        "langflow-run_script",
        None,
        None,
    ]
    assert ranked[3] is items[0] and ranked[4] is items[3]
