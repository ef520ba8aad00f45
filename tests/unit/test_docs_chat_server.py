"""The docs-chat server's pure parts: the limiter's arithmetic, addresses, cookies, question cleaning.

    .venv/bin/python -m pytest tests/unit/test_docs_chat_server.py -q

No Langflow and no sockets: the rate limiter runs on a ``ManualClock``, so every expected value
below is worked out by hand from the configured rate and burst.
"""

from __future__ import annotations

import ipaddress
import re
from typing import Any

import pytest

from tests.support.docs_chat import ManualClock, load_docs_chat_server

server = load_docs_chat_server()
KEY = b"k" * 32


def test_bucket_allows_the_burst_then_says_how_long_to_wait() -> None:
    clock = ManualClock()
    buckets = server.TokenBuckets(per_minute=6, burst=2, clock=clock)  # one token every 10 s
    assert buckets.take("a") == 0.0
    assert buckets.take("a") == 0.0
    assert buckets.take("a") == pytest.approx(10.0)
    assert buckets.take("b") == 0.0, "another visitor has their own bucket"
    clock.advance(4)
    assert buckets.take("a") == pytest.approx(6.0)  # 0.4 of a token so far
    clock.advance(6)
    assert buckets.take("a") == 0.0
    assert buckets.take("a") == pytest.approx(10.0)
    clock.advance(3600)
    assert [buckets.take("a") for _ in range(3)] == [0.0, 0.0, pytest.approx(10.0)], "never above burst"


def test_bucket_refund_gives_back_one_token_up_to_the_burst() -> None:
    clock = ManualClock()
    buckets = server.TokenBuckets(per_minute=60, burst=1, clock=clock)
    assert buckets.take("a") == 0.0
    buckets.refund("a")
    assert buckets.take("a") == 0.0
    buckets.refund("a")
    buckets.refund("a")
    assert buckets.take("a") == 0.0
    assert buckets.take("a") == pytest.approx(1.0)


def test_bucket_forgets_visitors_whose_bucket_has_refilled() -> None:
    clock = ManualClock()
    buckets = server.TokenBuckets(per_minute=60, burst=5, clock=clock)  # full again after 5 s
    for n in range(100):
        buckets.take(f"visitor-{n}")
    assert len(buckets) == 100
    clock.advance(6)
    buckets.take("late")
    assert len(buckets) == 1


def test_limits_must_be_positive() -> None:
    for bad in (
        {"rate_per_minute": 0},
        {"burst": -1},
        {"max_concurrent": 0},
        {"max_stream_seconds": float("nan")},
    ):
        with pytest.raises(ValueError, match="positive"):
            server.Limits(**bad)


def test_config_refuses_a_short_session_key_and_a_non_http_url() -> None:
    with pytest.raises(ValueError, match="session key"):
        server.Config("http://127.0.0.1:7860", "flow", session_key=b"short")
    with pytest.raises(ValueError, match="previous session key"):
        server.Config("http://127.0.0.1:7860", "flow", session_key=KEY, previous_session_key=b"short")
    with pytest.raises(ValueError, match="http"):
        server.Config("file:///etc/passwd", "flow")


@pytest.mark.parametrize("max_age", [0, -1, 1.5, True, "3600"])
def test_config_refuses_a_session_max_age_that_is_not_a_positive_whole_number(max_age: Any) -> None:
    with pytest.raises(ValueError, match="max age"):
        server.Config("http://127.0.0.1:7860", "flow", session_max_age=max_age)


def test_config_lists_the_current_key_first_then_the_previous_one() -> None:
    assert server.Config("http://h", "f", session_key=KEY).session_keys == (KEY,)
    rotated = server.Config("http://h", "f", session_key=b"n" * 32, previous_session_key=KEY)
    assert rotated.session_keys == (b"n" * 32, KEY)
    assert server.Config("http://h", "f").session_max_age == 604800  # 7 days


NOW = 1_800_000_000
DAY = 86400


