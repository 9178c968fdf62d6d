// Kingdoms: both kingdoms (Royal Court of Jack, Queen and King with the Subjects beside
// each, Jester, Treaty, Army, Limbo, Glory, Peasant pile), the draw and discard piles, and
// your hand. Playing cards are drawn from their codes ("10H": rank and suit).
import { h } from "../dom.js";
import { gameWord, t, term } from "../i18n.js";
import { moveStrip } from "../picks.js";
import { card, zone } from "./cards.js";
import { playingCardArt } from "./playing-card-art.js";

const G = "kingdoms";
/** @typedef {import("../types/observations").KingdomsObservation} Obs */
/** @typedef {import("../types/observations").BoardContext<Obs>} Ctx */
// Names the code reads the observation through (tests/web/test_board_schemas.py):
// @obs p = players[]
// @obs me = players[]
// @obs court = players[].court
// @obs rows = players[].rows

// Fields not drawn on the board, with why (all are under "details"; the test reads these):
// @details turn: whose turn it is: the page's header says it by name
// @details decision: the engine's pending decision; the choices say it in words
// @details used: once-per-phase bits the engine keeps, which the details leave out too; the choices offer only what is left
// @details draws_left: the draws still due this phase; the choices offer them
// @details sabotage: whether a Sabotage is under way; the choices and the log say it
// @details end: why the game ended: the result panel says it
const SUITS = { H: "\u2665", D: "\u2666", C: "\u2663", S: "\u2660" };
const SLOTS = ["jack", "queen", "king"];
// A card code's letters as the catalogue's ids (`term.suit.hearts`, `term.rank.1`).
const SUIT_IDS = { H: "hearts", D: "diamonds", C: "clubs", S: "spades" };
const RANK_IDS = { A: 1, J: 11, Q: 12, K: 13 };

const CODE = /^(10|[2-9AJQK])([HDCS])$|^X([12])$/;
const JOKER = "\u2605";

// A card code ("9C", "X1") as a person reads it: the glyph form ("9\u2663", "\u2605 1") and the
// name in words, the game's own ("9 of Clubs" in English; `term.card.long`).
export function cardNames(code) {
  const m = CODE.exec(String(code));
  if (!m) return null;
  if (m[3]) {
    const name = gameWord(G, "term.joker.long", { n: m[3] });
    return { glyph: `${JOKER}${m[3]}`, name, red: false };
  }
  const [, rank, suit] = m;
  const words = { rank: rank in RANK_IDS ? term(G, "rank", RANK_IDS[rank]) : rank, suit: term(G, "suit", SUIT_IDS[suit]) };
  const name = gameWord(G, "term.card.long", words);
  return { glyph: `${rank}${SUITS[suit]}`, name, red: suit === "H" || suit === "D" };
}

// A card a sentence of the server's names (a log line, a choice: the part the renderer gave
// with its id, courtly.core.pieces) as its glyph, with its name for screen readers. The
// sentence is never read for cards: its parts say which words name which card.
export function kingdomsCard(part) {
  const n = cardNames(part.card);
  if (!n) return part.text;
  return h("span", { class: ["card-glyph", n.red ? "red" : null], role: "img", "aria-label": n.name, title: n.name, text: n.glyph });
}

// A face-up card, tagged with its code: an action that names it (a Subject moved, an Army
// card turned) is chosen by clicking it wherever it lies.
function playing(code) {
  if (code === null || code === undefined) return null;
  const text = String(code);
  const names = cardNames(text);
  const pairs = { card: text };
  if (!names) return card({ title: text, pairs, small: true });
  // The drawn face replaces the glyph title: the card's name is its label.
  const el = card({ title: "", lines: [], info: names.name, pairs, small: true });
  const m = CODE.exec(text);
  el.replaceChildren(playingCardArt(m[1] || "", m[2] || null, m[3] || null));
  el.dataset.card = text;
  el.dataset.colour = names.red ? "red" : "black";
  el.classList.add("playing-card");
  return el;
}

function pile(list) {
  if (typeof list === "number") return Array.from({ length: Math.min(list, 12) }, () => card({ title: "", back: true, small: true, info: t("kingdoms.face_down") }));
  return (list || []).map((c) => playing(c));
}

