// What the table page shows of its links to the server, beside the position: a link down
// (its seat shown offline, the choices held until it is back: a click then would be lost), a
// link the server refused before anything was drawn (notice.js's nothingHere), the heading's
// view once the game is over, and a link's token leaving the address bar.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { setStatus } from "../notice.js";

// The table with ``seat`` shown offline: this page's own link to it is down, which the server
// cannot tell the page (its last word still says "online").
export function seatOffline(table, seat) {
  if (!table || typeof seat !== "number") return table;
  return { ...table, seats: table.seats.map((s) => (s.seat === seat && s.kind !== "bot" ? { ...s, connected: false } : s)) };
}

// While the shown seat's link is down: nothing on the page can be chosen (buttons and fields
// disabled, the board not made clickable: table.js), and the choices say why.
export function holdChoices(root) {
  for (const el of root.querySelectorAll(".choices :is(button,input,select), .board-area :is(button,input,select)")) {
    /** @type {HTMLButtonElement} */ (el).disabled = true;
  }
  const panel = root.querySelector(".choices");
  const title = panel && panel.querySelector("h2");
  if (title) title.after(h("p", { class: ["muted", "offline-note"], text: t("connection.offline") }));
}

// A move that could not be sent, or that the link lost on its way (the server's position did
// not move): said where it is seen, until the next move goes through.
export function moveNotSent(key) {
  setStatus("move", t(key), "warn");
  const box = document.querySelector('#banner [data-status="move"]');
  if (box) box.scrollIntoView({ block: "nearest" });
}

// The view as the heading tells it once the game is over: nobody to act, no phase (a game
// ended by a clock stopped in the middle of a turn).
export function settled(view) {
  if (view.observation.to_act === null) return view;
  return Object.assign(Object.create(view), { observation: { ...view.observation, to_act: null, phase: null }, legal: [] });
}

// A link's token, once this browser holds it, leaves the address bar: it is not left in the
// history, nor shown to whoever looks at the screen or copies the address.
export function forgetLinkToken(token) {
  if (!token || new URLSearchParams(location.hash.slice(1)).get("token") !== token) return;
  history.replaceState(history.state, "", location.pathname + location.search);
}
