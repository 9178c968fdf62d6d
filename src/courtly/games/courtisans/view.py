"""The terminal view of a Courtisans observation (a seat's or a spectator's), and its help, in
the viewer's language (texts: the game's catalogue, locales/).

One table holds the Queen's table and the domains, a row per family, so that it fits 80
columns with every name and card whole at 2 to 5 players and leaves room for the choices on
24 lines (rows with nothing in them are left out, and the legend of the role marks is in the
``?`` help). Where the table is tight, the Queen's column is a line under it; where it is too
narrow even so (5 players late in the game on 60 columns), the court is one block per family.
A card's label (``b3:?spy/4``) is never broken, not even after its colon.
Every card in play carries its public handle (row letter + position, the numbers the
"eliminate" actions use): ``a3`` is the 3rd card above the Queen's table, ``b1`` the 1st below,
``d2`` the 2nd card of a domain. Seats are shown numbered from 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from courtly.core.actions import Action, ChoiceGrid
from courtly.core.i18n import current_language, seat_text, using
from courtly.core.screen import FittedView
from courtly.games.courtisans.data import FAMILIES, QUEEN_COLUMN_AFTER
from courtly.games.courtisans.words import TEXTS, card_words

STATUS_STYLE = {"esteemed": "green", "neutral": "white", "fallen from grace": "red"}
# The observation's status words, as catalogue ids.
STATUS_ID = {"esteemed": "esteemed", "neutral": "neutral", "fallen from grace": "fallen"}
# A family's status as one mark on a short screen (the legend in the compact view says so).
STATUS_MARK = {"esteemed": "+", "neutral": "=", "fallen from grace": "\u2212"}
QUEEN = "queen"  # the Queen's column among the family rows
FACE_DOWN = "face_down"  # the face-down row of a domain


def _t(key: str, **fields: object) -> str:
    """A text of the view in the reader's language."""
    return TEXTS.text(key, None, **fields)


def _seat(seat: int) -> str:
    return seat_text(seat, current_language())


def _token(
    card: Mapping[str, Any], handle: str, with_family: bool = False, compact: bool = False
) -> str:
    """``a3:Nob``; a face-down spy is ``a3:?spy/N`` unless the viewer knows it (``Spy*``).
    Compact (a short screen): the role's initial, ``N``, a face-down spy ``?N`` (played by seat
    N), one the viewer knows ``S*``; where the assassin's kill is being decided the position
    comes first, ``3N`` (the column says above, below or whose domain)."""
    if compact:
        number = handle if handle.isdigit() else ""
        if "family" not in card:
            return f"{number}?{card['played_by'] + 1}"
        star = "*" if card.get("face_down") else ""
        initial = _t(f"view.initial.{card['role']}")
        return f"{number}{initial}{star}"
    if "family" not in card:
        return f"{handle}:" + _t("view.hidden_spy", number=card["played_by"] + 1)
    mark = _t(f"view.mark.{card['role']}") + ("*" if card.get("face_down") else "")
    if with_family:
        return f"{handle}:{mark}({_t('term.family.' + str(card['family']))})"
    return f"{handle}:{mark}"


def _cell(tokens: list[str]) -> Text:
    # Text, not a markup string: card labels must never be read as rich markup.
    return Text(" ".join(tokens) or "-")


def _rows() -> list[str]:
    names = list(FAMILIES)
    names.insert(QUEEN_COLUMN_AFTER + 1, QUEEN)
    return names


def _row_name(row: str) -> str:
    return _t("view.queen_column") if row == QUEEN else _t(f"term.family.{row}")


def _handle(letter: str, position: int, compact: bool, numbered: bool) -> str:
    """A card's handle; compact, its position only where a kill is decided, else nothing."""
    if not compact:
        return f"{letter}{position}"
    return f"{letter}{position}"[1:] if numbered else letter