/** @param {Ctx} ctx @param {import("../types/observations").KingdomsSeat} p @param {number} seat */
function kingdom(ctx, p, seat) {
  const mine = seat === ctx.viewer;
  // Where a card chosen in hand may go, and what a click on a pile does: the actions'
  // arguments (the court rows by slot, yours or the opponent's; the Jester space, where an
  // opponent's card becomes a Treaty; your Treaty, which a card breaks).
  const own = (pairs) => (mine ? pairs : null);
  const court = p.court || {};
  const rows = p.rows || {};
  return h(
    "section",
    { class: ["kingdom", mine ? "mine" : null], "aria-label": t("kingdoms.kingdom_of", { name: ctx.names[seat] }) },
    h("h3", { text: mine ? t("kingdoms.your_kingdom") : t("kingdoms.kingdom_of", { name: ctx.names[seat] }) }),
    h(
      "p",
      { class: "stats" },
      h("span", { class: "stat" }, gameWord(G, "view.glory"), h("b", { text: p.glory_total ?? "?" })),
      h("span", { class: "stat" }, gameWord(G, "view.hand"), h("b", { text: p.hand_size ?? "?" })),
      h("span", { class: "stat" }, gameWord(G, "view.army"), h("b", { text: p.army_count ?? "?" })),
    ),
    h(
      "div",
      { class: "row" },
      SLOTS.map((slot) =>
        zone(
          { title: term(G, "slot", slot), pairs: { kind: mine ? "row" : "opp_row", slot: slot[0].toUpperCase() + slot.slice(1) }, className: "court-slot" },
          playing(court[slot]),
          pile(rows[slot]),
        ),
      ),
    ),
    h(
      "div",
      { class: "row" },
      zone({ title: gameWord(G, "view.jester"), pairs: { kind: mine ? "jester" : "treaty" } }, playing(p.jester)),
      zone({ title: gameWord(G, "view.treaty"), pairs: own({ kind: "break" }) }, playing(p.treaty)),
      zone({ title: gameWord(G, "view.army"), pairs: own({ kind: "army" }) }, pile(p.army)),
      zone({ title: t("kingdoms.limbo") }, pile(p.limbo)),
      zone({ title: gameWord(G, "view.glory") }, pile(p.glory)),
      // Your own pile takes a card (drawing from it is in the board's moves).
      zone({ title: t("kingdoms.peasant"), pairs: mine ? { kind: "peasant" } : { from: "opponent_peasant" } }, pile(p.peasant)),
    ),
  );
}

/** @param {Ctx} ctx */
export function kingdomsBoard(ctx) {
  const obs = ctx.observation;
  if (!Array.isArray(obs.players)) return null;
  const me = typeof ctx.viewer === "number" ? obs.players[ctx.viewer] : null;
  const order = obs.players.map((p, seat) => /** @type {[typeof p, number]} */ ([p, seat])).sort(([, a], [, b]) => Number(a === ctx.viewer) - Number(b === ctx.viewer));
  return h(
    "div",
    { class: ["board", "kingdoms"] },
    // Moves with nothing on the board to click (Done, a Declaration, Scandal), or what to do
    // with the card chosen: filled by the picker (picks.js).
    moveStrip(),
    h(
      "p",
      { class: "stats" },
      // The turn under way (the log's "turn 2 begins"); at the end the turn it ended in.
      h("span", { class: "stat" }, t("kingdoms.turn"), h("b", { text: `${turnShown(obs)} / ${obs.turn_limit ?? "?"}` })),
    ),
    order.slice(0, 1).map(([p, seat]) => kingdom(ctx, p, seat)),
    h(
      "div",
      { class: "row" },
      // The top card is face up to a Divine player who has looked at it (`deck_top`).
      zone({ title: gameWord(G, "view.draw_pile"), pairs: { from: "deck" } }, card({ title: String(obs.deck ?? "?"), back: true, small: true, info: gameWord(G, "view.draw_pile") }), obs.deck_top ? playing(obs.deck_top) : null),
      zone({ title: t("kingdoms.discard"), pairs: { from: "discard" } }, pile((obs.discard || []).slice(-6))),
      obs.aside && obs.aside.length ? zone({ title: t("kingdoms.aside") }, pile(obs.aside)) : null,
    ),
    order.slice(1).map(([p, seat]) => kingdom(ctx, p, seat)),
    me && Array.isArray(me.hand) ? zone({ title: t("kingdoms.your_hand"), className: "hand" }, me.hand.map((c) => playing(c))) : null,
  );
}

function turnShown(obs) {
  if (obs.turns_played === undefined || obs.turns_played === null) return "?";
  // A game ends during a turn (the log's last "turn 25 begins"), which is not counted as
  // played, or after the last turn the limit allows, which is.
  const under = obs.turns_played + 1;
  return obs.phase === "over" && obs.turn_limit ? Math.min(under, obs.turn_limit) : under;
}
