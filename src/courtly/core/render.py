"""Sentences: an event or an action put into words when it is shown, and only here.

Events and actions are a kind and data; every front (the terminal's log and choices,
``courtly replay``, the server's deliveries, the replay viewer, a log export) asks this module
for their sentences, in the reader's language and with the table's seat names (``names[i]``
is seat ``i``'s name, None or missing: "seat 3", "3번 자리"). A game's words come from its
vocabulary (``Game.event_kinds``, ``Game.action_texts``); a plug-in without one reads as its
kind and data.

Hidden information: this module sees only the event it is given, so a front passes only
what its viewer may see (``courtly.core.events.events_for`` first); an action that names a
place (a position in a row) reads as the reader's own observation shows that place, so a
card face down to that reader stays face down in its words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from courtly.core.actions import Action, ActionTexts
from courtly.core.canonical import canonical_json
from courtly.core.events import Event, EventKinds
from courtly.core.i18n import ENGLISH, naming, placeholders, seat_text
from courtly.core.pieces import parts_json, sentence

__all__ = [
    "Vocabulary",
    "action_json",
    "action_text",
    "actions_json",
    "event_fields",
    "event_json",
    "event_text",
    "listed_actions",
    "reads_views",
    "repeats",
]

# Sentences of actions kept per vocabulary (an action's words never change), up to this
# many: a table's names are part of the key, and a long-running server meets many.
_KEPT_ACTIONS = 20_000


class Vocabulary(Protocol):
    """What a game's sentences are made of (a ``courtly.core.state.Game`` is one)."""

    @property
    def event_kinds(self) -> EventKinds | None: ...

    @property
    def action_texts(self) -> ActionTexts | None: ...


def event_text(
    game: Vocabulary, event: Event, lang: str = ENGLISH, names: Sequence[str | None] = ()
) -> str:
    """``event``'s sentence in ``lang``, naming seat ``i`` as ``names[i]`` where it has one."""
    kinds = game.event_kinds
    if kinds is None:
        return _plain(event.kind, event.data)
    with naming(names):
        if kinds.domain is None:
            return kinds.templates[event.kind].format_map(
                {name: _english_word(kinds, name, value) for name, value in event.data.items()}
            )
        template = kinds.domain.text(f"event.{event.kind}", lang)
        words = {
            name: _word(kinds.formatters, name, event.data[name], lang)
            for name in placeholders(template)
        }
        return sentence(template, words)


def action_text(
    game: Vocabulary,
    action: Action,
    lang: str = ENGLISH,
    names: Sequence[str | None] = (),
    view: Mapping[str, Any] | None = None,
) -> str:
    """``action``'s sentence in ``lang``, naming seat ``i`` as ``names[i]`` where it has one.
    ``view`` is the reader's observation: an action naming a place reads as what that reader
    sees there (``ActionTexts.seen``), and nothing the observation hides can be named."""
    texts = game.action_texts
    if texts is None:
        return _plain(action.kind, dict(action.args))
    seen = texts.seen.get(action.kind)
    added = {} if seen is None or view is None else seen(dict(action.args), view)
    data = action.args if not added else (*action.args, *added.items())
    kept = texts.sentences
    found_key = (lang, tuple(names), action.kind, data)
    found = kept.get(found_key)
    if found is None:
        args = dict(data)
        key = texts.key(action.kind, args) + (".seen" if added else "")
        template = texts.domain.text(key, lang)
        with naming(names):
            words = {
                name: _word(texts.formatters, name, args[name], lang)
                for name in placeholders(template)
            }
            found = sentence(template, words)
        if len(kept) >= _KEPT_ACTIONS:
            kept.clear()
        kept[found_key] = found
    return found


