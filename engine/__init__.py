"""Fearsome Floors rules engine: pure Python, standard library only, no I/O.

A game is data plus pure transitions. ``new_game`` sets one up from a seed; ``check_may_act``
refuses a seat that may not act now (before its action is read); ``apply_action`` takes a
player's action and returns a ``Transition`` (new state and events) without mutating its
input; ``resolve_monster_phase`` carries out the automatic monster phase. ``take_back`` returns an
earlier position while no card was turned up since; ``record_dict`` / ``read_record`` write
a game's record and replay one, checking every entry; ``monster_walks`` tells where the
monster would walk for each card that may come. The engine keeps nothing between calls.

>>> from engine import new_game, parse_action, apply_action
>>> game = new_game(["red", "blue"], seed=7, start_seat=0)
>>> game.to_move, game.phase
(0, 'figures')
>>> t = apply_action(game, parse_action("red 5 +WWNN", game), seat=0)
>>> t.state.figure(parse_action("red 5 +WWNN", game).figure).value
2
>>> t.events[0]["to"]
'n9'
"""

from engine.actions import Action, Flip, Move, Place, Transition, action_from_dict, action_to_dict
from engine.board import parse_square, square_name
from engine.diagram import diagram
from engine.errors import (
    AmbiguousMove,
    CannotTakeBack,
    EngineError,
    GameOver,
    IllegalMove,
    IllegalPlacement,
    InvalidNotation,
    InvalidPosition,
    InvalidRecord,
    InvalidSetup,
    InvalidSquare,
    NotYourTurn,
    ReplayMismatch,
    StaleVersion,
    UnknownFigure,
    WrongPhase,
)
from engine.figure_phase import legal_moves
from engine.game import apply_action
from engine.monster_phase import resolve_monster_phase
from engine.moves import MoveOutcome, check_path, legal_outcomes, legal_paths
from engine.narrate import narrate_monster
from engine.notation import format_action, parse_action
from engine.options import Options
from engine.position import state_from_dict, state_to_dict
from engine.preview import MonsterWalk, monster_walks
from engine.records import Played, TakenBack, read_record, record_dict, replay_inputs
from engine.replay import Record, Step, play, replay
from engine.setup import new_game
from engine.state import Figure, FigureId, GameState, Outcome
from engine.takeback import take_back
from engine.timeouts import timeout_action
from engine.turn import check_may_act
from engine.view import legal_actions, player_view

__all__ = [
    "Action", "AmbiguousMove", "CannotTakeBack", "EngineError", "Figure", "FigureId", "Flip",
    "GameOver", "GameState", "IllegalMove", "IllegalPlacement", "InvalidNotation",
    "InvalidPosition", "InvalidRecord", "InvalidSetup", "InvalidSquare", "MonsterWalk", "Move",
    "MoveOutcome", "NotYourTurn", "Options", "Outcome", "Place", "Played", "Record",
    "ReplayMismatch", "StaleVersion", "Step", "TakenBack", "Transition", "UnknownFigure",
    "WrongPhase", "action_from_dict", "action_to_dict", "apply_action", "check_may_act",
    "check_path", "diagram", "format_action", "legal_actions", "legal_moves", "legal_outcomes",
    "legal_paths", "monster_walks", "narrate_monster", "new_game", "parse_action",
    "parse_square", "play", "player_view", "read_record", "record_dict", "replay",
    "replay_inputs", "resolve_monster_phase", "square_name", "state_from_dict", "state_to_dict",
    "take_back", "timeout_action",
]
