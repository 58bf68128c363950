"""The engine's errors: each has a stable, namespaced ``code`` and a message naming the input.

Every error is a ``ValueError`` (python-chess style), so callers that only care that input was
refused can catch ``ValueError``; the service maps ``code`` to its JSON error shape.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

from engine.texts import Plural


class EngineError(ValueError):
    """Base of every error the engine raises on purpose.

    An error raised with :meth:`said` also keeps its message as a ``template`` (English, with
    ``%(name)s`` placeholders; a :class:`~engine.texts.Plural` when it counts something) and
    the ``words`` that fill it, so that a caller can write the message in its reader's
    language; ``message`` is always the English.
    """

    code = "engine/error"

    def __init__(self, message: str, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        self.details = details
        self.template: str | Plural | None = None
        self.words: dict[str, Any] = {}

    @classmethod
    def said(cls, template: str | Plural, words: Mapping[str, Any] | None = None,
             **details: Any) -> Self:
        """Return the error whose message is ``template`` filled from ``words`` and
        ``details`` (``words`` win): the placeholders of the message that are not details
        go in ``words``. A word that is itself an engine error is filled with its message."""
        fill = {**details, **(words or {})}
        english = template.english(fill) if isinstance(template, Plural) else template
        error = cls(english % fill, **details)
        error.template, error.words = template, fill
        return error

    def to_dict(self) -> dict[str, Any]:
        """Return the error as JSON-ready data: code, message and details."""
        return {"code": self.code, "message": self.message, "details": dict(self.details)}


class InvalidSquare(EngineError):
    """A square name or direction that does not exist."""

    code = "position/invalid_square"


class InvalidPosition(EngineError):
    """A position (JSON) that is malformed or breaks the board's invariants."""

    code = "position/invalid"


class InvalidNotation(EngineError):
    """Input that cannot be read as an action at all."""

    code = "move/invalid"


class UnknownFigure(EngineError):
    """The action names a figure that is not in this game (or not the player's)."""

    code = "move/unknown_figure"


class IllegalMove(EngineError):
    """A well-formed move that the rules do not allow; names the failing step and why."""

    code = "move/illegal"


class AmbiguousMove(EngineError):
    """A destination-only move that matches several outcomes; lists the choices."""

    code = "move/ambiguous"


class NotYourTurn(EngineError):
    """An action by a seat that is not the one to act."""

    code = "move/not_your_turn"


class WrongPhase(EngineError):
    """An action that does not belong to the game's current phase."""

    code = "game/wrong_phase"


class GameOver(EngineError):
    """Any action on a finished game."""

    code = "game/over"


class IllegalPlacement(EngineError):
    """A tile placement the set-up rules refuse (RULES §5); ``details['reason']`` says which,
    and the code names it too (``placement/<reason>``)."""

    code = "placement/illegal"

    @classmethod
    def because(cls, reason: str, template: str, words: Mapping[str, Any] | None = None,
                **details: Any) -> IllegalPlacement:
        """Return the refusal of a placement for ``reason``, coded ``placement/<reason>``, its
        message ``template`` filled as :meth:`EngineError.said` does."""
        refusal = cls.said(template, words, reason=reason, **details)
        refusal.code = f"placement/{reason}"
        return refusal


class InvalidSetup(EngineError):
    """Game options or players that cannot make a game."""

    code = "setup/invalid"


class ReplayMismatch(EngineError):
    """A recorded game whose stored automatic results differ from a re-run."""

    code = "replay/mismatch"


class CannotTakeBack(EngineError):
    """A takeback the rules refuse: a card was drawn since, the game is over, or there is
    nothing to take back; the code names the reason (``takeback/<reason>``)."""

    code = "takeback/refused"

    @classmethod
    def because(cls, reason: str, template: str, words: Mapping[str, Any] | None = None,
                **details: Any) -> CannotTakeBack:
        """Return the refusal of a takeback for ``reason``, coded ``takeback/<reason>``."""
        refusal = cls.said(template, words, reason=reason, **details)
        refusal.code = f"takeback/{reason}"
        return refusal


class InvalidRecord(EngineError):
    """A record that is not one (malformed, another format, a rules version this release does
    not know), or one of whose entries the rules refuse; ``details['entry']`` names the entry
    (counted from 1) when one is at fault."""

    code = "record/invalid"


class StaleVersion(EngineError):
    """An action made against another version of the game than the current one."""

    code = "game/stale_version"
