"""No response ever shows a secret: the pile order, the seed or the generator state, another
seat's token, another player's email address, another seat's turn plan.

One game is taken through every phase (open, placement, figures, monster, over), and a second
one is cancelled; in each phase every endpoint is called by every kind of caller, successes
and refusals alike, and every response (body and headers) is searched for every secret.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from service.kernel.models import Game
from service.plumbing.extensions import db
from tests.service.helpers import (
    API,
    NewGame,
    a_legal_action,
    auth,
    create_game,
    game_from,
    phase_of,
    read,
    run_monster_jobs,
)

SECRET_KEYS = {"pile", "seed", "rng"}
SEATS = [
    {"name": "Ann", "email": "ann.secret@example.com"},
    {"name": "Bob", "email": "bob.secret@example.com"},
    {"open": True},
]
CY_EMAIL = "cy.secret@example.com"


@dataclass
class Secrets:
    """Everything about one game that some caller must not see."""

    app: Flask
    game: NewGame
    tokens: dict[str, str] = field(default_factory=dict)  # caller name -> token
    emails: dict[int, str] = field(default_factory=dict)  # seat -> address
    plans: dict[int, str] = field(default_factory=dict)  # seat -> a line of its turn plan
    checked: int = 0

    def callers(self) -> Iterator[tuple[str, str, int | None]]:
        """Yield (name, token, seat or None) of every holder of a token of the game."""
        for name, token in self.tokens.items():
            seat = int(name[4:]) if name.startswith("seat") else None
            yield name, token, seat

    def engine_secrets(self) -> tuple[list[str], list[str]]:
        """Return the pile now and the seed and generator state as text."""
        with self.app.app_context():
            state = db.session.get(Game, self.game.id).state
        if state is None:
            return [], []
        return state["pile"], [str(state["seed"]), str(state["rng"])]

    def check(self, response: TestResponse, own: str | None = None,
              may_show: frozenset[str] = frozenset()) -> None:
        """Fail if ``response`` shows a secret that its caller (``own``) may not see."""
        text = response.get_data(as_text=True) + "".join(
            f"{name}: {value}\n" for name, value in response.headers.items())
        for name, token in self.tokens.items():
            if name not in may_show:
                assert token not in text, f"{name}'s token in a response to {own}"
        if "invite" not in may_show and self.game.invite_code:
            assert self.game.invite_code not in text
        own_seat = int(own[4:]) if own and own.startswith("seat") else None
        for seat, email in self.emails.items():
            if seat != own_seat:
                assert email.lower() not in text.lower(), f"seat {seat}'s email shown to {own}"
        for seat, line in self.plans.items():
            if seat != own_seat:
                assert line not in text, f"seat {seat}'s plan shown to {own}"
        pile, numbers = self.engine_secrets()
        for number in numbers:
            assert number not in text, "the seed or the generator state in a response"
        if response.is_json and response.data:
            walk(response.get_json(), pile)
        self.checked += 1


def walk(data: Any, pile: list[str]) -> None:
    """Fail if a JSON value has a secret key anywhere, or a list in the pile's order."""
    if isinstance(data, dict):
        assert not SECRET_KEYS & set(data), f"secret key in {sorted(data)}"
        for value in data.values():
            walk(value, pile)
    elif isinstance(data, list):
        assert len(pile) < 2 or data != pile, "the pile order in a response"
        for value in data:
            walk(value, pile)


def make_plans(client: FlaskClient, secrets: Secrets) -> None:
    """Have each seat plan to flip one of its figures ("or flip": words only a plan shows),
    when it can, and check every answer."""
    secrets.plans.clear()
    view = client.get(secrets.game.url(), headers=auth(secrets.tokens["spectator"])).get_json()
    for name, token, seat in secrets.callers():
        if seat is None:
            continue
        colour = view["seats"][seat]["colour"]
        for number in (1, 3, 4, 5):
            line = f"flip {colour} {number} or flip"
            response = client.put(secrets.game.url("/plan"), headers=auth(token),
                                  json={"lines": [{"notation": line}], "flip_rest": True})
            secrets.check(response, name, may_show=frozenset({name}))
            if response.status_code == 200:
                secrets.plans[seat] = line
                break


