// Tudor: the Throne Room (its columns of spaces with Court Tokens, Influence and Intrigue
// markers and Courtiers, the Offices above), the three Audience Chambers (bench, chairs,
// Lords), the Court Card supply and the Ring Stand, each player's Rings and Prestige, and
// behind your screen your Court Cards and tokens.
import { h } from "../dom.js";
import { t, term } from "../i18n.js";
import { chip, zone } from "./cards.js";

const G = "tudor";
const CHAMBERS = ["I", "II", "III"];
const MARK = { influence: "\u25cf", intrigue: "\u25c6", opportunity: "\u2605" };

function colourChips(counts, key, suffix = "") {
  return Object.entries(counts || {}).map(([colour, n]) =>
    chip(`${term(G, "faction", colour)}${suffix} \u00d7${n}`, { colour, pairs: key && n > 0 ? { [key]: colour } : null }),
  );
}

function courtierMark(seat, names) {
  if (seat === null || seat === undefined) return null;
  return h("span", { class: ["courtier", `seat-${seat}`], title: names[seat] ?? String(seat), text: (names[seat] || "?").slice(0, 2) });
}

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
          h("div", { class: "office", text: column.office ? String(column.office) : t("tudor.column", { n: c + 1 }) }),
          (column.tokens || []).map((token, r) => {
            const marker = (column.markers || [])[r];
            const cell = h(
              "div",
              { class: "space", dataset: { colour: token || "" }, title: [token ? term(G, "faction", token) : "", marker ? term(G, "marker", marker) : ""].filter(Boolean).join(" \u00b7 ") },
              h("span", { class: "space-name", text: `${c + 1}-${r + 1}` }),
              marker ? h("span", { class: "marker", text: MARK[marker] || "\u2022" }) : null,
              courtierMark((column.courtiers || [])[r], names),
            );
            cell.dataset.pick = JSON.stringify({ space: `${c + 1}-${r + 1}` });
            return cell;
          }),
        ),
      ),
    ),
  );
}

function chambers(obs, names) {
  return h(
    "div",
    { class: "row" },
    CHAMBERS.map((roman, i) =>
      zone(
        { title: t("tudor.chamber", { n: roman }), pairs: { chamber: roman }, className: "chamber" },
        h("div", { class: "bench" }, h("span", { class: "hint", text: t("tudor.bench") }), ((obs.benches || [])[i] || []).map((s) => courtierMark(s, names))),
        h(
          "ol",
          { class: "chairs" },
          ((obs.chairs || [])[i] || []).map((s, k) => {
            const li = h("li", { class: "chair", title: t("tudor.chair", { n: k + 1 }) }, courtierMark(s, names), ((obs.behind_chairs || [])[i] || [])[k] ? h("span", { class: "hint", text: t("tudor.behind") }) : null);
            li.dataset.pick = JSON.stringify({ chamber: roman, chair: k + 1 });
            return li;
          }),
        ),
        (obs.players || []).map((p, seat) => (p.lord === roman ? h("span", { class: "lord", text: t("tudor.lord_of", { name: names[seat] }) }) : null)),
      ),
    ),
  );
}

export function tudorBoard(ctx) {
  const obs = ctx.observation;
  if (!Array.isArray(obs.throne_room) || !Array.isArray(obs.players)) return null;
  const names = ctx.names;
  const you = obs.you || null;
  return h(
    "div",
    { class: ["board", "tudor"] },
    h(
      "p",
      { class: "stats" },
      h("span", { class: "stat" }, t("tudor.round"), h("b", { text: `${obs.round ?? "?"} / ${obs.rounds ?? "?"}` })),
      h("span", { class: "stat" }, t("tudor.bag"), h("b", { text: obs.bag_count ?? "?" })),
      obs.cards_in_play
        ? h("span", { class: "stat" }, t("tudor.cards_in_play"), h("b", { text: t("tudor.scoring_scenario", { scoring: (obs.cards_in_play.scoring || []).join(", "), scenario: obs.cards_in_play.scenario ?? "\u2014" }) }))
        : null,
    ),
    throneRoom(obs, names),
    chambers(obs, names),
    h(
      "div",
      { class: "row" },
      zone({ title: t("tudor.court_cards") }, colourChips(obs.court_card_supply, typeof ctx.viewer === "number" ? "card" : null)),
      zone({ title: t("tudor.ring_stand") }, colourChips(obs.ring_stand, "ring")),
    ),
    h(
      "table",
      { class: "players-table" },
      h("thead", {}, h("tr", {}, ["tudor.player", "tudor.prestige", "tudor.rings", "tudor.courtiers", "tudor.lord", "tudor.screen"].map((k) => h("th", { scope: "col", text: t(k) })))),
      h(
        "tbody",
        {},
        obs.players.map((p, seat) => {
          const screen = (obs.screens || [])[seat] || {};
          return h(
            "tr",
            {},
            h("th", { scope: "row", text: names[seat] }),
            h("td", { text: p.prestige ?? "?" }),
            h("td", {}, (p.rings || []).map((r) => chip(`${term(G, "finger", r.finger)}: ${term(G, "faction", r.ring)}`, { colour: r.ring, pairs: seat === ctx.viewer ? { finger: r.finger } : null }))),
            h("td", { text: p.courtiers_in_supply ?? "?" }),
            h("td", { text: p.lord ? t("tudor.chamber", { n: p.lord }) : "\u2014" }),
            h("td", { text: t("tudor.screen_counts", { cards: screen.cards ?? "?", tokens: screen.court_tokens ?? "?", markers: screen.influence_intrigue ?? "?" }) }),
          );
        }),
      ),
    ),
    you
      ? zone(
          { title: t("tudor.behind_screen"), className: "hand" },
          h("div", { class: "chips" }, colourChips(you.cards, "card", "")),
          h("div", { class: "chips" }, colourChips(you.court_tokens, "token", ` ${t("tudor.token")}`)),
          h(
            "div",
            { class: "chips" },
            ["influence", "intrigue", "opportunity"].map((m) => chip(`${MARK[m]} ${term(G, "marker", m)} \u00d7${you[m] ?? 0}`)),
          ),
        )
      : null,
  );
}
