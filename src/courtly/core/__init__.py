"""The kernel: the contract every game implements, and what every game shares."""

from courtly.core.actions import Action, ActionSpace
from courtly.core.errors import (
    CourtlyError,
    IllegalActionError,
    InvalidStateError,
    OptionError,
    RecordError,
    WrongPlayerError,
)
from courtly.core.events import Event, events_for
from courtly.core.options import Option
from courtly.core.rng import Rng
from courtly.core.seat import Agent, SeatView
from courtly.core.state import Game, State

__all__ = [
    "Action",
    "ActionSpace",
    "Agent",
    "CourtlyError",
    "Event",
    "Game",
    "IllegalActionError",
    "InvalidStateError",
    "Option",
    "OptionError",
    "RecordError",
    "Rng",
    "SeatView",
    "State",
    "WrongPlayerError",
    "events_for",
]
