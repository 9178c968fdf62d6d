// A player's rating over time as an SVG line per pool (game and player count), drawn from
// the profile's history: one point after each rated game. The figure says in words what it
// shows (its label), and each point's title names its rating, for those who cannot see it.
// No word is drawn inside it: the drawing is scaled to the screen's width, and its words with
// it (a label of 12 units read 7 pixels on a phone, 20 units 10 on a narrow one). Each line's
// name and last rating are a legend in the page's own text under the drawing, and the 1500
// baseline's figure is page text laid over the drawing's left margin, at the baseline's height
// (a share of the drawing's, which keeps its proportions): they read at the page's sizes.
import { h, s } from "./dom.js";
import { t } from "./i18n.js";

/** @typedef {{ game: string, players: number, table: string, place: number, rating: number, at: string }} RatingChange */

const WIDTH = 600;
const HEIGHT = 220;
const PAD = 36;
// Room on the left for the baseline's "1500" (page text over the drawing: at least 36 pixels
// wide on a 360-pixel phone, where the drawing is about 0.55 of its size).
const LEFT = 66;
// Told apart by their dash as well as their colour (never by colour alone).
const DASHES = ["", "6 4", "2 4", "10 4 2 4"];

/**
 * @param {RatingChange[]} history the changes, oldest first
 * @param {(game: string) => string} title a game's title
 * @returns {HTMLElement} the drawing and its legend
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
  const x = (i) => LEFT + (i * (WIDTH - LEFT - PAD)) / (most - 1);
  /** @param {number} rating */
  const y = (rating) => HEIGHT - PAD - ((rating - low) * (HEIGHT - 2 * PAD)) / (high - low);
  const pooled = [...pools.values()].map((changes, index) => ({
    changes,
    name: t("players.pool", { game: title(changes[0].game), players: changes[0].players }),
    look: { class: ["pool", `pool-${index % DASHES.length}`].join(" "), dash: DASHES[index % DASHES.length] || null },
  }));
  const lines = pooled.map(({ changes, name, look }) => {
    const points = [{ rating: 1500 }, ...changes].map((c, i) => `${x(i)},${y(c.rating)}`).join(" ");
    return s(
      "g",
      { class: look.class },
      s("title", { text: name }),
      s("polyline", { points, fill: "none", "stroke-width": 2, "stroke-dasharray": look.dash }),
      changes.map((c, i) =>
        s("circle", { cx: x(i + 1), cy: y(c.rating), r: 4 }, s("title", { text: t("players.point", { pool: name, rating: c.rating, n: i + 1 }) })),
      ),
    );
  });
  const graph = s(
    "svg",
    { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "rating-graph", role: "img", "aria-label": t("players.graph_label", { low: Math.min(...values), high: Math.max(...values) }) },
    s("line", { x1: LEFT, x2: WIDTH - PAD, y1: y(1500), y2: y(1500), class: "baseline" }),
    lines,
  );
  // The baseline's figure, in the left margin at the baseline's height (the graph's label says
  // the range in words: this is for the eye alone).
  const place = `top: ${((100 * y(1500)) / HEIGHT).toFixed(2)}%; width: ${((100 * LEFT) / WIDTH).toFixed(2)}%`;
  const tick = h("span", { class: "rating-tick", "aria-hidden": "true", style: place, text: "1500" });
  const plot = h("div", { class: "rating-plot" }, graph, tick);
  // The legend: each line drawn short, as in the graph, beside its pool and last rating.
  const legend = h(
    "ul",
    { class: "rating-legend" },
    pooled.map(({ changes, name, look }) =>
      h(
        "li",
        {},
        s("svg", { viewBox: "0 0 32 8", class: ["swatch", look.class].join(" "), "aria-hidden": "true" }, s("line", { x1: 0, x2: 32, y1: 4, y2: 4, "stroke-width": 2, "stroke-dasharray": look.dash })),
        h("span", { text: `${changes[changes.length - 1].rating} · ${name}` }),
      ),
    ),
  );
  return h("figure", { class: "rating-figure" }, plot, legend);
}
