"""service.features.mail.words: a mail writes moves and commands in the seat's own words, and
every one reads back, from that seat, as the move or command it names."""

from __future__ import annotations

import random

import pytest

import engine
from engine.autoplay import random_action
from service.features.mail.words import COMMANDS, said_as, written_move
from service.features.mailin.commands import command_of
from service.features.mailin.words import canonical_line
from service.plumbing.i18n.languages import LANGUAGES


def moves_of_random_games() -> list[str]:
    """Return the notation of every move of a few random games, entries and exits included."""
    written = []
    for seed in range(6):
        state = engine.new_game(2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and len(written) < 60 * (seed + 1):
            if state.to_move is None:
                state = engine.resolve_monster_phase(state).state
                continue
            action = random_action(state, rng)
            written.append(engine.format_action(action))
            state = engine.apply_action(state, action, state.to_move).state
    return written


MOVES = moves_of_random_games()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_move_a_mail_writes_reads_back_from_a_seat_of_that_language(
        language: str) -> None:
    assert len(MOVES) > 200 and any("+" in m for m in MOVES) and any("flip" in m for m in MOVES)
    for move in MOVES:
        written = written_move(move, language)
        assert canonical_line(written, language).replace(" ", "") == move.replace(" ", ""), (
            move, written)


def test_a_move_is_written_in_the_seats_words_and_letters() -> None:
    assert written_move("green 5 +NNW", "de") == "grün 5 +NNW"
    assert written_move("yellow 3 SSEE", "de") == "gelb 3 SSOO"
    assert written_move("green 5 +NNW", "es") == "verde 5 +NNO"
    assert written_move("flip red 1", "es") == "girar roja 1"
    # A Polish seat's W is east (wschód): a mail writes Z for west and E for east.
    assert written_move("blue 4 +WSEN", "pl") == "niebieska 4 +ZSEP"
    assert written_move("green 5 +NNW", "en") == "green 5 +NNW"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_command_a_mail_names_reads_back_as_that_command(language: str) -> None:
    for command in ("board", "help", "nudge", "back", "plan"):
        said = said_as(command, language)
        read = command_of(said, language)
        assert command in (read.kind, read.text), (language, command, said, read)
    said = command_of(f"{said_as('say', language)} hello", language)
    assert said.kind == "say", (language, said)
    assert set(COMMANDS["de"]) >= {"board", "help", "say", "flip"}