def _joined(cells: dict[str, list[str]], compact: bool, numbered: bool) -> dict[str, list[str]]:
    """Compact cells without positions are one word of initials (``GCN``): one line each."""
    if not compact or numbered:
        return cells
    return {name: ["".join(tokens)] if tokens else [] for name, tokens in cells.items()}


def _numbered(obs: Mapping[str, Any]) -> set[str]:
    """The columns whose cards the assassin's kill being decided may take: ``a`` and ``b`` (the
    Queen's table) or ``d<seat>``."""
    zone = (obs.get("turn") or {}).get("pending_kill") if obs.get("phase") == "eliminate" else None
    if not zone:
        return set()
    return {f"d{zone.get('seat')}"} if zone.get("place") == "domain" else {"a", "b"}


def _table_row(
    cards: Sequence[Mapping[str, Any]], letter: str, compact: bool = False, numbered: bool = True
) -> dict[str, list[str]]:
    """One row of the Queen's table by family; face-down spies lie in the Queen's column."""
    cells: dict[str, list[str]] = {name: [] for name in _rows()}
    for position, card in enumerate(cards, start=1):
        handle = _handle(letter, position, compact, numbered)
        if card.get("face_down"):
            cells[QUEEN].append(_token(card, handle, with_family=True, compact=compact))
        else:
            cells[str(card["family"])].append(_token(card, handle, compact=compact))
    return _joined(cells, compact, numbered)


def _domain_columns(obs: Mapping[str, Any], compact: bool = False) -> list[dict[str, list[str]]]:
    """Each seat's domain by family (and its face-down cards)."""
    columns: list[dict[str, list[str]]] = []
    numbered = _numbered(obs)
    for seat, domain in enumerate(obs["domains"]):
        cells: dict[str, list[str]] = {name: [] for name in (*FAMILIES, FACE_DOWN)}
        here = f"d{seat}" in numbered
        for position, card in enumerate(domain, start=1):
            known = "family" in card
            token = _token(card, _handle("d", position, compact, here), compact=compact)
            cells[str(card["family"]) if known else FACE_DOWN].append(token)
        columns.append(_joined(cells, compact, here))
    return columns


def _drawn(obs: Mapping[str, Any], width: int, compact: bool) -> Group:
    """The view drawn to the width it is given; compact on a screen short of lines: short
    handles, each family's status as a mark, the missions by code (``?`` says what the marks
    and codes mean)."""
    return Group(_header(obs), *_fitted(obs, width, compact), *_private(obs, compact))


def _fitted(obs: Mapping[str, Any], width: int, compact: bool) -> list[RenderableType]:
    """The court table at the first of these that fits ``width`` with every card's label
    whole on one line: as it is; the Queen's column as a line under the table (its known
    spies' family names are the widest words). Where neither fits (5 players on 60 columns),
    the court is one block per family, each place beside its cards, so that no card's label
    and no column heading is ever broken inside a word (``b3:`` above ``?spy/4`` read as two
    cards; "be" above "lo" above "w")."""
    insides = [True] if compact else [True, False]
    for inside in insides:
        drawn = _court(obs, width, compact, inside=inside)
        if drawn is not None:
            return drawn
    return _court_blocks(obs, compact)


def _hidden(obs: Mapping[str, Any]) -> int:
    """How many face-down spies lie in the Queen's column (above and below)."""
    rows = obs["queen_table"]
    return sum(1 for card in (*rows["above"], *rows["below"]) if card.get("face_down"))


def _words_width(text: str) -> int:
    return max((cell_len(word) for word in text.split()), default=1)


def _allot(least: Sequence[int], most: Sequence[int], room: int) -> list[int] | None:
    """Column widths that sum to at most ``room``: each as wide as its content on one line
    where they all fit, else the widest narrowed first, none below its longest word (None
    when even that is too wide)."""
    if sum(least) > room:
        return None
    widths = list(most)
    while sum(widths) > room:
        top = max(w for w, low in zip(widths, least, strict=True) if w > low)
        for i, (w, low) in enumerate(zip(widths, least, strict=True)):
            if w == top and w > low and sum(widths) > room:
                widths[i] -= 1
    return widths


