"""The errors courtly raises for bad input. Every one says why, and none leaves a state changed."""

from __future__ import annotations


class CourtlyError(Exception):
    """Base class of every error courtly raises on purpose."""


class UnknownGameError(CourtlyError):
    """A game name that is not registered."""


class OptionError(CourtlyError):
    """An unknown option, or a value the option does not allow."""


class PlayerCountError(CourtlyError):
    """A player count the game does not support."""


class IllegalActionError(CourtlyError):
    """An action that is not legal in this state (or not an action of this game at all)."""


class WrongPlayerError(IllegalActionError):
    """An action submitted by a player whose turn it is not."""


class InvalidStateError(CourtlyError):
    """A state description (JSON) that is malformed or describes an impossible position."""


class RecordError(CourtlyError):
    """A game record that is malformed or does not replay to what it claims."""


class AgentSpecError(CourtlyError):
    """An agent name or agent parameter that is not understood."""


class InvalidSeatError(CourtlyError):
    """A seat index outside the game's seats (seats are numbered 0 to players - 1 in the API)."""


class StaleSequenceError(CourtlyError):
    """An action sent for a position that has changed since the sender saw it."""


class UndoError(CourtlyError):
    """An undo the rules of undo do not allow now (chance or a reveal since, or not your move)."""
