// The review's win-chance graphs (inline SVG): a seat's chance before each of its decisions,
// or every seat's from the public view, one line per seat. Each point is a link to the
// position before its move (the replay's "Before move N", the number the review list gives
// it): one stop for the keyboard's Tab, the arrow keys move along the points, Enter opens one;
// a point's target is the graph's whole height and the width halfway to its neighbours, so a
// finger anywhere on the graph opens the point nearest to it. The points stand evenly apart,
// one per judged move. Where a finger chooses (a touch screen, a phone's width) they stand at
// least GAP pixels apart: a long game's graph is wider than its frame and scrolls sideways in
// it (a focused point is scrolled into view), rather than squeezing hundreds of points into a
// phone's width, each a pixel wide, where no finger can choose one; its chances' scale is then
// a drawing of its own beside the frame, so that it stays in view wherever the graph is
// scrolled (both drawn a unit to a pixel, so the scale's heights are the plot's). With a mouse
// the whole game fits its frame, the scale in the same drawing, an overview first (the arrow
// keys and the costliest moves' links reach any point).
import { h, s } from "./dom.js";
import { t } from "./i18n.js";

const WIDTH = 320; // the drawing's least width
const HEIGHT = 130;
const LEFT = 36; // the chances' scale
const BOTTOM = 16; // the moves' scale
const TOP = 8; // above 100%: room for the upper half of its label
// The least room between two points, in CSS pixels: a target wider than a finger's 24-pixel
// minimum (WCAG 2.5.8) even where a narrow frame scales the drawing down a little, and dots
// that never run into one another.
const GAP = 28;
const RIGHT = GAP / 2; // the last point's target as wide as the others'

/** Where a finger chooses: a touch screen, or a phone's width. */
export const FINGER = "(pointer: coarse), (max-width: 600px)";

/** The least room between two points here: GAP where a finger chooses, else none. */
function leastGap() {
  return matchMedia(FINGER).matches ? GAP : 0;
}

/** @param {number} chance */
export function percent(chance) {
  return `${Math.round(chance * 100)}%`;
}

// Where the i-th point and a chance fall in the graph: room at the bottom for the moves' scale,
// and on the left for the chances' (`origin`: where its line stands), unless the scale stands
// `beside` the points' drawing (where a finger chooses): then only the first point's target,
// as wide as the others'. `need`: the width the points need (`leastGap` between each two),
// which the drawing is never narrower than on the page.
/** @param {number[]} steps */
function scales(steps) {
  const gap = leastGap();
  const beside = gap > 0;
  const left = beside ? RIGHT : LEFT;
  const need = left + RIGHT + (steps.length - 1) * gap;
  const width = Math.max(beside ? WIDTH - LEFT : WIDTH, need);
  const apart = steps.length > 1 ? (width - left - RIGHT) / (steps.length - 1) : 0;
  return {
    steps,
    width,
    need,
    beside,
    origin: beside ? 0 : LEFT,
    x: (/** @type {number} */ i) => left + i * apart,
    y: (/** @type {number} */ chance) => TOP + (1 - chance) * (HEIGHT - TOP - 4 - BOTTOM),
  };
}

// The chances' scale: 0, 50 and 100% up the side, ending left of x = LEFT, and its line at `at`.
/** @param {(chance: number) => number} y @param {number} at */
function chances(y, at) {
  return [
    [0, 0.5, 1].map((chance) => s("text", { x: LEFT - 4, y: y(chance) + 4, "text-anchor": "end", class: "review-axis", text: percent(chance) })),
    s("line", { x1: at, x2: at, y1: y(1), y2: y(0), class: "review-frame" }),
  ];
}

// The scale a reader needs: the chances' (here, unless it stands beside the points), the 0 and
// 50% lines across (50% dashed: an even game), and the first and last judged moves along the
// bottom.
function axes({ steps, width, beside, origin, x, y }) {
  const end = steps.length - 1;
  return [
    beside ? null : chances(y, LEFT),
    s("line", { x1: origin, x2: width - RIGHT, y1: y(0), y2: y(0), class: "review-frame" }),
    s("line", { x1: origin, x2: width - RIGHT, y1: y(0.5), y2: y(0.5), class: "review-even" }),
    s("text", { x: x(0), y: HEIGHT - 2, class: "review-axis", text: t("review.move", { move: steps[0] + 1 }) }),
    end > 0 ? s("text", { x: x(end), y: HEIGHT - 2, "text-anchor": "end", class: "review-axis", text: t("review.move", { move: steps[end] + 1 }) }) : null,
  ];
}

/**
 * The graph's frame: its scales and, over them, one link per point of `steps`, holding what
 * `dots(step, i)` draws there, named `label(step, i)`.
 * @param {{ id: string, className?: string, label: string, steps: number[], scale: ReturnType<typeof scales>, lines: Element[],
 *   dots: (step: number, i: number) => Element[], name: (step: number, i: number) => string, goTo: (step: number) => void }} graph
 */
