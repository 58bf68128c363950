"""A posted message tells the game's webhooks (``message.posted``), in the posting's
transaction; the chat formats escape the player's text as they escape names."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from service.features.webhooks.chat import DISCORD, SLACK, STANDARD, sentence
from tests.service.helpers import assert_error, auth, create_game
from tests.talk.helpers import THREE, post, say
from tests.webhooks.helpers import hook, sentence_of, webhook_jobs
from tests.webhooks.test_chat import DISCORD_LINKS, SLACK_LINKS, read_in_discord, read_in_slack

EVIL = "@everyone <!channel> [link](http://evil) <http://evil|click> www.evil.example *b*"


def posted(app: Flask) -> list[dict]:
    """Return the ``message.posted`` outbox payloads, oldest first."""
    return [job for job in webhook_jobs(app) if job["type"] == "message.posted"]


def test_a_message_tells_the_games_endpoint_with_its_data(app: Flask,
                                                           client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    endpoint = hook(client, game, game.creator_token)  # no filter: every event type
    message = say(client, game, 1, "<b>Hi</b> all")
    [job] = posted(app)
    body = job["body"]
    assert job["endpoint_id"] == endpoint["id"]
    assert re.fullmatch(f"msg_{endpoint['id']}_{game.id}_{body['version']}_"
                        rf"message\.posted_{message['seq']}_[0-9a-f]{{12}}", job["message_id"])
    assert body["type"] == "message.posted" and body["game_id"] == game.id
    assert body["data"] == {"seq": message["seq"], "seat": 1, "name": "Bob", "colour": "red",
                            "text": "<b>Hi</b> all"}
    assert body["text"] == f'Fearsome Floors, Game {game.id[:6]}: Bob (red) says: "<b>Hi</b> all"'


def test_a_seats_endpoint_hears_the_others_messages_but_not_its_own(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    anns = hook(client, game, game.seat_tokens[0])["id"]
    bobs = hook(client, game, game.seat_tokens[1])["id"]
    say(client, game, 0, "from Ann")
    assert [job["endpoint_id"] for job in posted(app)] == [bobs]
    say(client, game, 1, "from Bob")
    assert [job["endpoint_id"] for job in posted(app)] == [bobs, anns]


def test_an_endpoint_hears_messages_when_its_filter_names_them(app: Flask,
                                                               client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    hook(client, game, game.creator_token, events=["move.due"])
    talk = hook(client, game, game.creator_token, events=["message.posted"])["id"]
    disabled = hook(client, game, game.creator_token)["id"]
    client.patch(game.url(f"/webhooks/{disabled}"), json={"enabled": False},
                 headers=auth(game.creator_token))
    say(client, game, 2, "filtered")
    assert [job["endpoint_id"] for job in posted(app)] == [talk]


def test_a_refused_message_tells_no_one(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    hook(client, game, game.creator_token)
    before = webhook_jobs(app)
    assert_error(post(client, game, game.seat_tokens[0], "   "), 422, "talk/empty")
    assert webhook_jobs(app) == before


def test_the_chat_formats_escape_the_text_and_the_name(app: Flask,
                                                        client: FlaskClient) -> None:
    name = "@everyone *Ann*"
    game = create_game(client, seats=[{"name": name}, {"name": "Bob"}])
    formats = {hook(client, game, game.creator_token, format=f)["id"]: f
               for f in (STANDARD, DISCORD, SLACK)}
    say(client, game, 0, EVIL)
    bodies = {formats[job["endpoint_id"]]: job["body"] for job in posted(app)}
    standard = bodies[STANDARD]["text"]
    assert standard.endswith(f'{name} (green) says: "{EVIL}"')
    discord = sentence_of(bodies[DISCORD]["content"])
    assert bodies[DISCORD]["allowed_mentions"] == {"parse": []}
    assert DISCORD_LINKS.search(discord.split(": ", 1)[1]) is None, discord
    assert read_in_discord(discord) == standard
    slack = sentence_of(bodies[SLACK]["text"])
    assert "&lt;!channel&gt;" in slack and "<http" not in slack
    assert SLACK_LINKS.search(slack.split(": ", 1)[1]) is None, slack
    assert read_in_slack(slack) == standard


def test_a_message_of_several_lines_is_told_on_one(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    hook(client, game, game.creator_token, format=DISCORD)
    say(client, game, 0, "first\n# not a heading\n> not a quote")
    content = sentence_of(posted(app)[0]["body"]["content"])
    assert "\n" not in content
    assert content.endswith('says: "first # not a heading \\> not a quote"')


def test_the_sentence_counts_an_unknown_seat_from_one() -> None:
    data = {"seq": 1, "seat": 3, "name": None, "colour": "yellow", "text": "hi"}
    assert sentence("message.posted", "Friday night", data, {}) == (
        'Fearsome Floors, Friday night: seat 4 says: "hi"')
