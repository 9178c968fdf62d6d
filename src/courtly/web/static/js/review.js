// The post-game review in the replay viewer: ask the server to review a seat (it runs in the
// background, one turn at a time, and is stored with the table), show its progress, then the
// summary, a win-chance graph (inline SVG) and each judged move with its mark. Every move links
// to its position in the replay. The client computes nothing: the server judged each move
// from what that seat knew then. The public view (the first choice, as in the replay's "Seen
// by") asks for the spectator's series instead: every seat's win chance at each judged turn,
// estimated from what a spectator saw, drawn as one line per seat.
import { api } from "./api.js";
import { h } from "./dom.js";
import { language, t } from "./i18n.js";
import { showError } from "./notice.js";
import { FINGER, percent, publicGraph, seatGraph } from "./review_graph.js";

const POLL_MS = 1000;
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
  const path = (seat) => `/api/tables/${tableId}/reviews/${seat}?lang=${language()}`;
  const start = h("button", { type: "button", id: "review-start", onclick: () => load("POST") });
  const explain = h("p", { class: "hint" });
  const words = () => {
    const open = seatSelect.value === PUBLIC;
    start.textContent = t(open ? "review.start_public" : "review.start");
    explain.textContent = t(open ? "review.explain_public" : "review.explain");
  };
  /** @type {any} */
  let shown = null;
  const draw = () => body.replaceChildren(...(shown.seat === PUBLIC ? drawPublic(shown, names, goTo) : drawReview(shown, goTo)));
  const show = (review) => {
    window.clearTimeout(timer);
    shown = review;
    draw();
    if (review.status === "running") timer = window.setTimeout(() => load("GET"), POLL_MS);
  };
  // The graph is laid out for a finger or a mouse when drawn: a phone turned, or a window
  // narrowed past a phone's width, draws it again for what chooses now (until the panel is gone).
  const finger = matchMedia(FINGER);
  const relayout = () => {
    if (!body.isConnected && shown !== null) finger.removeEventListener("change", relayout);
    else if (shown !== null) draw();
  };
  finger.addEventListener("change", relayout);
  // An answer is drawn only while its seat is still the one chosen: one asked for before the
  // choice changed (a poll of the previous seat's running review) is old news.
  const load = async (method) => {
    const seat = seatSelect.value;
    let review;
    try {
      review = await api(path(seat), { method });
    } catch (err) {
      if (seatSelect.value === seat) showError(err);
      return;
    }
    if (seatSelect.value === seat) show(review);
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
      // How the figure is reckoned (courtly.analysis.review.engine.Review.accuracy), in the
      // page's text beside it: read by every reader, no pointer or title needed.
      h("p", { class: "hint", id: "accuracy-how", text: t("review.accuracy_how") }),
    );
    if (review.costliest.length) {
      const byStep = new Map(review.decisions.map((d) => [d.step, d]));
      out.push(
        h(
          "p",
          { id: "review-costliest" },
          t("review.costliest"),
          " ",
          review.costliest.map((step, i) => [i ? ", " : "", link(step, t("review.move_lost", { move: step + 1, loss: Math.round(byStep.get(step).loss * 100) }))]),
        ),
      );
    }
  }
  out.push(seatGraph(review.series, goTo));
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
  const seats = names.map((name, seat) => seat);
  out.push(
    publicGraph(series, names, goTo),
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
