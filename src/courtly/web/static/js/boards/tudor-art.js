// Tudor's pieces drawn by the project in SVG (no downloaded art): a Court Token is a disc in
// its faction's colour, a Ring a band in its colour, each player's hand five fingers wearing
// their Rings, and each Office a seal above its column. Colours come from the stylesheet
// (`data-colour` sets --band), so the art and the chips agree.
import { h, s } from "../dom.js";
import { term } from "../i18n.js";
import { tag } from "../picks.js";

const G = "tudor";
const FINGERS = ["thumb", "index", "middle", "ring", "little"];

/** A Court Token: a disc in its faction's colour. @param {string} faction */
export function token(faction) {
  return s(
    "svg",
    { class: "token-art", viewBox: "0 0 20 20", width: 18, height: 18, "data-colour": faction, "aria-hidden": "true", focusable: "false" },
    s("circle", { cx: 10, cy: 10, r: 8.5, class: "fill-band", stroke: "#333", "stroke-width": 1 }),
    s("circle", { cx: 10, cy: 10, r: 5, fill: "none", stroke: "rgba(255,255,255,0.7)", "stroke-width": 1 }),
  );
}

/** A Ring: a band in its faction's colour with a stone. @param {string} faction */
export function ring(faction) {
  return s(
    "svg",
    { class: "ring-art", viewBox: "0 0 20 20", width: 18, height: 18, "data-colour": faction, "aria-hidden": "true", focusable: "false" },
    s("circle", { cx: 10, cy: 11, r: 6.5, fill: "none", class: "stroke-band", "stroke-width": 3 }),
    s("path", { d: "M7 4h6l-3 3z", class: "fill-band", stroke: "#333", "stroke-width": 0.6 }),
  );
}

/** An Office's seal above its column. */
export function officeSeal() {
  return s(
    "svg",
    { class: "office-seal", viewBox: "0 0 24 24", width: 22, height: 22, "aria-hidden": "true", focusable: "false" },
    s("path", { d: "M3 18l2-11 4 4 3-6 3 6 4-4 2 11z", fill: "#c9a227", stroke: "#5c4700", "stroke-width": 1 }),
    s("rect", { x: 3, y: 19, width: 18, height: 3, fill: "#5c4700" }),
  );
}

/**
 * A player's hand: five fingers, each wearing its Rings (a finger a labelled group, a Ring a
 * labelled image: a label on an element without a role is not read). The viewer's own
 * fingers are tagged (`finger`: where a new Ring goes), every Ring with its finger and colour (`hand_ring`: the
 * Ring chosen to give up or exchange).
 * @param {{finger: string, ring: string}[]} rings
 * @param {boolean} own
 */
export function hand(rings, own) {
  return h(
    "div",
    { class: "hand-art" },
    FINGERS.map((finger) => {
      const worn = rings.filter((r) => r.finger === finger);
      const name = term(G, "finger", finger);
      const el = h(
        "div",
        { class: ["finger", finger], role: "group", title: name, "aria-label": [name, ...worn.map((r) => term(G, "faction", r.ring))].join(" \u00b7 ") },
        worn.map((r) => {
          const label = `${name}: ${term(G, "faction", r.ring)}`;
          return tag(h("span", { class: "worn", role: "img", dataset: { colour: r.ring }, title: label, "aria-label": label }, ring(r.ring)), { finger, ring: r.ring });
        }),
      );
      return own ? tag(el, { finger }) : el;
    }),
  );
}

/** A Court Card: a small card in its faction's colour. @param {string} faction */
export function courtCard(faction) {
  return s(
    "svg",
    { class: "token-art", viewBox: "0 0 16 20", width: 14, height: 18, "data-colour": faction, "aria-hidden": "true", focusable: "false" },
    s("rect", { x: 1, y: 1, width: 14, height: 18, rx: 2, class: "fill-band", stroke: "#333", "stroke-width": 1 }),
    s("rect", { x: 4, y: 5, width: 8, height: 10, rx: 1, fill: "none", stroke: "rgba(255,255,255,0.8)", "stroke-width": 1 }),
  );
}
