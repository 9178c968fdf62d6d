"""``report.html``: one self-contained page (figures embedded, no network) for a report."""

from __future__ import annotations

import base64
import math
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from courtly.analysis.report.figures import DrawnFigure
from courtly.analysis.report.labels import StatLabels, interval_text, number
from courtly.analysis.report.tally import GroupTally, natural_order, statistic_groups
from courtly.core.i18n import current_language, text

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 52rem; margin: 2rem auto; padding: 0 1rem;
       color: #222; line-height: 1.45; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
figure { margin: 1.5rem 0; } figure img { width: 100%; height: auto; }
figcaption { font-size: 0.9rem; color: #555; }
table { border-collapse: collapse; font-size: 0.9rem; }
td, th { padding: 0.2rem 0.6rem; border-bottom: 1px solid #ddd; text-align: right; }
td:first-child, th:first-child { text-align: left; }
.statistics th[scope="rowgroup"] { padding-top: 0.8rem; }
.statistics tbody.group td:first-child { padding-left: 1.4rem; }
.summary li { margin: 0.3rem 0; }
"""


def _statistics_table(group: GroupTally, labels: StatLabels) -> str:
    """The game's numeric statistics as the figures show them: a heading per group, then its
    items in words, in natural order (B1, B2 ... B10), never ``group/item`` paths."""
    if not group.numbers:
        return ""
    bodies = []
    for name_group, names in statistic_groups(natural_order(group.numbers)).items():
        rows = []
        headed = any("/" in name for name in names)
        if headed:
            heading = escape(labels.group(name_group))
            rows.append(f'<tr><th colspan="3" scope="rowgroup">{heading}</th></tr>')
        for name in names:
            # A rate's interval is Wilson's, within 0 to 1; a mean's is unbounded from one game.
            mean, low, high = group.statistic_interval(name)
            if math.isfinite(low) and math.isfinite(high):
                span = interval_text(low, high, 3)
            else:
                span = text("report.page.unbounded")
            rows.append(
                f"<tr><td>{escape(labels.item(name))}</td><td>{number(mean, 3)}</td>"
                f"<td>{escape(span)}</td></tr>"
            )
        kind = ' class="group"' if headed else ""
        bodies.append(f"<tbody{kind}>{''.join(rows)}</tbody>")
    return (
        f"<h2>{escape(text('report.page.statistics'))}</h2>"
        '<table class="statistics">'
        f"<thead><tr><th>{escape(text('report.page.statistic'))}</th>"
        f"<th>{escape(text('report.page.mean'))}</th>"
        f"<th>{escape(text('report.page.interval'))}</th></tr></thead>{''.join(bodies)}</table>"
    )


def render_page(
    title: str,
    facts: Mapping[str, Any],
    summary: Sequence[str],
    figures: Sequence[DrawnFigure],
    overall: GroupTally,
    notes: Sequence[str] = (),
    game: str | None = None,
) -> str:
    """The HTML text. Figures are embedded as base64 SVG images, so the page stands alone
    and each figure keeps its own ids."""
    fact_rows = "".join(
        f"<tr><td>{escape(str(k))}</td><td>{escape(str(v))}</td></tr>" for k, v in facts.items()
    )
    items = "".join(f"<li>{escape(line)}</li>" for line in summary)
    blocks = []
    for figure in figures:
        data = base64.b64encode(figure.svg.encode("utf-8")).decode("ascii")
        blocks.append(
            f'<figure id="{escape(figure.name)}"><img alt="{escape(figure.caption)}" '
            f'src="data:image/svg+xml;base64,{data}"><figcaption>{escape(figure.caption)} '
            f"{escape(text('report.page.files'))} "
            f'<a href="figures/{escape(figure.name)}.svg">SVG</a>, '
            f'<a href="figures/{escape(figure.name)}.png">PNG</a>.</figcaption></figure>'
        )
    note = "".join(f"<p>{escape(line)}</p>" for line in notes)
    every = escape(text("report.page.every_game", link="\0")).replace(
        "\0", '<a href="games.csv">games.csv</a>'
    )
    return (
        f'<!DOCTYPE html>\n<html lang="{current_language()}"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>"
        f"<h1>{escape(title)}</h1>"
        f'<h2>{escape(text("report.page.summary"))}</h2><ul class="summary">{items}</ul>'
        f"<table>{fact_rows}</table>"
        f"<h2>{escape(text('report.page.figures'))}</h2>{note}{''.join(blocks)}"
        f"{_statistics_table(overall, StatLabels(game, current_language()))}"
        f"<p>{every}</p>"
        "</body></html>\n"
    )
