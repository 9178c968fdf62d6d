// For the King (and me): the five offices with their Primary and Secondary Duties, the
// Advisor and the card on offer, the middle, the auction for the Favor deck, each player's
// Gold and Favor, and your hand and Favor cards. Cards are drawn from their codes
// ("diplomacy-E": an office card; "gold2-05": Gold 2; "king-up1-3": a King card), in the
// project's SVG art (ftk-art.js). Every decision is made on the board: a card in the middle
// to take, a card in hand to pay or discard, where the drawn card goes, an office's +1 / −1
// for a King card, and the auction's bid (a number field) or pass.
import { h } from "../dom.js";
import { gameText, plural, t, term } from "../i18n.js";
import { moveStrip, tag } from "../picks.js";
import { card, chip, zone } from "./cards.js";
import { amountField } from "./amount-field.js";
import { OFFICE_INK, coin, crown, emblem, officeSeal } from "./ftk-art.js";
import { cardTags, payTag } from "./ftk-picks.js";

// The columns of the players' table, by catalogue key.
const COLUMNS = ["ftk.player", "ftk.hand_size", "ftk.favor_placed", "ftk.gold_spent", "ftk.gold_won"];

const G = "for-the-king";
/** @typedef {import("../types/observations").ForTheKingObservation} Obs */
/** @typedef {import("../types/observations").BoardContext<Obs>} Ctx */
// Names the code reads the observation through (tests/web/test_board_schemas.py):
// @obs o = offices[]
// @obs p = players[]
// @obs auction = auction

// Fields not drawn on the board, with why (all are under "details"; the test reads these):
// @details unused: the cards left in the box at setup, a list to look up rather than play with
// @details advisor_holds_card: the drawn card's zone shows it while the Advisor holds one
// @details facedown: who has seen which face-down pile: a memory aid, listed in words
// @details gold_limits: what each seat can still pay, deduced for the bots; a memory aid
// @details king_gained: the King card being applied; the choices name it and its offices
// @details placed: how many cards the Advisor placed where this turn; the log says each
// @details result: the result panel shows the winners and each office's duties

// The value printed on each Government card, by letter A-I: higher in the three offices with
// high values (the rulebook's card list; data.py's HIGH_VALUES and LOW_VALUES, which a test
// compares with these).
export const HIGH_OFFICES = ["diplomacy", "military", "livestock"];
export const HIGH_VALUES = [2, 2, 2, 2, 3, 3, 3, 4, 4];
export const LOW_VALUES = [1, 1, 1, 1, 1, 1, 1, 2, 2];
const LETTERS = "ABCDEFGHI";

export function officeValue(office, letter) {
  const i = LETTERS.indexOf(letter);
  if (i < 0) return null;
  return (HIGH_OFFICES.includes(office) ? HIGH_VALUES : LOW_VALUES)[i];
}

// A card's face: its art (the value large), what it is, and the rest in small print.
function face({ title, line = null, info, colour, kind, art }) {
  const el = card({ title, lines: line ? [line] : [], info, colour, small: true, mark: null });
  el.classList.add("ftk-card", kind);
  // The value is drawn by the art, large in its seal, coin or crown.
  el.prepend(h("span", { class: "card-art", "aria-hidden": "true" }, art));
  return el;
}

// A card code ("gold2-05", "king-up1-3", "diplomacy-F") split into what its face shows.
/** @param {string} text */
function cardParts(text) {
  const [kind, rest = ""] = text.split("-");
  const gold = kind.match(/^gold(\d)$/);
  // "up1-3": +1 to one office (the catalogue's word for the card says it in full).
  const [direction] = rest.split(/\d/);
  const n = rest.replace(/^\D+/, "").split("-")[0];
  return { kind, rest, gold: gold ? gold[1] : null, direction, n };
}