def repeats(texts: Sequence[str]) -> dict[int, int]:
    """Which of one reader's choices say nothing new: the index of each sentence equal byte
    for byte to an earlier one, mapped to that first one's index. Two identical cards in a
    hand (Courtisans' two Stag nobles) are two legal actions with one sentence; a list of
    choices shows the first only, as a person reading two identical lines cannot tell them
    apart. Each stays legal (a board's click on the second card plays its own action), and
    sentences that differ in anything at all are all listed."""
    first: dict[str, int] = {}
    same: dict[int, int] = {}
    for index, words in enumerate(texts):
        earlier = first.setdefault(str(words), index)
        if earlier != index:
            same[index] = earlier
    return same


def listed_actions(
    game: Vocabulary,
    actions: Sequence[Action],
    lang: str = ENGLISH,
    names: Sequence[str | None] = (),
    view: Mapping[str, Any] | None = None,
) -> list[Action]:
    """``actions`` as a list of choices shows them to one reader: in order, the first of each
    group whose sentences are identical (``repeats``)."""
    same = repeats([action_text(game, a, lang, names, view) for a in actions])
    return [action for index, action in enumerate(actions) if index not in same]


def reads_views(game: Vocabulary) -> bool:
    """Whether some of ``game``'s action sentences are made from the reader's observation
    (``ActionTexts.seen``): a front that shows past moves (a review) needs the views then."""
    texts = game.action_texts
    return texts is not None and bool(texts.seen)


def event_fields(kinds: EventKinds, kind: str) -> frozenset[str]:
    """The data fields the English sentence of an event of ``kind`` names."""
    if kinds.domain is None:
        return placeholders(kinds.templates[kind])
    return placeholders(kinds.domain.text(f"event.{kind}", ENGLISH))


def event_json(
    game: Vocabulary, event: Event, lang: str = ENGLISH, names: Sequence[str | None] = ()
) -> dict[str, Any]:
    """An event as a message carries it to one reader: its JSON form and its ``text``, and
    the text's ``parts`` when it names cards (``courtly.core.pieces``: a front draws them
    from these, never by reading the words)."""
    text = event_text(game, event, lang, names)
    parts = parts_json(text)
    words = {**event.to_json(), "text": str(text)}
    if parts is not None:
        words["parts"] = parts
    return words


def action_json(
    game: Vocabulary,
    action: Action,
    lang: str = ENGLISH,
    names: Sequence[str | None] = (),
    view: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """A legal action as a message offers it to one reader (whose observation is ``view``):
    id, JSON form and ``text`` (and ``parts`` when it names cards, as ``event_json``)."""
    text = action_text(game, action, lang, names, view)
    parts = parts_json(text)
    if parts is None:
        return {"id": action.id, "action": action.to_json(), "text": text}
    return {"id": action.id, "action": action.to_json(), "text": str(text), "parts": parts}


def actions_json(
    game: Vocabulary,
    actions: Sequence[Action],
    lang: str = ENGLISH,
    names: Sequence[str | None] = (),
    view: Mapping[str, Any] | None = None,
) -> list[dict[str, Any]]:
    """The legal actions as a message offers them to one reader (``action_json`` each); one
    whose sentence repeats an earlier one's (``repeats``) also carries ``same``, that earlier
    action's id: a client lists it only where the first is not on offer."""
    words = [action_json(game, a, lang, names, view) for a in actions]
    for index, first in repeats([w["text"] for w in words]).items():
        words[index]["same"] = actions[first].id
    return words


def _word(formatters: Mapping[str, Any], name: str, value: Any, lang: str) -> str:
    formatter = formatters.get(name)
    if formatter is not None:
        word = formatter(value, lang)
        return word if isinstance(word, str) else str(word)  # Pieces stay pieces
    if name == "seat" or name.endswith("_seat"):
        return seat_text(value, lang)
    return str(value)


def _english_word(kinds: EventKinds, name: str, value: Any) -> str:
    formatter = kinds.formatters.get(name)
    if formatter is not None:
        return str(formatter(value))
    if name == "seat" or name.endswith("_seat"):
        return seat_text(value, ENGLISH)
    return str(value)


def _plain(kind: str, data: Mapping[str, Any]) -> str:
    """A plug-in without words of its own: its kind and data, as they are."""
    return kind if not data else f"{kind} {canonical_json(dict(data))}"
