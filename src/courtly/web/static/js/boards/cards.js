// Cards and tokens drawn by the project in CSS: a face (title, lines, colour band) or a
// back. The card's full text is on hover (title) and on tap (the info panel).
import { h } from "../dom.js";
import { tag } from "../picks.js";

export function card({ title, lines = [], colour = null, info = null, pairs = null, back = false, small = false, mark = null }) {
  const full = info || [title, ...lines].filter(Boolean).join(" \u00b7 ");
  const el = h(
    "div",
    {
      class: ["card", back ? "back" : null, small ? "small" : null],
      dataset: { colour: colour || "" },
      title: full,
      // An image with its text as its name (a label on a plain div is not read).
      role: "img",
      "aria-label": full,
    },
    back
      ? h("span", { class: "back-pattern", "aria-hidden": "true" })
      : [h("span", { class: "card-title", text: title }), lines.map((line) => h("span", { class: "card-line", text: line }))],
    mark ? h("span", { class: "card-mark", text: mark }) : null,
  );
  if (pairs) tag(el, pairs);
  el.addEventListener("click", () => showInfo(full));
  return el;
}

export function zone({ title, pairs = null, className = null, label = null }, ...children) {
  const el = h(
    // A group, not a section: boards draw many zones of the same name (each kingdom's
    // Jack), and a zone may be clicked (a button), which a landmark may not be.
    "div",
    { class: ["zone", ...[].concat(className)], role: "group", "aria-label": label || title },
    title ? h("h3", { class: "zone-title", text: title }) : null,
    h("div", { class: "zone-cards" }, children),
  );
  if (pairs) tag(el, pairs);
  return el;
}

export function chip(text, { colour = null, pairs = null, info = null } = {}) {
  const el = h("span", { class: "chip", dataset: { colour: colour || "" }, title: info || text, text });
  if (pairs) tag(el, pairs);
  return el;
}

// Tapping a card shows its full text in one place (phones have no hover).
let infoTimer = 0;
function showInfo(text) {
  let panel = document.getElementById("card-info");
  if (!panel) {
    panel = h("div", { id: "card-info", role: "status", "aria-live": "polite" });
    document.body.append(panel);
  }
  panel.textContent = text;
  panel.classList.add("shown");
  clearTimeout(infoTimer);
  infoTimer = setTimeout(() => panel.classList.remove("shown"), 4000);
}