@dataclass(frozen=True)
class _Court:
    """What the court shows, before it is laid out: a heading per place (above, below, each
    seat's domain) and, per row (a family, the Queen's column, the face-down cards, the
    score), its name, its status and a cell per place; ``queen`` the Queen's column's cards
    when they are not a row of it."""

    headers: list[str]
    rows: list[tuple[Text, Text, list[Text]]]
    queen: list[str]


def _court_parts(obs: Mapping[str, Any], compact: bool, *, inside: bool = True) -> _Court:
    """The court's places and rows, with the Queen's column as a row (``inside``) or apart."""
    status: Mapping[str, str] = obs["family_status"]
    numbered = _numbered(obs)
    above = _table_row(obs["queen_table"]["above"], "a", compact, "a" in numbered)
    below = _table_row(obs["queen_table"]["below"], "b", compact, "b" in numbered)
    domains = _domain_columns(obs, compact)
    cards = [above, below, *domains]
    headers = [_t("view.above"), _t("view.below")]
    headers += [
        _t("view.you_column") if seat == obs["viewer"] else _seat(seat)
        for seat in range(len(domains))
    ]
    hidden = _hidden(obs)
    none = Text("")
    rows: list[tuple[Text, Text, list[Text]]] = []
    for name in _rows():
        label = _row_name(name)
        if name == QUEEN:
            if not hidden or not inside:
                continue  # an empty Queen's column takes no line
            count = str(hidden) if compact else _t("view.hidden", count=hidden)
            queen = [_cell(cards[0][QUEEN]), _cell(cards[1][QUEEN])]
            rows.append(
                (
                    Text(label, style="magenta"),
                    Text(count, style="magenta"),
                    queen + [none] * len(domains),
                )
            )
            continue
        word = status[name]
        said = STATUS_MARK[word] if compact else _t(f"view.status.{STATUS_ID[word]}")
        rows.append(
            (Text(label), Text(said, style=STATUS_STYLE[word]), [_cell(c[name]) for c in cards])
        )
    if any(cells[FACE_DOWN] for cells in domains):
        down = [_cell(cells[FACE_DOWN]) for cells in cards[2:]]
        rows.append((Text(_t("view.face_down")), none, [none, none, *down]))
    scores = [Text(f"{s:g}", style="bold") for s in obs["scores"]]
    rows.append((Text(_t("view.score"), style="bold"), none, [none, none, *scores]))
    queen_tokens = [] if inside or not hidden else [*above[QUEEN], *below[QUEEN]]
    return _Court(headers, rows, queen_tokens)


def _court(
    obs: Mapping[str, Any],
    width: int,
    compact: bool = False,
    *,
    inside: bool = True,
) -> list[RenderableType] | None:
    """The Queen's table and every domain in one table, a row per family (at 5 players it
    leaves room on an 80 x 24 screen for the choices below it), with the Queen's column as a
    row of it (``inside``) or as a line under it; each column given a width that keeps its
    words whole within ``width`` (their headings' words too), None if that cannot be."""
    court = _court_parts(obs, compact, inside=inside)
    headers, rows = court.headers, court.rows
    hidden = _hidden(obs)

    # The row names stay whole (rich would cut "Nightingale" short to make room), and the
    # first two columns keep their width from turn to turn.
    names = [name for name in _rows() if inside or name != QUEEN]
    labels = [_row_name(name) for name in names] + [_t("view.face_down"), _t("view.score")]
    statuses = [_t(f"view.status.{i}") for i in STATUS_ID.values()]
    if compact:
        statuses = [str(9), *(STATUS_MARK.values())]
    elif inside:
        statuses.append(_t("view.hidden", count=9))
    status_header = "" if compact else _t("view.status")
    label_width = max(map(cell_len, labels))
    status_width = max(map(cell_len, [status_header, *statuses]))
    table = Table(box=None, padding=(0, 1), collapse_padding=True, header_style="bold")
    least, most = [], []
    for index, header in enumerate(headers):
        texts = [row[2][index].plain for row in rows]
        least.append(max(map(_words_width, [*texts, header])))
        most.append(max(map(cell_len, [*texts, header])))
    # Each column: its width and one space before it, one more at the end.
    room = width - len(headers) - 3 - label_width - status_width
    widths = _allot(least, most, room)
    if widths is None:
        return None
    # rich counts one space of padding per column, yet draws the first with a space on
    # either side: its width holds one more.
    table.add_column("", no_wrap=True, width=label_width + 1)
    table.add_column(status_header, no_wrap=True, width=status_width)
    for header, column_width in zip(headers, widths, strict=True):
        table.add_column(header, overflow="fold", width=column_width)
    for row_label, row_mark, row_cells in rows:
        table.add_row(row_label, row_mark, *row_cells)
    if not court.queen:
        return [table]
    line = _t(
        "view.queen_line",
        column=_t("view.queen_column"),
        hidden=_t("view.hidden", count=hidden),
        cards=" ".join(court.queen),
    )
    return [table, Text(line, style="magenta")]


