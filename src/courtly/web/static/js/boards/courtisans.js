// Courtisans: the Queen's table (families above in esteem, below in disgrace, and their
// status), each player's domain, the eliminated cards, your hand and your secret missions.
// Spies played face down show as backs to those who do not know them.
import { h } from "../dom.js";
import { gameText, gameWord, t, term } from "../i18n.js";
import { moveStrip } from "../picks.js";
import { card, chip, zone } from "./cards.js";
import { courtierArt } from "./courtisans-art.js";

const G = "courtisans";
/** @typedef {import("../types/observations").CourtisansObservation} Obs */
/** @typedef {import("../types/observations").BoardContext<Obs>} Ctx */
// Names the code reads the observation through (tests/web/test_board_schemas.py):
// @obs c = queen_table.above[]
// @obs target = queen_table.above[]
// @obs pending = turn.pending_kill
// @obs m = missions[]
// @obs r = revealed_missions[][]

// Fields not drawn on the board, with why (all are under "details"; the test reads these):
// @details winners: the result panel names the winners, with each seat's points

// A family's status in words: the observation says "fallen from grace", the catalogue's id
// is `term.status.fallen`.
/** @param {unknown} status */
export function statusWord(status) {
  return term(G, "status", String(status).startsWith("fallen") ? "fallen" : String(status));
}

function courtier(c, pairs = null) {
  if (!c) return null;
  const known = c.card !== undefined && c.card !== null;
  if (c.face_down && !known) return card({ title: t("courtisans.face_down"), back: true, info: t("courtisans.face_down"), pairs });
  const el = card({
    title: term(G, "family", c.family),
    lines: [term(G, "role", c.role)],
    colour: null,
    mark: c.face_down ? "\u25c9" : null,
    info: [term(G, "family", c.family), term(G, "role", c.role), c.face_down ? t("courtisans.face_down_known") : ""].filter(Boolean).join(" \u00b7 "),
    pairs,
  });
  el.dataset.family = String(c.family);
  el.dataset.role = String(c.role);
  el.classList.add("courtier-card");
  el.prepend(courtierArt(String(c.family), String(c.role)));
  if (known) el.dataset.card = String(c.card);
  return el;
}

// A row of cards; the row the assassin's kill is being decided in has each card tagged
// with the `eliminate` action's arguments (its 1-based position in that row).
function row(cards, rowName, killable) {
  return (cards || []).map((c, i) => courtier(c, killable ? { kind: "eliminate", row: rowName, position: i + 1 } : null));
}

/** @param {Ctx} ctx */
export function courtisansBoard(ctx) {
  const obs = ctx.observation;
  if (!obs.queen_table || !Array.isArray(obs.domains)) return null;
  const names = ctx.names;
  const pending = obs.turn?.pending_kill || null;
  // Which rows a pending kill may take from: both rows of the Queen's table for an assassin
  // placed there, else the domain it lies in. Only cards a legal kill names are highlighted.
  const kill = (place, seat = null) =>
    pending !== null && (place === "domain" ? pending.place === "domain" && pending.seat === seat : pending.place !== "domain");
  const status = obs.family_status || {};
  const hand = obs.hand || [];
  return h(
    "div",
    { class: ["board", "courtisans"] },
    // Moves with nothing on the board to click (sparing the card an assassin may kill):
    // filled by the picker (picks.js).
    moveStrip(),
    h(
      "p",
      { class: "stats" },
      h("span", { class: "stat" }, t("courtisans.deck"), h("b", { text: obs.deck_size ?? "?" })),
      h("span", { class: "stat" }, t("courtisans.removed"), h("b", { text: obs.removed_count ?? "?" })),
      h("span", { class: "stat" }, t("courtisans.first_player"), h("b", { text: names[obs.first_player] ?? "?" })),
      (obs.hand_sizes || []).map((n, seat) =>
        h("span", { class: "stat" }, t("courtisans.hand_of", { name: names[seat] }), h("b", { text: n })),
      ),
    ),
    h(
      "section",
      { class: "queen", "aria-label": gameWord(G, "view.queen_table") },
      h("h3", { text: gameWord(G, "view.queen_table") }),
      h(
        "div",
        { class: "chips" },
        Object.entries(status).map(([family, s]) =>
          chip(`${term(G, "family", family)}: ${statusWord(s)}`, { colour: s === "esteemed" ? "yellow" : String(s).startsWith("fallen") ? "black" : null }),
        ),
      ),
      h(
        "div",
        { class: "row" },
        zone({ title: t("courtisans.above"), pairs: { place: "above" } }, row(obs.queen_table.above, "above", kill("above"))),
        zone({ title: t("courtisans.below"), pairs: { place: "below" } }, row(obs.queen_table.below, "below", kill("below"))),
      ),
    ),
    h(
      "div",
      { class: "row" },
      obs.domains.map((cards, seat) =>
        zone(
          {
            title: seat === ctx.viewer ? t("courtisans.your_domain") : t("courtisans.domain_of", { name: names[seat] }),
            pairs: { place: "domain", seat },
            className: seat === ctx.viewer ? "mine" : null,
          },
          row(cards, "domain", kill("domain", seat)),
        ),
      ),
    ),
    typeof ctx.viewer === "number"
      ? h(
          "div",
          { class: "row" },
          zone({ title: t("courtisans.your_hand"), className: "hand" }, hand.map((c) => courtier(c, { card: c.card }))),
          zone(
            { title: t("courtisans.missions") },
            (obs.missions || []).map((m) => {
              const text = gameText("courtisans", `term.mission.${m.code}`, m.text);
              const el = card({ title: missionTitle(m), lines: [text], colour: m.colour, info: text });
              el.classList.add("mission");
              el.dataset.source = "server";
              return el;
            }),
          ),
        )
      : null,
    zone({ title: t("courtisans.eliminated"), className: "eliminated" }, (obs.eliminated || []).map((c) => courtier(c))),
    // Once over: every seat's secret missions, each marked met or not.
    Array.isArray(obs.revealed_missions)
      ? h(
          "div",
          { class: "row" },
          obs.revealed_missions.map((list, seat) =>
            zone(
              { title: t("courtisans.missions_of", { name: names[seat] }) },
              list.map((r) => {
                const text = gameText("courtisans", `term.mission.${r.code}`, r.text);
                const el = card({ title: missionTitle(r), lines: [text, t(r.met ? "courtisans.met" : "courtisans.not_met")], colour: r.colour, info: text });
                el.classList.add("mission", r.met ? "met" : "not-met");
                return el;
              }),
            ),
          ),
        )
      : null,
  );
}

// A mission card's title in words ("White mission"), as the score table names it: its code
// (W10) is the data's handle, not something printed for players.
function missionTitle(mission) {
  return gameText("courtisans", `score.${mission.colour}_mission`, mission.code);
}