function frame({ id, className, label, steps, scale, lines, dots, name, goTo }) {
  const { x, y, width, need, beside } = scale;
  const links = steps.map((step, i) => {
    const left = i === 0 ? 0 : (x(i - 1) + x(i)) / 2;
    const right = i === steps.length - 1 ? width : (x(i) + x(i + 1)) / 2;
    const text = name(step, i);
    const link = s(
      "a",
      { href: "#", class: "review-point", tabindex: i === 0 ? "0" : "-1", "aria-label": text, "data-step": String(step) },
      s("title", { text }),
      s("rect", { x: left.toFixed(1), y: 0, width: (right - left).toFixed(1), height: HEIGHT, class: "review-hit" }),
      dots(step, i),
    );
    link.addEventListener("click", (event) => {
      event.preventDefault();
      goTo(step);
    });
    return link;
  });
  const svg = s(
    "svg",
    {
      id,
      class: className,
      viewBox: `0 0 ${width} ${HEIGHT}`,
      // Beside its scale, a unit to a pixel, as the scale is; else the frame's width.
      style: beside ? `width: ${width}px; height: ${HEIGHT}px` : `min-width: ${need}px`,
      role: "group",
      "aria-label": label,
    },
    s("title", { text: label }),
    axes(scale),
    lines,
    links,
  );
  svg.addEventListener("keydown", (event) => {
    const at = links.indexOf(/** @type {Element} */ (document.activeElement));
    const move = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (at < 0 || !move) return;
    event.preventDefault();
    const next = links[Math.max(0, Math.min(links.length - 1, at + move))];
    for (const link of links) link.setAttribute("tabindex", link === next ? "0" : "-1");
    /** @type {SVGElement} */ (next).focus();
  });
  const scroll = h("div", { class: "review-graph-scroll" }, svg);
  if (!beside) return scroll;
  // Outside the frame that scrolls, so it stays in view; hidden from a screen reader, which
  // hears each point's chance in its name.
  const side = s("svg", { class: "review-graph-scale", viewBox: `0 0 ${LEFT} ${HEIGHT}`, width: LEFT, height: HEIGHT, "aria-hidden": "true" }, chances(y, LEFT - 0.5));
  return h("div", { class: "review-graph-beside" }, side, scroll);
}

/**
 * A seat's win chance before each of its decisions.
 * @param {Array<[number, number]>} series @param {(step: number) => void} goTo
 */
export function seatGraph(series, goTo) {
  if (!series.length) return null;
  const scale = scales(series.map(([step]) => step));
  const { x, y } = scale;
  const points = series.map(([, chance], i) => `${x(i).toFixed(1)},${y(chance).toFixed(1)}`).join(" ");
  return frame({
    id: "review-graph",
    label: t("review.graph"),
    steps: series.map(([step]) => step),
    scale,
    lines: [s("polyline", { points, fill: "none", class: "review-line" })],
    dots: (step, i) => [s("circle", { cx: x(i).toFixed(1), cy: y(series[i][1]).toFixed(1), r: 3, class: "review-dot" })],
    name: (step, i) => t("review.point", { move: step + 1, chance: percent(series[i][1]) }),
    goTo,
  });
}

/**
 * Every seat's win chance at each judged turn from the public view: a line per seat, and one
 * link per turn holding every seat's point there.
 * @param {Array<[number, number[]]>} series @param {string[]} names @param {(step: number) => void} goTo
 */
export function publicGraph(series, names, goTo) {
  const scale = scales(series.map(([step]) => step));
  const { x, y } = scale;
  const seats = names.map((name, seat) => seat);
  const seatClass = (seat) => ["review-seat", `review-seat-${seat}`].join(" ");
  return frame({
    id: "review-graph",
    className: "review-public",
    label: t("review.graph_public"),
    steps: series.map(([step]) => step),
    scale,
    lines: seats.map((seat) => {
      const points = series.map(([, chances], i) => `${x(i).toFixed(1)},${y(chances[seat]).toFixed(1)}`).join(" ");
      return s("g", { class: seatClass(seat), "data-seat": String(seat) }, s("polyline", { points, fill: "none", class: "review-line" }));
    }),
    dots: (step, i) =>
      seats.map((seat) => s("g", { class: seatClass(seat) }, s("circle", { cx: x(i).toFixed(1), cy: y(series[i][1][seat]).toFixed(1), r: 2.5, class: "review-dot" }))),
    name: (step, i) => t("review.point", { move: step + 1, chance: seats.map((seat) => `${names[seat]} ${percent(series[i][1][seat])}`).join(", ") }),
    goTo,
  });
}
