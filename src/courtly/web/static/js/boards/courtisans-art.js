// Courtisans' cards, drawn by the project in SVG: each of the six families has its emblem
// (in the family's colour, the card's band), and a card's role is marked by its own badge
// (a crown for a Noble, an eye for a Spy, a dagger for an Assassin, a shield for a Guard; a
// plain courtier has none). The words (family and role, in the reader's language) stay on
// the card as text: the drawing is decoration, hidden from screen readers.
import { s } from "../dom.js";

// Each emblem in a 40 × 40 box, in the family's colour (`currentColor`, set by the CSS).
const EMBLEMS = {
  Butterfly: () => [
    s("ellipse", { cx: 13, cy: 14, rx: 9, ry: 7, transform: "rotate(-30 13 14)" }),
    s("ellipse", { cx: 27, cy: 14, rx: 9, ry: 7, transform: "rotate(30 27 14)" }),
    s("ellipse", { cx: 14, cy: 27, rx: 6, ry: 5, transform: "rotate(30 14 27)" }),
    s("ellipse", { cx: 26, cy: 27, rx: 6, ry: 5, transform: "rotate(-30 26 27)" }),
    s("rect", { x: 19, y: 9, width: 2, height: 24, rx: 1, fill: "#2a2118" }),
  ],
  Toad: () => [
    s("ellipse", { cx: 20, cy: 25, rx: 15, ry: 10 }),
    s("circle", { cx: 12, cy: 15, r: 5 }),
    s("circle", { cx: 28, cy: 15, r: 5 }),
    s("circle", { cx: 12, cy: 14, r: 2, fill: "#2a2118" }),
    s("circle", { cx: 28, cy: 14, r: 2, fill: "#2a2118" }),
  ],
  Nightingale: () => [
    s("ellipse", { cx: 18, cy: 24, rx: 11, ry: 8 }),
    s("circle", { cx: 28, cy: 15, r: 6 }),
    s("path", { d: "M33 14 L39 16 L33 18 Z", fill: "#c9a227" }),
    s("path", { d: "M8 24 L1 18 L3 30 Z" }),
    s("circle", { cx: 29, cy: 14, r: 1.4, fill: "#fff" }),
  ],
  Hare: () => [
    s("ellipse", { cx: 14, cy: 10, rx: 3.5, ry: 9, transform: "rotate(-10 14 10)" }),
    s("ellipse", { cx: 24, cy: 10, rx: 3.5, ry: 9, transform: "rotate(12 24 10)" }),
    s("ellipse", { cx: 19, cy: 24, rx: 9, ry: 8 }),
    s("circle", { cx: 16, cy: 22, r: 1.4, fill: "#fff" }),
    s("circle", { cx: 22, cy: 22, r: 1.4, fill: "#fff" }),
  ],
  Stag: () => [
    s("path", {
      d: "M13 20 L9 6 M9 12 L4 8 M11 14 L5 15 M27 20 L31 6 M31 12 L36 8 M29 14 L35 15",
      stroke: "currentColor",
      "stroke-width": 2.5,
      "stroke-linecap": "round",
      fill: "none",
    }),
    s("path", { d: "M12 19 Q20 15 28 19 L24 35 Q20 38 16 35 Z" }),
    s("circle", { cx: 17, cy: 24, r: 1.4, fill: "#fff" }),
    s("circle", { cx: 23, cy: 24, r: 1.4, fill: "#fff" }),
  ],
  Carp: () => [
    s("ellipse", { cx: 18, cy: 20, rx: 13, ry: 8 }),
    s("path", { d: "M29 20 L39 12 L37 20 L39 28 Z" }),
    s("circle", { cx: 10, cy: 18, r: 1.8, fill: "#fff" }),
    s("path", { d: "M15 13 Q18 20 15 27", stroke: "#fff", "stroke-width": 1.2, fill: "none", opacity: 0.7 }),
  ],
};

// Each role's badge in a 20 × 20 box.
const BADGES = {
  noble: () => [s("path", { d: "M2 16 L2 6 L6 10 L10 3 L14 10 L18 6 L18 16 Z", fill: "#c9a227", stroke: "#6b5200", "stroke-width": 1 })],
  spy: () => [
    s("path", { d: "M1 10 Q10 1 19 10 Q10 19 1 10 Z", fill: "#fff", stroke: "#2a2118", "stroke-width": 1.5 }),
    s("circle", { cx: 10, cy: 10, r: 3.5, fill: "#2a2118" }),
  ],
  assassin: () => [
    s("path", { d: "M10 1 L13 12 L7 12 Z", fill: "#d8d8d8", stroke: "#2a2118", "stroke-width": 1 }),
    s("rect", { x: 4, y: 12, width: 12, height: 2.5, rx: 1, fill: "#2a2118" }),
    s("rect", { x: 8.5, y: 14, width: 3, height: 5, rx: 1, fill: "#7b5230" }),
  ],
  guard: () => [s("path", { d: "M10 1 L18 4 L17 11 Q15 17 10 19 Q5 17 3 11 L2 4 Z", fill: "#2f5fa8", stroke: "#1b3763", "stroke-width": 1 })],
};

/** @param {string} family @param {string} role */
export function courtierArt(family, role) {
  const emblem = EMBLEMS[family];
  const badge = BADGES[role];
  return s(
    "svg",
    { class: "card-art", viewBox: "0 0 48 40", "aria-hidden": "true", focusable: "false" },
    emblem ? s("g", { class: "emblem", fill: "currentColor" }, emblem()) : null,
    badge ? s("g", { class: "role-badge", transform: "translate(29 21) scale(0.95)" }, badge()) : null,
  );
}
