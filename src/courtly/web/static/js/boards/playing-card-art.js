// Kingdoms' playing cards, drawn by the project in SVG: the standard faces, with the rank
// and suit in two corners and the pips laid out as on a printed deck (an Ace one large pip;
// Jack, Queen and King a stylised crowned figure; a Joker a star). The card's name in words
// is the element's label (cards.js): the drawing is hidden from screen readers.
import { s } from "../dom.js";

// Each suit's shape around (0, 0), about 10 units across.
const SUIT_PATHS = {
  H: "M0 -2.6 C-1.4 -6 -6 -5.4 -5.4 -1.4 C-5 1.4 -2 3.4 0 6 C2 3.4 5 1.4 5.4 -1.4 C6 -5.4 1.4 -6 0 -2.6 Z",
  D: "M0 -6 L4.6 0 L0 6 L-4.6 0 Z",
  S: "M0 -6 C-1.6 -3.2 -5.6 -1.6 -5.4 1.6 C-5.2 4 -2 4.4 -0.7 2.4 L-1.8 6 L1.8 6 L0.7 2.4 C2 4.4 5.2 4 5.4 1.6 C5.6 -1.6 1.6 -3.2 0 -6 Z",
  C: "M0 -6 A2.9 2.9 0 1 1 2.4 -1.2 A2.9 2.9 0 1 1 0.8 3.4 L1.8 6 L-1.8 6 L-0.8 3.4 A2.9 2.9 0 1 1 -2.4 -1.2 A2.9 2.9 0 1 1 0 -6 Z",
};

// Pip centres on a 50 × 70 face (columns 16, 25, 34; the lower half's pips turned over).
const L = 16;
const C = 25;
const R = 34;
const PIPS = {
  2: [[C, 15], [C, 55]],
  3: [[C, 15], [C, 35], [C, 55]],
  4: [[L, 15], [R, 15], [L, 55], [R, 55]],
  5: [[L, 15], [R, 15], [C, 35], [L, 55], [R, 55]],
  6: [[L, 15], [R, 15], [L, 35], [R, 35], [L, 55], [R, 55]],
  7: [[L, 15], [R, 15], [C, 25], [L, 35], [R, 35], [L, 55], [R, 55]],
  8: [[L, 15], [R, 15], [C, 25], [L, 35], [R, 35], [C, 45], [L, 55], [R, 55]],
  9: [[L, 15], [R, 15], [L, 28.3], [R, 28.3], [C, 35], [L, 41.7], [R, 41.7], [L, 55], [R, 55]],
  10: [[L, 15], [R, 15], [C, 21.7], [L, 28.3], [R, 28.3], [L, 41.7], [R, 41.7], [C, 48.3], [L, 55], [R, 55]],
};

function pip(suit, x, y, size = 0.72) {
  const turn = y > 35 ? " rotate(180)" : "";
  return s("path", { d: SUIT_PATHS[suit], transform: `translate(${x} ${y}) scale(${size})${turn}` });
}

function corner(rank, suit, flip) {
  return s(
    "g",
    { transform: flip ? "rotate(180 25 35)" : null },
    s("text", { x: 6, y: 11, "text-anchor": "middle", class: "rank", text: rank }),
    pip(suit, 6, 17, 0.42),
  );
}

// A court card: a crowned bust in a frame (a Jack's cap, a Queen's small crown, a King's
// tall one), with the suit on its chest.
function court(rank, suit) {
  const crown = {
    J: "M17 20 L33 20 L31 14 L19 14 Z",
    Q: "M17 21 L17 15 L21 18 L25 13 L29 18 L33 15 L33 21 Z",
    K: "M16 21 L16 11 L20 16 L25 9 L30 16 L34 11 L34 21 Z",
  }[rank];
  return [
    s("rect", { x: 12, y: 8, width: 26, height: 54, rx: 3, class: "court-frame" }),
    s("path", { d: crown, fill: "#c9a227", stroke: "#6b5200", "stroke-width": 0.8 }),
    s("circle", { cx: 25, cy: 27, r: 6, fill: "#f3d9b1", stroke: "currentColor", "stroke-width": 0.8 }),
    s("path", { d: "M14 56 Q14 36 25 35 Q36 36 36 56 Z", class: "court-robe" }),
    pip(suit, 25, 46, 0.7),
  ];
}

function star(cx, cy, r) {
  const points = [];
  for (let i = 0; i < 10; i++) {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const d = i % 2 ? r * 0.45 : r;
    points.push(`${(cx + d * Math.cos(a)).toFixed(1)},${(cy + d * Math.sin(a)).toFixed(1)}`);
  }
  return s("polygon", { points: points.join(" ") });
}

// The face of a card code ("10H", "QS", "X1"): an SVG 50 × 70.
/** @param {string} rank @param {string | null} suit @param {string | null} joker */
export function playingCardArt(rank, suit, joker = null) {
  const body = [];
  if (joker) {
    body.push(star(25, 35, 14), s("text", { x: 6, y: 11, "text-anchor": "middle", class: "rank", text: joker }));
  } else if (rank === "A") {
    body.push(corner(rank, suit, false), corner(rank, suit, true), pip(suit, 25, 35, 1.7));
  } else if (rank === "J" || rank === "Q" || rank === "K") {
    body.push(corner(rank, suit, false), corner(rank, suit, true), ...court(rank, suit));
  } else {
    body.push(corner(rank, suit, false), corner(rank, suit, true), ...(PIPS[rank] || []).map(([x, y]) => pip(suit, x, y)));
  }
  return s("svg", { class: "playing-face", viewBox: "0 0 50 70", "aria-hidden": "true", focusable: "false" }, s("g", { fill: "currentColor" }, body));
}