# How far a block's places stand in under its row's name.
_BLOCK_INDENT = 2


def _court_blocks(obs: Mapping[str, Any], compact: bool) -> list[RenderableType]:
    """The court as one block per row of its table, for a screen too narrow for the table
    with every card whole: the row's name and status, then under it each place that holds
    something, its heading beside its cards (they wrap between cards, never inside one)."""
    court = _court_parts(obs, compact)
    blocks: list[RenderableType] = []
    for label, mark, cells in court.rows:
        head = Text.assemble(label, " ", mark) if mark.plain else label
        head.stylize("bold", 0, len(label.plain))
        blocks.append(head)
        places = Table.grid(padding=(0, 1, 0, 0))
        places.add_column(no_wrap=True, style="bold")
        places.add_column()
        for header, cell in zip(court.headers, cells, strict=True):
            if cell.plain not in ("", "-"):
                places.add_row(header, cell)
        if places.row_count:
            blocks.append(Padding(places, (0, 0, 0, _BLOCK_INDENT), expand=False))
    return blocks


def _areas(areas: Sequence[str]) -> str:
    return ", ".join(_t(f"term.area.{a}") for a in areas)


def _header(obs: Mapping[str, Any]) -> Text:
    if obs["phase"] == "over":
        winners = _t("view.and").join(_seat(w) for w in obs["winners"])
        key = "view.over_one" if len(obs["winners"]) == 1 else "view.over_many"
        state = _t(key, winners=winners)
    elif obs["phase"] == "eliminate":
        state = _t("view.decides_kill", seat=_seat(obs["to_act"]))
    else:
        state = _t("view.to_play", seat=_seat(obs["to_act"]))
        done = obs["turn"]["areas_used"]
        if done:
            state += _t("view.played_to", areas=_areas(done))
    hands = "/".join(str(h) for h in obs["hand_sizes"])
    # Cards are set aside only below 5 players: at 5 the line says nothing of them, and fits.
    removed = obs["removed_count"]
    aside = _t("view.set_aside", removed=removed) if removed else ""
    return Text(
        _t(
            "view.header",
            players=obs["num_players"],
            state=state,
            deck=obs["deck_size"],
            aside=aside,
            hands=hands,
        ),
        style="bold",
    )


def _family_role(card: Mapping[str, Any]) -> str:
    return _t(
        "view.card_family_role",
        family=_t(f"term.family.{card['family']}"),
        role=_t(f"term.role.{card['role']}"),
    )