def test_session_cookie_round_trip_and_forgeries() -> None:
    session_id = server.new_session_id()
    assert len(session_id) == 32 and server.SESSION_ID.fullmatch(session_id)
    assert session_id != server.new_session_id()
    value = server.sign_session(KEY, session_id, NOW)
    assert value.startswith(f"{session_id}.{NOW}.")
    assert server.verify_session([KEY], value, NOW, DAY) == server.Session(session_id, NOW)
    signature = value.rpartition(".")[2]
    other = "B" * 32
    for forged in (
        session_id,
        session_id + ".",
        f"{session_id}.{NOW}",
        f"{session_id}.{NOW}.",
        f"{session_id}.{NOW}.{signature[:-1]}{'A' if signature[-1] != 'A' else 'B'}",
        f"{other}.{NOW}.{signature}",
        f"{session_id}.{NOW + 1}.{signature}",  # a later issue time under the old MAC
        f"{session_id}.{NOW}.{signature}.extra",
        f"{session_id}.-{NOW}.{signature}",
        f"{session_id}.{NOW}.{signature}\u00e9",  # not ASCII: compared as bytes, no TypeError
        server.sign_session(b"x" * 32, session_id, NOW),  # signed with another key
        f"{session_id[:-1]}!.{NOW}.{signature}",
        "",
    ):
        assert server.verify_session([KEY], forged, NOW, DAY) is None, forged


def test_a_session_cookie_lives_exactly_its_max_age() -> None:
    value = server.sign_session(KEY, "A" * 32, NOW)
    assert server.verify_session([KEY], value, NOW + DAY - 1, DAY) is not None
    assert server.verify_session([KEY], value, NOW + DAY, DAY) is None, "expired"
    assert server.verify_session([KEY], value, NOW + 365 * DAY, DAY) is None
    # Clocks of instances sharing the key may differ a little; a cookie from further ahead is refused.
    assert server.verify_session([KEY], value, NOW - server.CLOCK_SKEW_S, DAY) is not None
    assert server.verify_session([KEY], value, NOW - server.CLOCK_SKEW_S - 1, DAY) is None, "future-dated"


def test_a_cookie_of_the_previous_key_is_accepted_and_marked_for_reissue() -> None:
    current, previous = b"n" * 32, KEY
    old = server.sign_session(previous, "A" * 32, NOW)
    new = server.sign_session(current, "A" * 32, NOW)
    assert server.verify_session([current, previous], old, NOW, DAY) == server.Session("A" * 32, NOW, True)
    assert server.verify_session([current, previous], new, NOW, DAY) == server.Session("A" * 32, NOW, False)
    assert server.verify_session([current], old, NOW, DAY) is None, "the previous key, once dropped"
    assert server.verify_session([current, previous], old, NOW + DAY, DAY) is None, "still expires"


def test_a_visitor_reads_no_upstream_detail_only_the_request_id() -> None:
    request_id = server.new_request_id()
    assert re.fullmatch(r"[0-9a-f]{16}", request_id) and request_id != server.new_request_id()
    assert server.failure_for_visitor("0123abcd0123abcd") == {
        "error": "The answer service failed (request 0123abcd0123abcd). Please try again later.",
        "request_id": "0123abcd0123abcd",
    }


TRUSTED = (ipaddress.ip_network("127.0.0.1/32"), ipaddress.ip_network("10.0.0.0/8"))


@pytest.mark.parametrize(
    ("peer", "forwarded", "trusted", "expected"),
    [
        ("203.0.113.9", ["198.51.100.1"], (), "203.0.113.9"),  # not configured: the header is ignored
        ("203.0.113.9", ["198.51.100.1"], TRUSTED, "203.0.113.9"),  # the peer is no proxy of ours
        ("127.0.0.1", ["198.51.100.1"], TRUSTED, "198.51.100.1"),
        ("127.0.0.1", ["6.6.6.6, 198.51.100.1"], TRUSTED, "198.51.100.1"),  # the left part may be forged
        ("127.0.0.1", ["198.51.100.1, 10.1.2.3"], TRUSTED, "198.51.100.1"),  # two proxies of ours
        ("127.0.0.1", ["6.6.6.6", "198.51.100.1"], TRUSTED, "198.51.100.1"),  # two header lines
        ("127.0.0.1", ["10.0.0.1, 10.0.0.2"], TRUSTED, "10.0.0.1"),
        ("127.0.0.1", ["6.6.6.6, garbage, 10.0.0.2"], TRUSTED, "10.0.0.2"),
        ("127.0.0.1", [], TRUSTED, "127.0.0.1"),
        ("127.0.0.1", ["2001:db8::1"], TRUSTED, "2001:db8::1"),
    ],
)
def test_client_address(peer: str, forwarded: list[str], trusted: tuple[Any, ...], expected: str) -> None:
    assert server.client_address(peer, forwarded, trusted) == expected


