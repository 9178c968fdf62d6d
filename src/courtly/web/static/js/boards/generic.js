// The generic board: the observation as readable sections, every value that an action
// names (a card, a place) tagged so a click on it chooses. It works for any game.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { tag } from "../picks.js";
import { fieldLabel, keyedByWords, leftOut, valueWord } from "./details-words.js";

const ENVELOPE = new Set(["game", "viewer", "num_players", "to_act", "phase", "scores"]);

// Keys whose whole numbers are seats (the observation counts them from 0): shown by the
// seat's name, as everywhere else on the page. A test checks these against docs/schemas.
export const SEAT_VALUES = {
  common: ["viewer", "to_act", "winners", "first_player", "start_player", "seat", "owner", "played_by"],
  courtisans: [],
  "for-the-king": ["advisor", "picker", "high_bidder", "out", "excluded", "seen_by"],
  kingdoms: ["turn", "player"],
  tudor: ["office", "courtiers", "benches", "chairs", "turn_player", "drafted"],
};
// Keys of lists with one entry per seat, in seat order: each entry under the seat's name.
export const SEAT_LISTS = ["hand_sizes", "domains", "scores", "players", "screens", "revealed_missions", "revealed"];

function seatKey(game, key) {
  return SEAT_VALUES.common.includes(key) || (SEAT_VALUES[game] || []).includes(key);
}

function seatName(ctx, n) {
  return (ctx.names || [])[n] ?? t("seat.numbered", { n: n + 1 });
}

// The action arguments a shown value stands for: an argument of the same name and value,
// or any argument whose value is this same (non-numeric) text, such as a card code.
export function pairsFor(key, value, actions) {
  if (value === null || typeof value === "object" || typeof value === "boolean") return null;
  for (const action of actions) {
    const form = action.action || {};
    if (key in form && key !== "kind" && String(form[key]) === String(value)) return { [key]: value };
  }
  if (typeof value !== "string" || value.length < 2) return null;
  for (const action of actions) {
    for (const [arg, v] of Object.entries(action.action || {})) {
      if (arg !== "kind" && typeof v === "string" && v === value) return { [arg]: value };
    }
  }
  return null;
}

function leaf(ctx, key, value, pick) {
  let text;
  if (value === null || value === undefined) text = "\u2014";
  else if (value === true) text = "\u2713";
  else if (value === false) text = "\u2717";
  else if (Number.isInteger(value) && value >= 0 && seatKey(ctx.game, key)) text = seatName(ctx, value);
  // A number is a number (a count, a round); a text is said by its field's own kind.
  else text = valueWord(ctx.game, key, value, ctx.observation || {}) ?? String(value);
  const el = h("span", { class: "val", text });
  const pairs = pick ? pairsFor(key, value, ctx.actions) : null;
  if (pairs) tag(el, pairs);
  return el;
}

// An entry of a per-seat list is shown under its seat's name: a field of it naming that same
// seat again (For the King's `players[].seat`) would list the player twice, so it is left out.
function withoutOwnSeat(ctx, entry, seat) {
  if (entry === null || typeof entry !== "object" || Array.isArray(entry)) return entry;
  return Object.fromEntries(Object.entries(entry).filter(([k, x]) => !(x === seat && seatKey(ctx.game, k))));
}

function value(ctx, key, v, pick, depth) {
  if (Array.isArray(v) && depth === 0 && SEAT_LISTS.includes(key) && v.length === (ctx.names || []).length) {
    return h(
      "dl",
      { class: ["obj", "depth-0"] },
      v.map((x, seat) => [h("dt", { text: seatName(ctx, seat) }), h("dd", {}, value(ctx, key, withoutOwnSeat(ctx, x, seat), pick, depth + 1))]),
    );
  }
  if (Array.isArray(v)) {
    if (v.length === 0) return h("span", { class: "muted", text: "\u2014" });
    if (v.every((x) => x === null || typeof x !== "object")) {
      return h("span", { class: "chips" }, v.map((x) => leaf(ctx, key === "hand" ? "card" : key, x, pick)));
    }
    return h("ol", { class: "items" }, v.map((x, i) => h("li", { dataset: { index: String(i) } }, value(ctx, key, x, pick, depth + 1))));
  }
  if (v !== null && typeof v === "object") {
    // A mapping keyed by a vocabulary's words (families, factions): each value is its field's.
    const keyed = keyedByWords(ctx.game, key);
    const dl = h(
      "dl",
      { class: ["obj", `depth-${Math.min(depth, 3)}`] },
      Object.entries(v)
        .filter(([k]) => !leftOut(ctx.game, k))
        .map(([k, x]) => [h("dt", { text: fieldLabel(ctx.game, k, key) }), h("dd", {}, value(ctx, keyed && (x === null || typeof x !== "object") ? key : k, x, pick, depth + 1))]),
    );
    if ("card" in v && v.card !== null) dl.dataset.card = String(v.card);
    if (pick && "card" in v) {
      const pairs = pairsFor("card", v.card, ctx.actions);
      if (pairs) tag(dl, pairs);
    }
    return dl;
  }
  return leaf(ctx, key, v, pick);
}

export function genericSections(ctx, pick = true) {
  const obs = ctx.observation || {};
  // Every title in the reader's words (details-words.js); a value the game's
  // catalogue has no word for (a count, a card id) is shown as the server sent it.
  return h(
    "div",
    { class: "sections" },
    Object.entries(obs)
      .filter(([key]) => !ENVELOPE.has(key) && !leftOut(ctx.game, key))
      .map(([key, v]) =>
        h("section", { class: "obs-section", dataset: { key } }, h("h3", { text: fieldLabel(ctx.game, key) }), value(ctx, key, v, pick, 0)),
      ),
  );
}

export function genericBoard(ctx) {
  return h("div", { class: ["board", "generic"] }, genericSections(ctx, true));
}