def _private(obs: Mapping[str, Any], compact: bool = False) -> list[Text]:
    lines: list[Text] = []
    if obs.get("hand") is not None:
        hand = ", ".join(card_words(c["card"]) for c in obs["hand"]) or _t("view.empty")
        lines.append(Text(_t("view.your_hand", hand=hand)))
        missions = "; ".join(
            m["code"]
            if compact
            else _t("view.mission", code=m["code"], text=_t(f"term.mission.{m['code']}"))
            for m in obs["missions"]
        )
        lines.append(Text(_t("view.your_missions", missions=missions)))
    for seat, pair in enumerate(obs.get("revealed_missions") or []):
        shown = ", ".join(
            f"{m['code']} {_t('view.met') if m['met'] else _t('view.not_met')}" for m in pair
        )
        line = _t("view.seat_missions", seat=_seat(seat), missions=shown)
        lines.append(Text(line[:1].upper() + line[1:]))
    gone = obs["eliminated"]
    if gone and compact:
        lines.append(
            Text(_t("view.eliminated", cards=_t("view.count", count=len(gone))), style="dim")
        )
    elif gone:
        lines.append(Text(_t("view.eliminated", cards=_eliminated(gone)), style="dim"))
    return lines


def _eliminated(gone: Sequence[Mapping[str, Any]]) -> str:
    return ", ".join(
        (_family_role(c) + (_t("view.face_down_suffix") if c.get("face_down") else ""))
        if "family" in c
        else _t("view.face_down_spy", seat=_seat(c["played_by"]))
        for c in gone
    )


def render(observation: Mapping[str, Any]) -> FittedView:
    """The Queen's table, the domains, and what this seat privately knows, fitted to the
    screen (``courtly.core.screen``)."""
    return FittedView(lambda width, compact: _drawn(observation, width, compact))


def explain(observation: Mapping[str, Any]) -> str:
    """The rules of the current decision and what each listed action does (the ``?`` help),
    then the legend of the terminal's abbreviations, the seat's missions by code and the
    cards eliminated."""
    text = rules(observation)
    legend = _t("view.legend") + " " + _t("view.legend_compact")
    mine = observation.get("missions") or []
    missions = [
        _t("view.mission", code=m["code"], text=_t(f"term.mission.{m['code']}")) for m in mine
    ]
    if missions:
        legend += "\n" + _t("view.your_missions", missions="; ".join(missions))
    if observation.get("eliminated"):
        legend += "\n" + _t("view.eliminated", cards=_eliminated(observation["eliminated"]))
    return f"{text}\n" + _t("explain.legend", legend=legend)


def rules(observation: Mapping[str, Any]) -> str:
    """The rules of the current decision alone: a board in the browser shows the missions and
    the cards eliminated itself, and has none of the terminal's abbreviations."""
    phase = observation["phase"]
    if phase == "over":
        text = _t("explain.over")
    elif phase == "eliminate":
        zone = observation["turn"]["pending_kill"]
        where = (
            _t("explain.at_queen_table")
            if zone["place"] != "domain"
            else _t("explain.in_domain", seat=_seat(zone["seat"]))
        )
        text = _t("explain.placed", where=where, help=_t("explain.kill"))
    else:
        text = _t("explain.play")
        done = observation["turn"]["areas_used"]
        if done:
            text += "\n" + _t("explain.already_played", areas=_areas(done))
    return text


def _place(action: Action, viewer: int | None) -> tuple[str, str]:
    """Where a ``play`` action puts its card: a key to group by and its column's label."""
    place = str(action.arg("place"))
    if place != "domain":
        return place, _t(f"view.{place}")
    seat = int(action.arg("seat") or 0)
    name = _seat(seat)
    return f"domain{seat}", _t("view.you_column") if seat == viewer else name