def test_parse_networks() -> None:
    assert server.parse_networks(" 127.0.0.1, 10.0.0.0/8 ,") == TRUSTED
    with pytest.raises(ValueError):
        server.parse_networks("localhost")


@pytest.mark.parametrize(
    ("raw", "cleaned"),
    [
        ("What is water?", "What is water?"),
        ("line one\nline two\r\nthree\rfour\u2028five", "line one\nline two\nthree\nfour\nfive"),
        ("tab\there", "tab here"),
        ("\x00nul \x1b[2Jansi \x07bell \x7fdel \x85nel \x9bcsi", "nul [2Jansi bell del nel csi"),
        ("bidi \u202eevil\u202c \u2066iso\u2069", "bidi evil iso"),
        ("lone \ud800surrogate", "lone surrogate"),
        (
            "keeps \u00e9t\u00e9, \u4e2d\u6587, \U0001f4a7 and \u200d joiners",
            "keeps \u00e9t\u00e9, \u4e2d\u6587, \U0001f4a7 and \u200d joiners",
        ),
        ("  \n\x00\t ", ""),
    ],
)
def test_clean_question(raw: str, cleaned: str) -> None:
    assert server.clean_question(raw) == cleaned


def test_session_ids_are_removed_at_any_depth() -> None:
    event = {
        "event": "end",
        "data": {"result": {"session_id": "s", "outputs": [{"m": {"session_id": "s", "t": 1}}]}},
    }
    assert server.without_session_ids(event) == {
        "event": "end",
        "data": {"result": {"outputs": [{"m": {"t": 1}}]}},
    }


def end(text: str) -> dict[str, Any]:
    message = {"sender": "Machine", "text": text}
    return {
        "event": "end",
        "data": {"result": {"outputs": [{"outputs": [{"results": {"message": message}}]}]}},
    }


@pytest.mark.parametrize(
    ("events", "missing"),
    [
        ([], "Langflow sent no answer"),
        ([{"event": "add_message", "data": {"sender": "User", "text": "q"}}], "Langflow sent no answer"),
        ([{"event": "token", "data": {"chunk": "Water"}}], "the answer stream ended early"),
        ([{"event": "token", "data": {"chunk": " "}}, end("")], "Langflow returned an empty answer"),
        ([end("Water is wet.")], None),
        ([{"event": "token", "data": {"chunk": "Water"}}, end("Water")], None),
        ([{"event": "error", "data": {"error": "x"}}], None),
        ([{"event": "end", "data": "garbage"}], "Langflow returned an empty answer"),
        (
            [{"event": "end", "data": {"result": {"outputs": [None, {"outputs": "x"}]}}}],
            "Langflow returned an empty answer",
        ),
    ],
)
def test_progress_tells_an_answer_from_none(events: list[dict[str, Any]], missing: str | None) -> None:
    progress = server.Progress()
    for event in events:
        progress.see(event)
    assert progress.missing() == missing


def test_parse_event() -> None:
    assert server.parse_event(b'{"event": "token", "data": {}}\n') == {"event": "token", "data": {}}
    assert server.parse_event(b'data: {"event": "end"}') == {"event": "end"}
    for junk in (b"\n", b"not json", b"[1]", b'{"data": 1}', b'{"event": 3}', b"[" * 100_000):
        assert server.parse_event(junk) is None
