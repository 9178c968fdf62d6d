// Tudor: the Throne Room (its columns of spaces with Court Tokens, Influence and Intrigue
// markers and Courtiers, the Offices above), the three Audience Chambers (bench, chairs,
// Lords), the Court Card supply and the Ring Stand, each player's Rings and Prestige, and
// behind your screen your Court Cards, Court Tokens and markers (clickable where an action
// returns, pays with or spends them). Every player's pieces are drawn in their own colour,
// with the seat's number on them and a legend, so two names that start alike stay apart.
// Every decision is made on the board: a space, a chair, a Chamber, a Court Card, a Ring or a
// finger, a letter of the actions, a Scenario Card's side, a player in the legend; the
// decisions with nothing on the table to click (end the turn, decline...) are buttons on it.
import { h } from "../dom.js";
import { gameWord, plural, t, term } from "../i18n.js";
import { moveStrip, tag } from "../picks.js";
import { chip, zone } from "./cards.js";
import { courtCard, hand, officeSeal, ring, token as tokenArt } from "./tudor-art.js";


const G = "tudor";
/** @typedef {import("../types/observations").TudorObservation} Obs */
/** @typedef {import("../types/observations").BoardContext<Obs>} Ctx */
// Names the code reads the observation through (tests/web/test_board_schemas.py):
// @obs p = players[]
// @obs r = players[].rings[]
// @obs column = throne_room[]
// @obs screen = behind_screen
// @obs counts = screens[]

// Fields not drawn on the board, with why (all are under "details"; the test reads these):
// @details decision: the engine's place in the current decision; the choices say it in words (the details show whose turn and the Rings pending, details-words.js)
// @details removed_tokens: Court Tokens out of the game, which no action reaches again
// @details removed_markers: markers out of the game, which no action reaches again
const CHAMBERS = ["I", "II", "III"];
export const MARK = { influence: "\u25cf", intrigue: "\u25c6", opportunity: "\u2605" };
// The kinds of action that take a Court Card from behind the viewer's screen (not `take`,
// which takes one from the supply).
const SCREEN_CARD_KINDS = new Set(["give", "pay", "skip"]);

/**
 * @param {Record<string, number>} counts
 * @param {(colour: string) => Record<string, string> | null} [pairsFor]
 * @param {string} [suffix]
 * @param {(colour: string) => Element} [art]
 */
function colourChips(counts, pairsFor = () => null, suffix = "", art = tokenArt) {
  return Object.entries(counts || {}).map(([colour, n]) => {
    const el = chip(`${term(G, "faction", colour)}${suffix} \u00d7${n}`, { colour, pairs: n > 0 ? pairsFor(colour) : null });
    el.prepend(art(colour));
    if (n === 0) el.classList.add("none");
    return el;
  });
}

// A player's piece: a disc in the seat's colour with the seat's number (names are on hover
// and in the legend).
export function piece(seat, names) {
  if (seat === null || seat === undefined) return null;
  const name = names[seat] ?? String(seat + 1);
  return h("span", { class: ["courtier", `seat-${seat}`], title: name, "aria-label": name, text: String(seat + 1) });
}

/** @param {Obs} obs @param {string[]} names */
function legend(obs, names) {
  return h(
    "ul",
    { class: "legend", "aria-label": t("tudor.legend") },
    // A player is chosen here where an action names one (Rise And Fall, Connections).
    obs.players.map((_p, seat) => tag(h("li", {}, piece(seat, names), h("span", { text: names[seat] })), { kind: "seat", seat })),
    Object.entries(MARK).map(([marker, symbol]) =>
      h("li", {}, h("span", { class: ["marker", marker], "aria-hidden": "true", text: symbol }), h("span", { text: term(G, "marker", marker) })),
    ),
  );
}