def call_everything(client: FlaskClient, secrets: Secrets) -> None:
    """Call every endpoint about the game as every caller; check every response."""
    game = secrets.game
    make_plans(client, secrets)
    for name, token, _seat in secrets.callers():
        headers = auth(token)
        secrets.check(client.get(game.url("/plan"), headers=headers), name)
        view = client.get(game.url(), headers=headers)
        secrets.check(view, name)
        etag = view.headers["ETag"]
        secrets.check(client.get(game.url(), headers={**headers, "If-None-Match": etag}), name)
        for log in ("/actions", "/events"):
            secrets.check(client.get(game.url(log), headers=headers), name)
        version = view.get_json()["version"]
        for body in ({"expected_version": version + 100, "notation": "flip 1"},
                     {"expected_version": version, "notation": "flip 1"},
                     {"expected_version": version, "notation": "gibberish"},
                     {"expected_version": version, "action": {"type": "place", "tile": "stone",
                                                              "square": "c1"}}):
            secrets.check(client.post(game.url("/actions"), json=body, headers=headers), name)
        join = client.post(game.url("/join"), json={"invite_code": "z" * 43, "name": "Eve"})
        secrets.check(join)
        if name != "creator":  # refused; the creator cancels the second game below
            secrets.check(client.post(game.url("/cancel"), headers=headers), name)
    secrets.check(client.get(game.url()))
    secrets.check(client.get(f"{API}/games/{'G' * 22}", headers=auth(secrets.tokens["seat0"])))
    secrets.check(client.post(f"{API}/links/lost", json={"email": secrets.emails[0]}))
    secrets.check(client.get(f"{API}/openapi.json"))


def play_to(app: Flask, client: FlaskClient, secrets: Secrets, phase: str) -> None:
    """Play legal actions until ``phase``, checking every accepted submission's response."""
    game = secrets.game
    for _ in range(3000):
        current = phase_of(app, game)
        if current == phase:
            return
        if current == "monster":
            run_monster_jobs(app)
            continue
        view = read(client, game, secrets.tokens["spectator"])
        seat = view["to_move"]
        response = client.post(game.url("/actions"), headers=auth(secrets.tokens[f"seat{seat}"]),
                               json={"expected_version": view["version"],
                                     "action": a_legal_action(view)})
        assert response.status_code == 201
        secrets.check(response, f"seat{seat}")
    raise AssertionError(f"no {phase} phase")


def test_no_response_shows_a_secret_in_any_phase(app: Flask, client: FlaskClient) -> None:
    created = client.post(f"{API}/games", json={"seats": SEATS, "start_seat": 0,
                                                "options": {"experienced": True}})
    game = game_from(created.get_json())
    secrets = Secrets(app, game, emails={0: SEATS[0]["email"], 1: SEATS[1]["email"],
                                         2: CY_EMAIL})
    secrets.tokens = {"creator": game.creator_token, "spectator": game.spectator_token,
                      "seat0": game.seat_tokens[0], "seat1": game.seat_tokens[1]}
    secrets.check(created, "creator", may_show=frozenset(secrets.tokens) | {"invite"})

    call_everything(client, secrets)  # open: waiting for the third player
    joined = client.post(game.url("/join"), json={"invite_code": game.invite_code,
                                                  "name": "Cy", "email": CY_EMAIL})
    assert joined.status_code == 201
    secrets.tokens["seat2"] = game.seat_tokens[2] = joined.get_json()["token"]
    secrets.check(joined, "seat2", may_show=frozenset({"seat2"}))

    for phase in ("placement", "figures", "monster", "over"):
        if phase != "placement":
            play_to(app, client, secrets, phase)
        assert phase_of(app, game) == phase
        call_everything(client, secrets)
        assert bool(secrets.plans) == (phase == "figures")  # a plan is made in that phase

    cancelled = create_game(client, seats=SEATS[:2])
    secrets_of_cancelled = Secrets(app, cancelled, emails={0: SEATS[0]["email"],
                                                           1: SEATS[1]["email"]})
    secrets_of_cancelled.tokens = {"creator": cancelled.creator_token,
                                   "spectator": cancelled.spectator_token,
                                   "seat0": cancelled.seat_tokens[0],
                                   "seat1": cancelled.seat_tokens[1]}
    secrets_of_cancelled.check(client.post(cancelled.url("/cancel"),
                                           headers=auth(cancelled.creator_token)), "creator")
    call_everything(client, secrets_of_cancelled)
    assert secrets.checked > 300