def choice_grid(
    observation: Mapping[str, Any], legal: Sequence[Action], lang: str
) -> ChoiceGrid | None:
    """The cards of the hand by where they may go (a row per card, a column per place): three
    lines instead of up to 21 at 5 players, so the terminal shows them with the table."""
    kills = [a for a in legal if a.kind == "eliminate"]
    if len(kills) >= 2:
        return _kill_grid(observation, kills, lang)
    plays = [a for a in legal if a.kind == "play"]
    if len(plays) < 2:
        return None
    with using(lang):
        columns: dict[str, str] = {}
        cells: dict[tuple[int, str], int] = {}
        cards: dict[int, str] = {}
        for action in plays:
            key, label = _place(action, observation.get("viewer"))
            columns.setdefault(key, label)
            card = int(action.arg("card") or 0)
            cards.setdefault(card, card_words(card))
            cells[card, key] = action.id
        rows = tuple(
            (name, tuple(cells.get((card, key)) for key in columns)) for card, name in cards.items()
        )
        return ChoiceGrid(_t("view.grid.corner"), tuple(columns.values()), rows)


def _kill_grid(observation: Mapping[str, Any], kills: Sequence[Action], lang: str) -> ChoiceGrid:
    """The assassin's targets by row and position (a row per place, a column per card
    number, as the table's handles a3, b1, d2 number them): a few lines instead of up to 25.

    Identical cards of one place are one choice (the kernel numbers a sentence once, and
    ``kills`` holds the first of them), yet each keeps the number the table gives it: its
    cell holds that one choice, and columns whose cells are all alike are one column headed
    by their numbers (``2/4``)."""
    with using(lang):
        zone = (observation.get("turn") or {}).get("pending_kill") or {}
        cells: dict[str, dict[int, int]] = {}
        for action in kills:
            cells.setdefault(str(action.arg("row")), {})[int(action.arg("position") or 0)] = (
                action.id
            )
        for row, by_position in cells.items():
            cards = _row_cards(observation, zone, row)
            _add_identical(cards, by_position, killer_here=zone.get("place") == row)
        columns: list[list[int]] = []
        for position in sorted({p for by_position in cells.values() for p in by_position}):
            column = [by_position.get(position) for by_position in cells.values()]
            alike = (c for c in columns if [b.get(c[0]) for b in cells.values()] == column)
            merged = next(alike, None)
            if merged is None:
                columns.append([position])
            else:
                merged.append(position)

        def label(row: str) -> str:
            if row != "domain":
                return _t(f"view.{row}")
            seat = zone.get("seat")
            if seat is None:
                return _t("term.row.domain")
            return _t("view.you_column") if seat == observation.get("viewer") else _seat(seat)

        rows = tuple(
            (label(row), tuple(by_position.get(c[0]) for c in columns))
            for row, by_position in cells.items()
        )
        headings = tuple("/".join(map(str, c)) for c in columns)
        return ChoiceGrid(_t("view.grid.kill_corner"), headings, rows)


def _row_cards(
    observation: Mapping[str, Any], zone: Mapping[str, Any], row: str
) -> Sequence[Mapping[str, Any]]:
    """The cards of a kill's ``row`` as the observation shows them (none if it does not)."""
    if row != "domain":
        return list((observation.get("queen_table") or {}).get(row) or [])
    seat = zone.get("seat")
    domains = observation.get("domains") or []
    return list(domains[seat]) if isinstance(seat, int) and 0 <= seat < len(domains) else []


def _add_identical(
    cards: Sequence[Mapping[str, Any]], by_position: dict[int, int], killer_here: bool
) -> None:
    """Give each card of ``cards`` that reads as one of the targets in ``by_position`` (a
    position and its action) that target's action: a kill of either is the same sentence.
    Never the Assassin deciding (``killer_here``: the last card of its row, C5.3), and
    never a card face down to the reader (each reads as which spy it is)."""
    last = len(cards) if killer_here else None
    seen: dict[str, int] = {}
    for position, action_id in sorted(by_position.items()):
        if 1 <= position <= len(cards) and cards[position - 1].get("card") is not None:
            seen.setdefault(card_words(int(cards[position - 1]["card"])), action_id)
    for position, card in enumerate(cards, start=1):
        if position in by_position or position == last or card.get("card") is None:
            continue
        target = seen.get(card_words(int(card["card"])))
        if target is not None:
            by_position[position] = target
