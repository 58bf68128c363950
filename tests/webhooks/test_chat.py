"""service.features.webhooks.chat: what the Discord and Slack formats make of the names players
chose.

A name is the players' text: in a chat message it may ping no one and form no link, and it
still reads as it was written. The standard format keeps it raw (it is data, not chat).
"""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.features.webhooks.chat import DISCORD, SLACK, STANDARD, chat_body, sentence
from service.features.webhooks.spectator import placeholder_link
from tests.service.helpers import create_game
from tests.webhooks.helpers import hook, sentence_of, webhook_jobs

EVIL = "@everyone <!channel> [link](http://evil) <http://evil|click> www.evil.example"
ZWSP = "\u200b"
EVENTS = [
    ("game.started", {"to_move": 0}),
    ("action.accepted", {"seat": 0, "events": [
        {"type": "move", "seat": 0, "figure": "green1", "path": "+WWN", "from": "outside",
         "to": "n10", "escapes": False, "pushes": [{"from": "o11", "to": "n11",
                                                    "piece": "crystal"}], "shows": 6}]}),
    ("move.due", {"seat": 0}),
    ("game.over", {"outcome": {"winners": [0, 1]}}),
]

# What Discord would make a link or a ping of (an unescaped "[", "<" or "@" mention, a URL).
DISCORD_LINKS = re.compile(r"(?<!\\)[\[<]|@(everyone|here)|[a-z]+://|www\.", re.IGNORECASE)
# What Slack would: any "<" (links, mentions, <!channel>), a URL, a domain name.
SLACK_LINKS = re.compile(r"[<>]|[a-z]+://|www\.|[a-z0-9-]\.[a-z]", re.IGNORECASE)


def told(format_: str, event_type: str, data: dict, name: str = EVIL) -> str:
    """Return the sentence of an event whose seats 0 and 1 are named ``name``, in ``format_``."""
    return sentence(event_type, "Friday night", data,
                    {0: f"{name} (green)", 1: f"{name} (red)"}, format_)


def read_in_discord(text: str) -> str:
    """Return what Discord shows of ``text``: escapes taken out, zero-width spaces unseen."""
    return re.sub(r"\\(.)", r"\1", text).replace(ZWSP, "")


def read_in_slack(text: str) -> str:
    """Return what Slack shows of ``text``: entities read, zero-width spaces unseen."""
    return (text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
            .replace(ZWSP, ""))


@pytest.mark.parametrize(("event_type", "data"), EVENTS)
def test_a_discord_body_pings_no_one_and_a_name_forms_no_link(event_type: str,
                                                              data: dict) -> None:
    body = chat_body(DISCORD, told(DISCORD, event_type, data))
    assert body["allowed_mentions"] == {"parse": []}
    assert set(body) == {"content", "allowed_mentions"}
    content = body["content"]
    assert DISCORD_LINKS.search(content.split(": ", 1)[1]) is None, content
    assert read_in_discord(content) == told(STANDARD, event_type, data)


@pytest.mark.parametrize(("event_type", "data"), EVENTS)
def test_a_slack_body_escapes_its_control_characters_and_a_name_forms_no_link(
        event_type: str, data: dict) -> None:
    body = chat_body(SLACK, told(SLACK, event_type, data))
    assert set(body) == {"text"}
    text = body["text"]
    assert "&lt;!channel&gt;" in text and "<http" not in text
    assert SLACK_LINKS.search(text.split(": ", 1)[1]) is None, text
    assert read_in_slack(text) == told(STANDARD, event_type, data)


def test_an_ampersand_is_escaped_for_slack_and_kept_for_discord() -> None:
    assert "Tom &amp; Jerry" in told(SLACK, "move.due", {"seat": 0}, "Tom & Jerry")
    assert "Tom & Jerry" in told(DISCORD, "move.due", {"seat": 0}, "Tom & Jerry")


@pytest.mark.parametrize("name", ["*bold*", "__under__", "~~gone~~", "`code`", "||spoiler||",
                                  "back\\slash", "a_b_c", "> quote"])
def test_discord_markdown_in_a_name_is_escaped(name: str) -> None:
    content = told(DISCORD, "move.due", {"seat": 0}, name)
    assert re.search(r"(?<!\\)[*_~`|>]", content.replace("\\\\", "")) is None, content
    assert read_in_discord(content) == told(STANDARD, "move.due", {"seat": 0}, name)


