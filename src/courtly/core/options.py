"""Game options: each game declares them; players pick values by name."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from courtly.core.errors import OptionError, Words
from courtly.core.i18n import COURTLY, Localized, localized

NO_LEGACY: Any = object()
"""``Option.legacy`` of an option that has been there since games were first saved."""


@dataclass(frozen=True)
class Option:
    """One declared option.

    ``choices`` lists the allowed values when there are few. Options with a free-form
    value (a list of card numbers, say) give ``parse`` instead: it turns the text a user
    typed into the value, raising ``ValueError`` with a readable message when it cannot.
    ``allowed`` is what error messages and ``courtly games`` show for free-form options: a
    :class:`~courtly.core.i18n.Phrase` of the game's catalogue, so it reads in the reader's
    language (plain text is shown as it is, in every language).

    ``seats`` marks a free-form option whose value names a set of seats: ``""`` (none),
    ``"all"`` or seat numbers such as ``"1,3"``. A front may then offer a box to tick per
    seat instead of a text to type (the browser's lobby does).

    ``legacy`` is for an option added after games were saved: the value that gives the rules
    as they were before it existed. A saved state or record that lacks the option reads that
    value, and a state's JSON leaves the option out while it holds that value, so positions
    and records saved before the option existed keep their fingerprints and replay. Where the
    old rules differed by another option (an edition, say), ``legacy`` is a function of the
    other options, which it reads by name.
    """

    name: str
    default: Any
    description: str
    choices: tuple[Any, ...] | None = None
    parse: Callable[[str], Any] | None = None
    allowed: Localized = ""
    legacy: Any = NO_LEGACY
    seats: bool = False

    def legacy_value(self, options: Mapping[str, Any]) -> Any:
        """The value a saved game without this option was played by (NO_LEGACY: none)."""
        return self.legacy(options) if callable(self.legacy) else self.legacy

    def allowed_text(self, lang: str | None = None) -> str:
        """What the option allows, in ``lang`` (default: the current language)."""
        if self.choices is not None:
            return ", ".join(typed(c) for c in self.choices)
        return localized(self.allowed or COURTLY.phrase("allowed.any"), lang)

    def _allowed_words(self) -> Words:
        # An error keeps the text of every language: a front shows it in its reader's.
        return Words.of(self.allowed_text)

    def coerce(self, value: Any) -> Any:
        """The option's value for ``value``: text from a command line, or a typed value."""
        if self.choices is not None:
            for choice in self.choices:
                if value == choice or (isinstance(value, str) and value == str(choice)):
                    return choice
                if isinstance(choice, bool) and isinstance(value, str):
                    if value.lower() in ("true", "yes", "on", "1") and choice is True:
                        return True
                    if value.lower() in ("false", "no", "off", "0") and choice is False:
                        return False
            raise OptionError.keyed(
                "error.option.value", name=self.name, value=value, allowed=self._allowed_words()
            )
        if self.parse is None:
            return value
        try:
            return self.parse(value) if isinstance(value, str) else self.parse(str(value))
        except ValueError as exc:
            raise OptionError.keyed(
                "error.option.parse",
                name=self.name,
                value=value,
                reason=exc,
                allowed=self._allowed_words(),
            ) from None


def typed(value: Any) -> str:
    """A value as a command line takes it (``-o battle=false``): true and false as typed,
    not Python's True and False."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def resolve_options(
    specs: Sequence[Option], given: Mapping[str, Any] | None, *, saved: bool = False
) -> dict[str, Any]:
    """Every declared option with its value: the given one (checked) or the default.

    ``saved``: ``given`` comes from a saved state or record, where a missing option with a
    ``legacy`` value was either not there yet or left out for holding that value; it reads
    the legacy value (worked out from the others), not the default."""
    by_name = {spec.name: spec for spec in specs}
    given = dict(given or {})
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(sorted(by_name)) or Words.of(COURTLY.phrase("term.none"))
        raise OptionError.keyed("error.option.unknown", names=", ".join(unknown), known=known)
    resolved = {
        spec.name: spec.coerce(given[spec.name]) if spec.name in given else spec.default
        for spec in specs
    }
    if saved:
        legacy = {
            spec.name: spec.legacy_value(resolved)
            for spec in specs
            if spec.name not in given and spec.legacy is not NO_LEGACY
        }
        resolved.update(legacy)
    return resolved


def stored_options(specs: Sequence[Option], options: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` (resolved) as a state's JSON holds them: an option at its legacy value is
    left out, so a game played by the rules from before that option has the JSON and the
    fingerprint it had then."""
    return {
        spec.name: options[spec.name]
        for spec in specs
        if spec.legacy is NO_LEGACY or options[spec.name] != spec.legacy_value(options)
    }


def parse_option_pairs(pairs: Sequence[str]) -> dict[str, str]:
    """``["k=v", ...]`` as typed on a command line, into a mapping."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError.keyed("error.option.pair", pair=pair)
        out[key.strip()] = value.strip()
    return out
