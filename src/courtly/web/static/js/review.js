// The post-game review in the replay viewer: ask the server to review a seat (it runs in the
// background, one turn at a time, and is stored with the table), show its progress, then the
// summary, a win-chance graph (inline SVG) and each judged move with its mark. Every move links
// to its position in the replay. The client computes nothing: the server judged each move
// from what that seat knew then. The public view (the first choice, as in the replay's "Seen
// by") asks for the spectator's series instead: every seat's win chance at each judged turn,
// estimated from what a spectator saw, drawn as one line per seat.
import { api } from "./api.js";
import { h, s } from "./dom.js";
import { language, t } from "./i18n.js";
import { showError } from "./notice.js";

const POLL_MS = 1000;
const WIDTH = 320;
const HEIGHT = 130;
const LEFT = 36; // the chances' scale
const BOTTOM = 16; // the moves' scale
const PUBLIC = "spectator";

/**
 * The review panel, and `follow`, which the replay's "Seen by" calls: the review shown is the
 * one of the viewer chosen there (the public view: the spectator's series).
 * @param {string} tableId
 * @param {string[]} names
 * @param {(step: number) => void} goTo
 * @returns {{ panel: HTMLElement, follow: (viewer: string) => void }}
 */
export function reviewPanel(tableId, names, goTo) {
  const body = h("div", { id: "review-body" });
  const seatSelect = h(
    "select",
    { id: "review-seat" },
    h("option", { value: PUBLIC, text: t("replay.public") }),
    names.map((name, seat) => h("option", { value: String(seat), text: name })),
  );
  let timer = 0;
  const path = () => `/api/tables/${tableId}/reviews/${seatSelect.value}?lang=${language()}`;
  const start = h("button", { type: "button", id: "review-start", onclick: () => load("POST") });
  const explain = h("p", { class: "hint" });
  const words = () => {
    const open = seatSelect.value === PUBLIC;
    start.textContent = t(open ? "review.start_public" : "review.start");
    explain.textContent = t(open ? "review.explain_public" : "review.explain");
  };
  const show = (review) => {
    window.clearTimeout(timer);
    body.replaceChildren(...(review.seat === PUBLIC ? drawPublic(review, names, goTo) : drawReview(review, goTo)));
    if (review.status === "running") timer = window.setTimeout(() => load("GET"), POLL_MS);
  };
  const load = async (method) => {
    try {
      show(await api(path(), { method }));
    } catch (err) {
      showError(err);
    }
  };
  seatSelect.onchange = () => {
    words();
    load("GET");
  };
  words();
  const panel = h(
    "section",
    { class: ["panel", "review-panel"], "aria-labelledby": "review-title" },
    h("h2", { id: "review-title", text: t("review.title") }),
    h(
      "div",
      { class: "review-ask" },
      h("label", { for: "review-seat", text: t("review.seat") }),
      seatSelect,
      start,
    ),
    explain,
    body,
  );
  load("GET");
  const follow = (viewer) => {
    const chosen = viewer === "" ? PUBLIC : viewer;
    if (seatSelect.value === chosen) return;
    seatSelect.value = chosen;
    words();
    load("GET");
  };
  return { panel, follow };
}

function percent(chance) {
  return `${Math.round(chance * 100)}%`;
}

function drawReview(review, goTo) {
  if (review.status === "none") return [];
  const out = [];
  if (review.status === "running") {
    out.push(
      h("p", { id: "review-progress", text: t("review.progress", { done: review.done, total: review.total }) }),
      h("progress", { max: review.total || 1, value: review.done, "aria-labelledby": "review-progress" }),
    );
  } else if (review.status === "failed") {
    out.push(h("p", { text: t("review.failed") }));
  }
  if (!review.decisions || !review.decisions.length) return out;
  const link = (step, text) => h("a", { href: "#", class: "review-link", onclick: (e) => { e.preventDefault(); goTo(step); }, text });
  if (review.status === "done") {
    const marks = review.marks;
    out.push(
      h(
        "p",
        { id: "review-summary" },
        t("review.accuracy", { accuracy: Math.round(review.accuracy) }),
        " ",
        t("review.marks", { blunders: marks.blunder, mistakes: marks.mistake, inaccuracies: marks.inaccuracy }),
      ),
    );
    if (review.costliest.length) {
      const byStep = new Map(review.decisions.map((d) => [d.step, d]));
      out.push(
        h(
          "p",
          {},
          t("review.costliest"),
          " ",
          review.costliest.map((step, i) => [i ? ", " : "", link(step, t("review.move_lost", { move: step + 1, loss: Math.round(byStep.get(step).loss * 100) }))]),
        ),
      );
    }
  }
  out.push(graph(review.series, goTo));
  out.push(
    h(
      "ol",
      { class: "review-moves" },
      review.decisions.map((d) =>
        h(
          "li",
          { class: d.mark ? ["review-move", `mark-${d.mark}`] : "review-move", dataset: { step: String(d.step) } },
          link(d.step, t("review.move", { move: d.step + 1 })),
          " ",
          d.played_text.join(" · "),
          d.mark ? h("span", { class: "review-mark", text: t(`review.mark.${d.mark}`) }) : null,
          h(
            "div",
            { class: "review-detail" },
            d.played.join() === d.preferred.join()
              ? t("review.same", { chance: percent(d.before) })
              : t("review.better", { bot: d.preferred_text.join(" · "), before: percent(d.before), after: percent(d.after) }),
            d.parts > 1 ? ` ${t("review.parts", { n: d.parts })}` : "",
          ),
        ),
      ),
    ),
  );
  return out;
}

