"""The command line, ``python -m engine``: load a position, show it, list moves, apply an action,
run a monster phase, replay a record."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine.__main__ import main
from engine.autoplay import random_action
from engine.replay import Record, play
from engine.setup import new_game
from tests.engine.helpers import position_dict


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command line in-process; return its exit status, stdout and stderr."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def small(tmp_path: Path) -> Path:
    """A hand-written position file: red 4 on h5 with a stone north of it."""
    path = tmp_path / "small.json"
    data = position_dict({"red4": "h5", "blue5": "c9"}, stones=["h4", "e3 crystal"],
                         teleporters=["A k3 N", "A k9 W"], pools=["square l5 m5 l6 m6"])
    path.write_text(json.dumps(data))
    return path


def test_it_runs_as_a_module_and_prints_a_new_game_as_json() -> None:
    done = subprocess.run([sys.executable, "-m", "engine", "new", "--players", "red,blue",
                           "--seed", "3"], capture_output=True, text=True, check=True)
    data = json.loads(done.stdout)
    assert [p["colour"] for p in data["players"]] == ["red", "blue"]
    assert data["seed"] == 3 and len(data["pile"]) == 8


def test_show_prints_the_diagram_with_every_tile(capsys, small: Path) -> None:
    status, out, _ = run(capsys, "show", str(small))
    assert status == 0
    rows = out.splitlines()
    assert rows[5].split()[8] == "r4"  # row 5, column h
    assert rows[4].split()[8] == "[]" and rows[3].split()[5] == "<>"
    assert rows[3].split()[11] == "A^" and rows[9].split()[11] == "A<"
    assert rows[5].split()[12] == "~~"
    assert max(len(r) for r in rows) <= 80


def test_moves_lists_a_figures_legal_moves(capsys, small: Path) -> None:
    status, out, _ = run(capsys, "moves", str(small), "red 4")
    assert status == 0
    lines = out.splitlines()
    assert lines[-1].startswith(f"{len(lines) - 1} outcome(s)")
    assert any(line.startswith("N ") and "pushes h4->h3" in line for line in lines)


def test_apply_prints_the_events_the_json_and_the_diagram(capsys, small: Path) -> None:
    status, out, _ = run(capsys, "apply", str(small), "red 4 N")
    assert status == 0
    assert '"type": "move"' in out and '"figure": "red4"' in out
    assert "R4" in out  # red 4 flipped to its black side


def test_apply_output_json_can_be_loaded_again(capsys, small: Path, tmp_path: Path) -> None:
    status, out, _ = run(capsys, "apply", str(small), "red 4 N", "--output", "json")
    assert status == 0
    after = tmp_path / "after.json"
    after.write_text(out)
    assert run(capsys, "show", str(after))[0] == 0


def test_a_refused_move_exits_2_with_the_error_code(capsys, small: Path) -> None:
    status, _, err = run(capsys, "apply", str(small), "red 4 NNNN")
    assert status == 2
    assert "move/illegal" in err and "step 4" in err


def test_apply_places_a_tile_in_the_experienced_set_up(capsys, tmp_path: Path) -> None:
    status, out, _ = run(capsys, "new", "--players", "3", "--seed", "1", "--experienced")
    game = tmp_path / "game.json"
    game.write_text(out)
    status, out, _ = run(capsys, "apply", str(game), "place teleporter A f5 E", "--output",
                         "json")
    assert status == 0
    assert json.loads(out)["teleporters"] == [{"kind": "A", "square": "f5", "arrow": "E"}]


def test_monster_runs_a_given_card_and_tells_the_walk(capsys, tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_text(json.dumps(position_dict({"red5": "h1"}, phase="monster", to_move=None,
                                             pile=["7", "8"])))
    status, out, _ = run(capsys, "monster", str(path), "--card", "8", "--output", "diagram")
    assert status == 0
    assert out.startswith("The monster drew 8.")
    assert "ate red 5 on h1" in out


def test_monster_without_a_card_draws_the_next_one(capsys, tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_text(json.dumps(position_dict({"red5": "h1"}, phase="monster", to_move=None,
                                             pile=["5", "8"], first_card_drawn=True)))
    status, out, _ = run(capsys, "monster", str(path), "--output", "both")
    assert status == 0 and out.startswith("The monster drew 5.")


def test_replay_re_runs_a_record(capsys, tmp_path: Path) -> None:
    state = new_game(["red", "blue"], seed=11)
    record_steps = []
    rnd = random.Random(2)
    while state.game_turn < 3:
        t, step = play(state, random_action(state, rnd))
        record_steps.append(step)
        state = t.state
    record = Record(("red", "blue"), 11, steps=tuple(record_steps))
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record.to_dict()))
    status, out, _ = run(capsys, "replay", str(path), "--output", "json")
    assert status == 0
    assert json.loads(out)["version"] == state.version


def test_a_missing_file_or_bad_json_exits_2(capsys, tmp_path: Path) -> None:
    assert run(capsys, "show", str(tmp_path / "nope.json"))[0] == 2
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert run(capsys, "show", str(bad))[0] == 2
    bad.write_text(json.dumps({"figures": [{"figure": "red4", "square": "z9"}]}))
    status, _, err = run(capsys, "show", str(bad))
    assert status == 2 and "z9" in err
