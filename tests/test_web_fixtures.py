"""The page is given the engine's event types as they are today.

``web/tests/make_fixtures.py`` writes the page's fixtures from the rules engine; the page's list
of event types (``web/js/model/events.js``) is checked against ``event_types.json`` by the page's
tests, and that file against the engine here, so a new or renamed event fails one of the two.
"""

from __future__ import annotations

import json
from pathlib import Path

from engine import Options
from engine.autoplay import random_game
from engine.events import EVENT_TYPES

FIXTURE = Path(__file__).resolve().parent.parent / "web" / "tests" / "fixtures" / "event_types.json"


def test_the_page_is_given_every_event_type_of_the_engine() -> None:
    assert json.loads(FIXTURE.read_text()) == sorted(EVENT_TYPES)


def test_every_event_the_engine_writes_is_a_named_type() -> None:
    seen: set[str] = set()
    for seed in range(40):
        options = Options(experienced=seed % 2 == 1, random_setup=seed % 4 == 1)
        for _, transition in random_game(2 + seed % 6, seed, options):
            seen.update(event["type"] for event in transition.events)
    assert seen <= EVENT_TYPES, seen - EVENT_TYPES
    # Every type but one turns up in these 40 games: a monster spinning round between turning
    # stones (``stay``) is rare in random play, and has a rulebook test of its own.
    assert EVENT_TYPES - seen <= {"stay"}, EVENT_TYPES - seen