def test_the_standard_format_and_the_service_own_text_stay_as_they_are() -> None:
    assert told(STANDARD, "move.due", {"seat": 0}) == (
        f"Fearsome Floors, Friday night: it is {EVIL} (green)'s move.")
    assert sentence("move.due", "Friday night", {"seat": 0}, {0: "Ann (green)"}) == (
        "Fearsome Floors, Friday night: it is Ann (green)'s move.")
    for format_ in (DISCORD, SLACK):
        assert told(format_, "move.due", {"seat": 0}, "Ann") == (
            "Fearsome Floors, Friday night: it is Ann (green)'s move.")
        assert told(format_, "move.due", {"seat": 5}) == (
            "Fearsome Floors, Friday night: it is seat 6's move.")  # seats counted from 1


def test_an_action_is_told_as_the_log_tells_it_with_the_name_escaped_by_format() -> None:
    data = dict(EVENTS)["action.accepted"]
    action = ("brought green 1 in at p11 and moved it to n10, pushing the crystal on o11 to "
              "n11.")
    assert told(STANDARD, "action.accepted", data, "Ann") == (
        f"Fearsome Floors, Friday night: Ann (green) {action}")
    assert told(DISCORD, "action.accepted", data, "*Ann*") == (
        f"Fearsome Floors, Friday night: \\*Ann\\* (green) {action}")
    timed_out = {"seat": 1, "events": [{"type": "timeout", "seat": 1},
                                       {"type": "flip", "seat": 1, "figure": "red3"}]}
    assert told(SLACK, "action.accepted", timed_out, "Bob & Co") == (
        "Fearsome Floors, Friday night: Bob &amp; Co (red) ran out of time, so red 3 was flipped "
        "without moving.")


def test_a_long_chat_message_is_cut_to_what_discord_takes() -> None:
    body = chat_body(DISCORD, "x" * 2500)
    assert len(body["content"]) == 2000 and body["content"].endswith("…")


NAME = "@everyone <!channel> [x](http://evil)"  # at most 40 characters, as a seat's name


def test_the_bodies_written_for_a_game_escape_its_names_by_format(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=[{"name": NAME}, {"open": True}], name=NAME)
    formats = {hook(client, game, game.creator_token, format=f, events=["move.due"])["id"]: f
               for f in (STANDARD, DISCORD, SLACK)}
    client.post(game.url("/join"), json={"invite_code": game.invite_code, "name": "Bob"})
    bodies = {formats[job["endpoint_id"]]: job["body"] for job in webhook_jobs(app)}
    assert bodies[STANDARD]["text"] == f"Fearsome Floors, {NAME}: it is {NAME} (green)'s move."
    assert bodies[STANDARD]["game_name"] == NAME
    assert bodies[DISCORD]["allowed_mentions"] == {"parse": []}
    discord = sentence_of(bodies[DISCORD]["content"])
    assert DISCORD_LINKS.search(discord) is None, discord
    assert read_in_discord(discord) == bodies[STANDARD]["text"]
    slack = sentence_of(bodies[SLACK]["text"])
    assert "&lt;!channel&gt;" in slack
    assert SLACK_LINKS.search(slack) is None, slack
    assert read_in_slack(slack) == bodies[STANDARD]["text"]
    with app.app_context():
        link = placeholder_link(game.id)
    assert bodies[DISCORD]["content"].endswith(f"\nWatch the game: <{link}>")
    assert bodies[SLACK]["text"].endswith(f"\n<{link}|Watch the game>")


def test_a_game_name_is_escaped_as_a_players_name_is() -> None:
    for format_, links, shown in ((DISCORD, DISCORD_LINKS, read_in_discord),
                                  (SLACK, SLACK_LINKS, read_in_slack)):
        text = sentence("move.due", EVIL, {"seat": 0}, {0: "Ann (green)"}, format_)
        assert links.search(text) is None, text
        assert shown(text) == f"Fearsome Floors, {EVIL}: it is Ann (green)'s move."


def test_a_chat_body_ends_with_the_link_and_a_long_text_is_cut_before_it() -> None:
    link = "https://ff.example/play/g1#t={spectator-token}"
    body = chat_body(DISCORD, "x" * 2500, link)
    content = body["content"]
    assert content.endswith(f"…\nWatch the game: <{link}>")
    # room is kept for the token that replaces the placeholder
    assert len(content) - len("{spectator-token}") + 43 <= 2000
    assert chat_body(SLACK, "hi", link) == {"text": f"hi\n<{link}|Watch the game>"}
