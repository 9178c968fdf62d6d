// A player's rating over time as an SVG line per pool (game and player count), drawn from
// the profile's history: one point after each rated game. The figure says in words what it
// shows (its label), and each point's title names its rating, for those who cannot see it.
import { s } from "./dom.js";
import { t } from "./i18n.js";

/** @typedef {{ game: string, players: number, table: string, place: number, rating: number, at: string }} RatingChange */

const WIDTH = 600;
const HEIGHT = 220;
const PAD = 36;
// Room on the right for each line's label (its pool and last rating).
const LABEL = 190;
// Told apart by their dash as well as their colour (never by colour alone).
const DASHES = ["", "6 4", "2 4", "10 4 2 4"];

/**
 * @param {RatingChange[]} history the changes, oldest first
 * @param {(game: string) => string} title a game's title
 * @returns {SVGSVGElement}
 */
export function ratingGraph(history, title) {
  /** @type {Map<string, RatingChange[]>} */
  const pools = new Map();
  for (const change of history) {
    const key = `${change.game}:${change.players}`;
    pools.set(key, [...(pools.get(key) || []), change]);
  }
  const values = history.map((c) => c.rating);
  const low = Math.min(...values, 1500) - 50;
  const high = Math.max(...values, 1500) + 50;
  const most = Math.max(...[...pools.values()].map((p) => p.length), 2);
  /** @param {number} i */
  const x = (i) => PAD + (i * (WIDTH - PAD - LABEL)) / (most - 1);
  /** @param {number} rating */
  const y = (rating) => HEIGHT - PAD - ((rating - low) * (HEIGHT - 2 * PAD)) / (high - low);
  const lines = [...pools.values()].map((changes, index) => {
    const name = t("players.pool", { game: title(changes[0].game), players: changes[0].players });
    const points = [{ rating: 1500 }, ...changes].map((c, i) => `${x(i)},${y(c.rating)}`).join(" ");
    return s(
      "g",
      { class: ["pool", `pool-${index % DASHES.length}`].join(" ") },
      s("title", { text: name }),
      s("polyline", { points, fill: "none", "stroke-width": 2, "stroke-dasharray": DASHES[index % DASHES.length] || null }),
      changes.map((c, i) =>
        s("circle", { cx: x(i + 1), cy: y(c.rating), r: 4 }, s("title", { text: t("players.point", { pool: name, rating: c.rating, n: i + 1 }) })),
      ),
      s("text", { x: x(changes.length) + 8, y: y(changes[changes.length - 1].rating) + 4, text: `${changes[changes.length - 1].rating} · ${name}` }),
    );
  });
  const graph = /** @type {SVGSVGElement} */ (
    s(
      "svg",
      { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "rating-graph", role: "img", "aria-label": t("players.graph_label", { low: Math.min(...values), high: Math.max(...values) }) },
      s("line", { x1: PAD, x2: WIDTH - LABEL, y1: y(1500), y2: y(1500), class: "baseline" }),
      s("text", { x: 2, y: y(1500) + 4, text: "1500" }),
      lines,
    )
  );
  return graph;
}