// A card's name in words, the game's own (`term.card.*`: "Gold 2", "Diplomacy 3 (F)"), as a
// card's face says it in full and the details list it; null for what is not a card code.
/** @param {unknown} code */
export function ftkCardName(code) {
  if (typeof code !== "string" || !/^(gold\d|king|[a-z]+)-[A-Za-z0-9-]+$/.test(code)) return null;
  const { kind, rest, gold, direction, n } = cardParts(code);
  if (gold) return gameText(G, "term.card.gold", t("ftk.gold", { n: gold })).split("{value}").join(gold);
  if (kind === "king") return term(G, "card", `king.${direction}${n}`);
  const value = officeValue(kind, rest);
  const form = gameText(G, `term.card.government.${kind}`, null);
  return form ? form.split("{value}").join(String(value)).split("{letter}").join(rest) : t("ftk.office_card", { office: term(G, "office", kind), value, letter: rest });
}

/** @param {string} code @param {Record<string, string>} colours @param {Map<string, Record<string, any>> | null} [tags] */
function ftkCard(code, colours, tags = null) {
  if (code === null || code === undefined) return null;
  const text = String(code);
  const { kind, rest, gold, direction, n } = cardParts(text);
  const info = ftkCardName(text);
  let el;
  if (gold) {
    el = face({ title: t("ftk.gold_word"), info, colour: "yellow", kind: "gold", art: coin(gold) });
  } else if (kind === "king") {
    const sign = { up: "+", down: "\u2212", either: "\u00b1" }[direction] || "";
    el = face({ title: t("ftk.king"), line: plural("ftk.offices_changed", Number(n)), info, colour: "black", kind: "king", art: crown(`${sign}1`) });
  } else {
    const value = officeValue(kind, rest);
    const office = term(G, "office", kind);
    const ink = OFFICE_INK[colours[kind]] || "#555";
    el = face({ title: office, line: t("ftk.letter", { letter: rest }), info, colour: colours[kind] || null, kind: "office", art: [officeSeal(value, rest, ink), emblem(kind, ink)] });
  }
  el.dataset.card = text;
  const pairs = tags && tags.get(text);
  if (pairs) tag(el, pairs);
  return el;
}

// An office's +1 / −1 when a King card changes it: one button each, tagged with the change.
/** @param {Ctx["actions"]} actions @param {string} office */
function kingButtons(actions, office) {
  const changes = actions.filter((a) => a.action.kind === "king" && a.action.office === office);
  if (!changes.length) return null;
  return h(
    "div",
    { class: "board-controls" },
    changes.map((a) => tag(h("button", { type: "button", class: "board-control", text: a.action.change > 0 ? "+1" : "\u22121", "aria-label": a.text }), { kind: "king", office, change: a.action.change })),
  );
}

// The cards of the viewer's hand: a Gold card pays where paying is the choice, else a card is
// discarded where discarding is.
/** @param {Ctx["actions"]} actions @param {string[]} hand */
function handTags(actions, hand) {
  const tags = cardTags(actions, "discard", hand);
  for (const code of hand) {
    const pays = payTag(actions, code);
    if (pays) tags.set(code, pays);
  }
  return tags;
}