/** @param {Obs} obs @param {string[]} names */
function throneRoom(obs, names) {
  const columns = obs.throne_room || [];
  return h(
    "section",
    { class: "throne-room", "aria-label": t("tudor.throne_room") },
    h("h3", { text: t("tudor.throne_room") }),
    h(
      "div",
      { class: "columns" },
      columns.map((column, c) =>
        h(
          "div",
          { class: "column" },
          // An Office is held by a seat: its holder's piece, else the column's number.
          h(
            "div",
            { class: "office", title: t("tudor.column", { n: c + 1 }) },
            officeSeal(),
            h("span", { class: "office-name", text: term(G, "office", String(c + 1)) }),
            column.office === null || column.office === undefined ? null : piece(column.office, names),
          ),
          (column.tokens || []).map((token, r) => {
            const marker = (column.markers || [])[r];
            const cell = h(
              "div",
              { class: "space", dataset: { colour: token || "" }, title: [token ? term(G, "faction", token) : "", marker ? term(G, "marker", marker) : ""].filter(Boolean).join(" \u00b7 ") },
              h("span", { class: "space-name", text: `${c + 1}-${r + 1}` }),
              token ? tokenArt(token) : null,
              marker ? h("span", { class: ["marker", marker], text: MARK[marker] || "\u2022" }) : null,
              piece((column.courtiers || [])[r], names),
            );
            cell.dataset.pick = JSON.stringify({ space: `${c + 1}-${r + 1}` });
            return cell;
          }),
        ),
      ),
    ),
  );
}

/** @param {Obs} obs @param {string[]} names @param {number | null | undefined} viewer */
function chambers(obs, names, viewer) {
  return h(
    "div",
    { class: "row" },
    CHAMBERS.map((roman, i) =>
      zone(
        { title: t("tudor.chamber", { n: roman }), pairs: { chamber: roman }, className: "chamber" },
        h("div", { class: "bench" }, h("span", { class: "hint", text: gameWord(G, "view.bench") }), ((obs.benches || [])[i] || []).map((s) => piece(s, names))),
        h(
          "ol",
          { class: "chairs" },
          ((obs.chairs || [])[i] || []).map((s, k) => {
            const li = h("li", { class: "chair", title: t("tudor.chair", { n: k + 1 }) }, piece(s, names), ((obs.behind_chairs || [])[i] || [])[k] ? h("span", { class: "hint", text: t("tudor.behind") }) : null);
            li.dataset.pick = JSON.stringify({ chamber: roman, chair: k + 1 });
            return li;
          }),
        ),
        (obs.players || []).map((p, seat) =>
          p.lord === roman ? h("span", { class: "lord" }, seat === viewer ? tag(piece(seat, names), { kind: "activate_lord" }) : piece(seat, names), t("tudor.lord_of", { name: names[seat] })) : null,
        ),
      ),
    ),
  );
}

// The pairs a Court Card of `colour` behind the screen stands for: the one kind of legal
// action that uses a card from the screen (so it is never taken for the supply's `take`).
/** @param {Ctx["actions"]} actions @param {string} colour */
function screenCardPairs(actions, colour) {
  const kinds = new Set(actions.filter((a) => SCREEN_CARD_KINDS.has(a.action.kind) && a.action.card === colour).map((a) => a.action.kind));
  return kinds.size === 1 ? { kind: [...kinds][0], card: colour } : null;
}

/** @param {import("../types/observations").TudorScreen} screen @param {Ctx["actions"]} actions @param {string} [title] */
function behindScreen(screen, actions, title = t("tudor.behind_screen")) {
  return zone(
    { title, className: ["hand", "screen"] },
    h("div", { class: "screen-group" }, h("h4", { text: t("tudor.court_cards_held") }), h("div", { class: "chips" }, colourChips(screen.cards, (colour) => screenCardPairs(actions, colour), "", courtCard))),
    h("div", { class: "screen-group" }, h("h4", { text: t("tudor.court_tokens") }), h("div", { class: "chips" }, colourChips(screen.court_tokens, (colour) => ({ token: colour }), ` ${t("tudor.token")}`))),
    h(
      "div",
      { class: "screen-group" },
      h("h4", { text: t("tudor.markers") }),
      h("div", { class: "chips" }, Object.entries(MARK).map(([m, symbol]) => chip(`${symbol} ${term(G, "marker", m)} \u00d7${screen[m] ?? 0}`))),
    ),
  );
}

