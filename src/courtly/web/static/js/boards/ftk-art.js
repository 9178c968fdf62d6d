// For the King's card art, drawn by the project in SVG (no downloaded art): each office has
// an emblem in its colour, a Government card shows its value large in a seal with its letter,
// a Gold card a coin with its value, a King card a crown with its change. The words on a
// card stay HTML (cards.js), so they wrap between words and come from the catalogues.
import { s } from "../dom.js";

// The office colours the game prints (DATA.md), as the faces' ink.
export const OFFICE_INK = {
  blue: "#2f5fa8",
  purple: "#6d3b99",
  green: "#3d8b3d",
  pink: "#c2569b",
  red: "#b8322a",
  orange: "#e07b24",
};

// One simple emblem per office, on a 24-unit square.
const EMBLEMS = {
  // a sealed scroll
  diplomacy: ["M5 5h11a3 3 0 0 1 0 6H8v8a3 3 0 0 1-3-3z", "M8 11h9v7a3 3 0 0 1-3 3H5a3 3 0 0 0 3-3z"],
  // a sword
  military: ["M17 2l5 0 0 5-9 9-2-2-3 3 1 1-2 2-4-4 2-2 1 1 3-3-2-2z"],
  // a tower
  architecture: ["M5 22V8l2-2V3h2v2h2V3h2v2h2V3h2v3l2 2v14h-5v-5a2 2 0 0 0-4 0v5z"],
  // a ram's head
  livestock: ["M12 5c-3 0-5 2-5 5 0 4 2 8 5 10 3-2 5-6 5-10 0-3-2-5-5-5z", "M7 7a4 4 0 1 0-3 6 3 3 0 0 1 3-3zM17 7a4 4 0 1 1 3 6 3 3 0 0 0-3-3z"],
  // a mask
  entertainment: ["M3 6c6 2 12 2 18 0v6c0 5-4 9-9 9s-9-4-9-9z"],
  // a sheaf
  provisions: ["M11 22V10L6 3h2l4 6 4-6h2l-5 7v12z", "M7 14h10v2H7z"],
};

/** The emblem of an office, in its colour. @param {string} office @param {string} ink */
export function emblem(office, ink) {
  const paths = EMBLEMS[office] || [];
  return s("svg", { class: "emblem", viewBox: "0 0 24 24", width: 22, height: 22, "aria-hidden": "true", focusable: "false" }, paths.map((d) => s("path", { d, fill: ink })));
}

/** A Government card's seal: the value large, the letter small beneath. */
export function officeSeal(value, letter, ink) {
  return s(
    "svg",
    { class: "seal", viewBox: "0 0 40 48", width: 40, height: 48, "aria-hidden": "true", focusable: "false" },
    s("path", { d: "M4 4h32v28l-16 12-16-12z", fill: ink, stroke: "#fff", "stroke-width": 2 }),
    s("text", { x: 20, y: 24, "text-anchor": "middle", "font-size": 20, "font-weight": 800, fill: "#fff", class: "card-value", text: String(value ?? "?") }),
    s("text", { x: 20, y: 36, "text-anchor": "middle", "font-size": 9, "font-weight": 700, fill: "#fff", text: letter }),
  );
}

/** A Gold card's coin with its value. */
export function coin(value) {
  return s(
    "svg",
    { class: "seal", viewBox: "0 0 40 40", width: 40, height: 40, "aria-hidden": "true", focusable: "false" },
    s("circle", { cx: 20, cy: 20, r: 18, fill: "#e2b53b", stroke: "#8a6d00", "stroke-width": 2 }),
    s("circle", { cx: 20, cy: 20, r: 13, fill: "none", stroke: "#8a6d00", "stroke-width": 1, "stroke-dasharray": "2 2" }),
    s("text", { x: 20, y: 27, "text-anchor": "middle", "font-size": 18, "font-weight": 800, fill: "#5c4700", class: "card-value", text: String(value) }),
  );
}

/** A King card's crown with its change (+1, −1, ±1). */
export function crown(change) {
  return s(
    "svg",
    { class: "seal", viewBox: "0 0 40 48", width: 40, height: 48, "aria-hidden": "true", focusable: "false" },
    s("path", { d: "M6 22L7 6l7 6 6-10 6 10 7-6 1 16z", fill: "#c9a227", stroke: "#5c4700", "stroke-width": 1.5 }),
    s("rect", { x: 6, y: 23, width: 28, height: 4, fill: "#5c4700" }),
    s("text", { x: 20, y: 44, "text-anchor": "middle", "font-size": 15, "font-weight": 800, fill: "#222", class: "card-value", text: change }),
  );
}