/** @param {Ctx} ctx */
export function forTheKingBoard(ctx) {
  const obs = ctx.observation;
  if (!Array.isArray(obs.offices)) return null;
  const colours = Object.fromEntries(obs.offices.map((o) => [o.office, o.colour]));
  const names = ctx.names;
  const auction = obs.auction || null;
  const players = obs.players || [];
  const middleTags = cardTags(ctx.actions, "take", obs.middle || []);
  const ownTags = handTags(ctx.actions, obs.hand || []);
  return h(
    "div",
    { class: ["board", "for-the-king"] },
    // Moves with nothing on the board to click, filled by the picker (in the auction during one).
    auction ? null : moveStrip(),
    h(
      "section",
      { class: "offices", "aria-label": t("ftk.offices") },
      h("h3", { text: t("ftk.offices") }),
      h(
        "div",
        { class: "row" },
        obs.offices.map((o) =>
          zone(
            { title: term(G, "office", o.office), pairs: { office: o.office }, className: "office" },
            emblem(o.office, OFFICE_INK[o.colour] || "#555"),
            chip(t("ftk.primary", { n: o.primary ?? "\u2014" }), { colour: o.colour }),
            chip(t("ftk.secondary", { n: o.secondary ?? "\u2014" }), { colour: o.colour }),
            kingButtons(ctx.actions, o.office),
          ),
        ),
      ),
    ),
    h(
      "p",
      { class: "stats" },
      h("span", { class: "stat" }, t("ftk.advisor"), h("b", { text: names[obs.advisor] ?? "?" })),
      h("span", { class: "stat" }, t("ftk.deck"), h("b", { text: obs.deck_size ?? "?" })),
      h("span", { class: "stat" }, t("ftk.favor"), h("b", { text: obs.favor_size ?? "?" })),
      h("span", { class: "stat" }, t("ftk.box"), h("b", { text: obs.box_size ?? "?" })),
      // During a round's auction the observation names the first player in the auction (it
      // bid first), not at the top: read there, the board said "—" for most of the game.
      h("span", { class: "stat" }, t("ftk.first_player"), h("b", { text: names[obs.first_player ?? (auction ? auction.first_player : -1)] ?? "\u2014" })),
      obs.picker === null || obs.picker === undefined ? null : h("span", { class: "stat" }, t("ftk.picker"), h("b", { text: names[obs.picker] ?? "?" })),
    ),
    h(
      "div",
      { class: "row" },
      obs.held ? zone({ title: t("ftk.held") }, ftkCard(obs.held, colours)) : null,
      zone({ title: t("ftk.middle"), pairs: { area: "middle" } }, (obs.middle || []).map((c) => ftkCard(c, colours, middleTags))),
      typeof ctx.viewer === "number" ? zone({ title: t("ftk.own_deck"), pairs: { area: "own" } }) : null,
      zone({ title: t("ftk.favor_deck"), pairs: { area: "favor" } }, card({ title: String(obs.favor_size ?? "?"), back: true, small: true, info: t("ftk.favor") })),
      (obs.discard_up || []).length ? zone({ title: t("ftk.discard_up") }, obs.discard_up.map((c) => ftkCard(c, colours))) : null,
    ),
    auction
      ? zone(
          { title: t("ftk.auction"), className: "auction" },
          ftkCard(auction.card, colours),
          h("span", { class: "stat" }, t("ftk.high_bid"), h("b", { text: auction.high_bid ?? 0 })),
          h("span", { class: "stat" }, t("ftk.high_bidder"), h("b", { text: auction.high_bidder === null ? "\u2014" : names[auction.high_bidder] })),
          amountField(ctx.actions, "bid", "amount", { label: t("ftk.bid_amount"), button: t("ftk.bid") }),
          // Pass, beside the bid: the board's strip of moves (filled by the picker).
          moveStrip(),
        )
      : null,
    h(
      "table",
      { class: "players-table" },
      h(
        "thead",
        {},
        h("tr", {}, COLUMNS.map((k) => h("th", { scope: "col", text: t(k) }))),
      ),
      h(
        "tbody",
        {},
        players.map((p, i) =>
          h(
            "tr",
            {},
            h("th", { scope: "row", text: names[p.seat ?? i] }),
            // Each cell names its column (a phone shows it before the figure: app.css).
            [p.hand_size, p.favor_cards_placed, p.gold_spent, p.gold_won].map((v, n) => h("td", { text: v ?? "?", dataset: { label: t(COLUMNS[n + 1]) } })),
          ),
        ),
      ),
    ),
    typeof ctx.viewer === "number"
      ? h(
          "div",
          { class: "row" },
          zone({ title: t("ftk.your_hand"), className: "hand" }, (obs.hand || []).map((c) => ftkCard(c, colours, ownTags))),
          zone({ title: t("ftk.your_favor") }, (obs.my_favor_cards || []).map((c) => ftkCard(c, colours))),
        )
      : null,
  );
}