/** @param {Ctx} ctx */
export function tudorBoard(ctx) {
  const obs = ctx.observation;
  if (!Array.isArray(obs.throne_room) || !Array.isArray(obs.players)) return null;
  const names = ctx.names;
  const screen = obs.behind_screen || null;
  const drafting = obs.phase === "draft" || obs.round === 0;
  const columns = [t("tudor.player"), t("tudor.prestige"), gameWord(G, "view.rings"), t("tudor.courtiers"), t("tudor.lord"), t("tudor.screen")];
  return h(
    "div",
    { class: ["board", "tudor"] },
    h(
      "p",
      { class: "stats" },
      h("span", { class: "stat" }, t("tudor.round"), h("b", { text: drafting ? t("tudor.draft", { rounds: obs.rounds ?? "?" }) : t("tudor.round_of", { round: obs.round ?? "?", rounds: obs.rounds ?? "?" }) })),
      h("span", { class: "stat" }, t("tudor.bag"), h("b", { text: obs.bag_count ?? "?" })),
      h("span", { class: "stat" }, t("tudor.start_player"), h("b", { text: names[obs.start_player] ?? "?" })),
      obs.cards_in_play
        ? h("span", { class: "stat" }, t("tudor.cards_in_play"), h("b", { text: t("tudor.scoring_scenario", { scoring: (obs.cards_in_play.scoring || []).join(", "), scenario: obs.cards_in_play.scenario ?? "\u2014" }) }))
        : null,
    ),
    legend(obs, names),
    // Moves with nothing on the board to click (pass, end the turn...): filled by the picker.
    moveStrip(),
    choicesOnCards(obs, ctx.actions),
    throneRoom(obs, names),
    chambers(obs, names, ctx.viewer),
    h(
      "div",
      { class: "row" },
      zone({ title: t("tudor.court_cards") }, colourChips(obs.court_card_supply, (colour) => (typeof ctx.viewer === "number" ? { kind: "take", card: colour } : null), "", courtCard)),
      zone({ title: t("tudor.ring_stand") }, colourChips(obs.ring_stand, (colour) => ({ ring: colour }), "", ring)),
    ),
    h(
      "table",
      { class: "players-table" },
      h("thead", {}, h("tr", {}, columns.map((text) => h("th", { scope: "col", text })))),
      h(
        "tbody",
        {},
        obs.players.map((p, seat) => {
          const counts = obs.screens?.[seat];
          // Each cell names its column (a phone shows it before the figure: app.css).
          const cell = (n, attrs, ...children) => h("td", { ...attrs, dataset: { label: columns[n] } }, ...children);
          return h(
            "tr",
            {},
            h("th", { scope: "row" }, piece(seat, names), " ", names[seat]),
            cell(1, { text: p.prestige ?? "?" }),
            cell(2, {}, hand(p.rings || [], seat === ctx.viewer)),
            seat === ctx.viewer ? cell(3, {}, tag(h("span", { class: "supply", text: p.courtiers_in_supply ?? "?" }), { kind: "new_courtier" })) : cell(3, { text: p.courtiers_in_supply ?? "?" }),
            cell(4, { text: p.lord ? t("tudor.chamber", { n: p.lord }) : "\u2014" }),
            cell(5, { text: [plural("tudor.count_cards", counts?.cards), plural("tudor.count_tokens", counts?.court_tokens), plural("tudor.count_markers", counts?.influence_intrigue)].join(", ") }),
          );
        }),
      ),
    ),
    screen ? behindScreen(screen, ctx.actions) : null,
    // Once over, every seat's screen is shown.
    Array.isArray(obs.revealed) ? h("div", { class: "row" }, obs.revealed.map((other, seat) => behindScreen(other, [], t("tudor.screen_of", { name: names[seat] })))) : null,
  );
}

// The actions A-H while one is to be chosen (the Chamber's pair, then the alternates), and
// the Scenario Card's two sides while one may be used.
/** @param {Obs} obs @param {Ctx["actions"]} actions */
function choicesOnCards(obs, actions) {
  const letters = actions.filter((a) => a.action.kind === "action").map((a) => String(a.action.letter));
  const sides = actions.filter((a) => a.action.kind === "scenario").map((a) => String(a.action.side));
  if (!letters.length && !sides.length) return null;
  return h(
    "div",
    { class: "row" },
    letters.length
      ? zone(
          { title: t("tudor.actions"), className: "letters" },
          letters.map((letter) => tag(h("span", { class: "letter-card" }, h("b", { text: letter }), h("span", { text: term(G, "action", letter) })), { kind: "action", letter })),
        )
      : null,
    sides.length
      ? zone(
          { title: term(G, "scenario", String(obs.cards_in_play?.scenario ?? "")), className: "scenario" },
          sides.map((side) =>
            tag(h("span", { class: "letter-card" }, h("b", { text: term(G, "side", side) }), h("span", { text: term(G, "scenario", `${obs.cards_in_play?.scenario}.${side}`) })), { kind: "scenario", side }),
          ),
        )
      : null,
  );
}
