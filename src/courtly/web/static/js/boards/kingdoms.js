// Kingdoms: both kingdoms (Royal Court of Jack, Queen and King with the Subjects beside
// each, Jester, Treaty, Army, Limbo, Glory, Peasant pile), the draw and discard piles, and
// your hand. Playing cards are drawn from their codes ("10H": rank and suit).
import { h } from "../dom.js";
import { t, term } from "../i18n.js";
import { card, zone } from "./cards.js";

const G = "kingdoms";
const SUITS = { H: "\u2665", D: "\u2666", C: "\u2663", S: "\u2660" };
const SLOTS = ["jack", "queen", "king"];
// A card code's letters as the catalogue's ids (`term.suit.hearts`, `term.rank.1`).
const SUIT_IDS = { H: "hearts", D: "diamonds", C: "clubs", S: "spades" };
const RANK_IDS = { A: 1, J: 11, Q: 12, K: 13 };

function playing(code, pairs = null) {
  if (code === null || code === undefined) return null;
  const text = String(code);
  const suit = text.slice(-1);
  const rank = text.slice(0, -1);
  if (!(suit in SUITS)) return card({ title: text, pairs, small: true });
  const name = t("kingdoms.card", { rank: term(G, "rank", RANK_IDS[rank] || rank), suit: term(G, "suit", SUIT_IDS[suit]) });
  const el = card({ title: `${rank}${SUITS[suit]}`, lines: [], info: name, pairs, small: true });
  el.dataset.card = text;
  el.dataset.colour = suit === "H" || suit === "D" ? "red" : "black";
  el.classList.add("playing-card");
  return el;
}

function pile(list) {
  if (typeof list === "number") return Array.from({ length: Math.min(list, 12) }, () => card({ title: "", back: true, small: true, info: t("kingdoms.face_down") }));
  return (list || []).map((c) => playing(c));
}

function kingdom(ctx, p, seat) {
  const mine = seat === ctx.viewer;
  const court = p.court || {};
  const rows = p.rows || {};
  return h(
    "section",
    { class: ["kingdom", mine ? "mine" : null], "aria-label": t("kingdoms.kingdom_of", { name: ctx.names[seat] }) },
    h("h3", { text: mine ? t("kingdoms.your_kingdom") : t("kingdoms.kingdom_of", { name: ctx.names[seat] }) }),
    h(
      "p",
      { class: "stats" },
      h("span", { class: "stat" }, t("kingdoms.glory"), h("b", { text: p.glory_total ?? "?" })),
      h("span", { class: "stat" }, t("kingdoms.hand"), h("b", { text: p.hand_size ?? "?" })),
      h("span", { class: "stat" }, t("kingdoms.army"), h("b", { text: p.army_count ?? "?" })),
    ),
    h(
      "div",
      { class: "row" },
      SLOTS.map((slot) =>
        zone(
          { title: term(G, "slot", slot), pairs: mine ? { slot: slot[0].toUpperCase() + slot.slice(1) } : null, className: "court-slot" },
          playing(court[slot]),
          pile(rows[slot]),
        ),
      ),
    ),
    h(
      "div",
      { class: "row" },
      zone({ title: t("kingdoms.jester") }, playing(p.jester)),
      zone({ title: t("kingdoms.treaty") }, playing(p.treaty)),
      zone({ title: t("kingdoms.army") }, pile(p.army)),
      zone({ title: t("kingdoms.limbo") }, pile(p.limbo)),
      zone({ title: t("kingdoms.glory") }, pile(p.glory)),
      zone({ title: t("kingdoms.peasant"), pairs: mine ? null : { from: "opponent_peasant" } }, pile(p.peasant)),
    ),
  );
}

export function kingdomsBoard(ctx) {
  const obs = ctx.observation;
  if (!Array.isArray(obs.players)) return null;
  const me = typeof ctx.viewer === "number" ? obs.players[ctx.viewer] : null;
  const order = obs.players.map((p, seat) => [p, seat]).sort(([, a], [, b]) => (a === ctx.viewer) - (b === ctx.viewer));
  return h(
    "div",
    { class: ["board", "kingdoms"] },
    h(
      "p",
      { class: "stats" },
      h("span", { class: "stat" }, t("kingdoms.turn"), h("b", { text: `${obs.turns_played ?? "?"} / ${obs.turn_limit ?? "?"}` })),
    ),
    order.slice(0, 1).map(([p, seat]) => kingdom(ctx, p, seat)),
    h(
      "div",
      { class: "row" },
      zone({ title: t("kingdoms.deck"), pairs: { from: "deck" } }, card({ title: String(obs.deck ?? "?"), back: true, small: true, info: t("kingdoms.deck") })),
      zone({ title: t("kingdoms.discard") }, pile((obs.discard || []).slice(-6))),
      obs.aside && obs.aside.length ? zone({ title: t("kingdoms.aside") }, pile(obs.aside)) : null,
    ),
    order.slice(1).map(([p, seat]) => kingdom(ctx, p, seat)),
    me && Array.isArray(me.hand)
      ? zone({ title: t("kingdoms.your_hand"), className: "hand" }, me.hand.map((c) => playing(c, { card: c })))
      : null,
  );
}