// Where a step and a chance fall in the graph: room on the left for the chances' scale and at
// the bottom for the moves'.
function scales(series) {
  const last = Math.max(1, series[series.length - 1][0]);
  return {
    last,
    x: (step) => LEFT + (step / last) * (WIDTH - LEFT - 8),
    y: (chance) => 4 + (1 - chance) * (HEIGHT - 8 - BOTTOM),
  };
}

// The scale a reader needs: 0, 50 and 100% up the side (50% dashed: an even game), and the
// first and last judged moves along the bottom.
function axes({ last, x, y }) {
  return [
    [0, 0.5, 1].map((chance) => s("text", { x: LEFT - 4, y: y(chance) + 4, "text-anchor": "end", class: "review-axis", text: percent(chance) })),
    s("line", { x1: LEFT, x2: LEFT, y1: y(1), y2: y(0), class: "review-frame" }),
    s("line", { x1: LEFT, x2: WIDTH - 8, y1: y(0), y2: y(0), class: "review-frame" }),
    s("line", { x1: LEFT, x2: WIDTH - 8, y1: y(0.5), y2: y(0.5), class: "review-even" }),
    s("text", { x: x(0), y: HEIGHT - 2, class: "review-axis", text: t("review.move", { move: 1 }) }),
    s("text", { x: x(last), y: HEIGHT - 2, "text-anchor": "end", class: "review-axis", text: t("review.move", { move: last + 1 }) }),
  ];
}

function graph(series, goTo) {
  if (!series.length) return null;
  const scale = scales(series);
  const { x, y } = scale;
  const points = series.map(([step, chance]) => `${x(step).toFixed(1)},${y(chance).toFixed(1)}`).join(" ");
  return s(
    "svg",
    { id: "review-graph", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-label": t("review.graph") },
    s("title", { text: t("review.graph") }),
    axes(scale),
    s("polyline", { points, fill: "none", class: "review-line" }),
    series.map(([step, chance]) => {
      const dot = s("circle", { cx: x(step).toFixed(1), cy: y(chance).toFixed(1), r: 3, class: "review-dot" }, s("title", { text: `${step + 1}: ${percent(chance)}` }));
      dot.addEventListener("click", () => goTo(step));
      return dot;
    }),
  );
}

function progress(review, key) {
  return [
    h("p", { id: "review-progress", text: t(key, { done: review.done, total: review.total }) }),
    h("progress", { max: review.total || 1, value: review.done, "aria-labelledby": "review-progress" }),
  ];
}

// The spectator's series: its progress, then one line per seat over the game.
function drawPublic(review, names, goTo) {
  if (review.status === "none") return [];
  const out = [];
  if (review.status === "running") out.push(...progress(review, "review.progress_public"));
  else if (review.status === "failed") out.push(h("p", { text: t("review.failed") }));
  if (!review.series.length) return out;
  const series = review.series;
  const scale = scales(series);
  const { x, y } = scale;
  const seats = names.map((name, seat) => seat);
  out.push(
    s(
      "svg",
      { id: "review-graph", class: "review-public", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-label": t("review.graph_public") },
      s("title", { text: t("review.graph_public") }),
      axes(scale),
      seats.map((seat) => {
        const points = series.map(([step, chances]) => `${x(step).toFixed(1)},${y(chances[seat]).toFixed(1)}`).join(" ");
        return s(
          "g",
          { class: ["review-seat", `review-seat-${seat}`].join(" "), "data-seat": String(seat) },
          s("polyline", { points, fill: "none", class: "review-line" }),
          series.map(([step, chances]) => {
            const dot = s("circle", { cx: x(step).toFixed(1), cy: y(chances[seat]).toFixed(1), r: 2.5, class: "review-dot" }, s("title", { text: `${names[seat]}, ${step + 1}: ${percent(chances[seat])}` }));
            dot.addEventListener("click", () => goTo(step));
            return dot;
          }),
        );
      }),
    ),
    h(
      "ul",
      { class: "review-legend" },
      seats.map((seat) => {
        const [, chances] = series[series.length - 1];
        return h("li", { class: `review-seat-${seat}` }, h("span", { class: "review-swatch", "aria-hidden": "true" }), `${names[seat]}: ${percent(chances[seat])}`);
      }),
    ),
  );
  return out;
}
