"""The page is given the engine's event types as they are today, and fixtures the generators
write today.

``web/tests/make_fixtures.py`` writes the page's fixtures and demo data from the rules engine,
``web/tests/make_api_fixtures.py`` the API fixture from the real service; the page's list of
event types (``web/js/model/events.js``) is checked against ``event_types.json`` by the page's
tests, and that file against the engine here, so a new or renamed event fails one of the two.
Any other change of the engine or the API that the page would see fails here too, until the
generators are rerun (the page's tests then show what the page must follow).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from engine import Options
from engine.autoplay import random_game
from engine.events import EVENT_TYPES

WEB = Path(__file__).resolve().parent.parent / "web"
FIXTURE = WEB / "tests" / "fixtures" / "event_types.json"
GENERATORS = ("make_fixtures.py", "make_api_fixtures.py")


def test_the_page_is_given_every_event_type_of_the_engine() -> None:
    assert json.loads(FIXTURE.read_text()) == sorted(EVENT_TYPES)


def test_every_event_the_engine_writes_is_a_named_type() -> None:
    seen: set[str] = set()
    for seed in range(40):
        options = Options(experienced=seed % 2 == 1, random_setup=seed % 4 == 1)
        for _, transition in random_game(2 + seed % 6, seed, options):
            seen.update(event["type"] for event in transition.events)
    assert seen <= EVENT_TYPES, seen - EVENT_TYPES
    # Every type but two turns up in these 40 games: a monster spinning round between turning
    # stones (``stay``) is rare in random play, and a takeback is no move a random game makes;
    # each has tests of its own (the rulebook's; tests/engine/test_takeback.py).
    assert EVENT_TYPES - seen <= {"stay", "takeback"}, EVENT_TYPES - seen


def test_the_fixtures_and_demo_data_are_what_the_generators_write_today(tmp_path: Path) -> None:
    runs = {script: subprocess.Popen(
        [sys.executable, str(WEB / "tests" / script), "--out", str(tmp_path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for script in GENERATORS}
    for script, run in runs.items():
        _, errors = run.communicate(timeout=120)
        assert run.returncode == 0, f"{script} failed:\n{errors}"
    written = {path.relative_to(tmp_path) for path in tmp_path.rglob("*.json")}
    committed = {path.relative_to(WEB) for folder in {path.parent for path in written}
                 for path in (WEB / folder).glob("*.json")}

    def named(paths: set[Path]) -> list[str]:
        return [f"web/{path}" for path in sorted(paths)]

    rerun = "rerun web/tests/make_fixtures.py and make_api_fixtures.py, then the page's tests"
    differ = {path for path in written & committed
              if (tmp_path / path).read_bytes() != (WEB / path).read_bytes()}
    assert not differ, f"not what the generators write today: {named(differ)}; {rerun}"
    assert not written - committed, f"not committed: {named(written - committed)}; {rerun}"
    assert not committed - written, f"written by no generator: {named(committed - written)}"
