// The end of a game: who won, each seat's score and, when the server sends the game's
// score breakdown, why (its categories, the tie-break that decided, why the game ended).
import { h } from "./dom.js";
import { gameText, has, t } from "./i18n.js";

function fmt(value) {
  return typeof value === "number" && !Number.isInteger(value) ? String(Math.round(value * 100) / 100) : String(value);
}

// A scoring id in the reader's language: the game's own catalogue, then the client's.
function word(game, prefix, id) {
  const key = `${prefix}.${id}`;
  return gameText(game, key, has(key) ? t(key) : String(id));
}

export function resultPanel(table, breakdown, names, observation = null) {
  const result = table.result || {};
  const scores = result.scores || (observation && observation.scores) || [];
  const winners = result.winners || [];
  const winnerText = winners.length
    ? t(winners.length > 1 ? "result.winners" : "result.winner", { names: winners.map((w) => names[w]).join(", ") })
    : t("result.pending");
  const categories = breakdown ? breakdown.categories.filter((c) => c !== "total") : [];
  const head = h(
    "tr",
    {},
    h("th", { scope: "col", text: t("result.seat") }),
    categories.map((c) => h("th", { scope: "col", text: word(table.game, "score", c) })),
    h("th", { scope: "col", text: t("result.total") }),
  );
  const rows = names.map((name, seat) =>
    h(
      "tr",
      { class: winners.includes(seat) ? "winner" : null, dataset: { seat: String(seat) } },
      h("th", { scope: "row", text: name }),
      // Each figure carries its column's name: a phone shows it beside the figure (app.css).
      categories.map((c) => h("td", { text: fmt(breakdown.seats[seat][c] ?? ""), dataset: { label: word(table.game, "score", c) } })),
      h("td", { class: "total", text: fmt(breakdown ? breakdown.seats[seat].total : scores[seat] ?? ""), dataset: { label: t("result.total") } }),
    ),
  );
  return h(
    "section",
    { class: ["panel", "result"], id: "result", "aria-labelledby": "result-title" },
    h("h2", { id: "result-title", text: t("result.title") }),
    h("p", { class: "winners", text: winnerText }),
    h("table", { class: "scores" }, h("thead", {}, head), h("tbody", {}, rows)),
    breakdown && breakdown.decided_by ? h("p", { text: tieText(table.game, breakdown.decided_by) }) : null,
    breakdown && breakdown.end ? h("p", { text: t("result.end", { why: word(table.game, "end", breakdown.end) }) }) : null,
    // A seat's time ran out (clock policy "lose"): it lost, the others share the win.
    typeof result.time_out === "number" ? h("p", { class: "time-out", text: t("result.time_out", { name: names[result.time_out] }) }) : null,
  );
}

// "shared": the tie-breaks left the winners level (docs/kernel.md), not a rule that broke it.
function tieText(game, decidedBy) {
  if (decidedBy === "shared") return t("result.shared");
  return t("result.decided_by", { rule: word(game, "tiebreak", decidedBy) });
}
