// Finished games, and a replay viewer that steps through one (the server replays the
// record to the asked step; the client never plays a rule itself).
import { api } from "./api.js";
import { h, s } from "./dom.js";
import { language, t } from "./i18n.js";
import { showError } from "./notice.js";
import { seatLabel } from "./seats.js";
import { drawBoard, serverText } from "./boards/index.js";
import { resultPanel } from "./result.js";
import { reviewPanel } from "./review.js";

export async function showHistory() {
  const app = document.getElementById("app");
  app.replaceChildren(h("p", { class: "muted", text: t("common.loading") }));
  let tables;
  try {
    tables = await api("/api/tables?status=history");
  } catch (err) {
    showError(err);
    return;
  }
  app.replaceChildren(
    h("h1", { text: t("history.title") }),
    tables.length === 0
      ? h("p", { class: "muted", text: t("history.empty") })
      : h(
          "ul",
          { class: "table-list" },
          tables.map((tb) => {
            const names = tb.seats.map(seatLabel);
            const winners = tb.result ? tb.result.winners.map((w) => names[w]).join(", ") : "";
            return h(
              "li",
              { dataset: { table: tb.id } },
              h("strong", { text: tb.title }),
              " ",
              h("span", { text: names.join(" · ") }),
              " ",
              h("span", { class: "muted", text: tb.status === "finished" ? t("history.won", { names: winners }) : t(`status.${tb.status}`) }),
              " ",
              tb.status === "finished" ? h("a", { href: `/replay/${tb.id}`, class: "button", text: t("history.replay") }) : null,
              h("a", { href: `/api/tables/${tb.id}/record`, class: "button", download: `${tb.game}-${tb.id}.json`, text: t("history.download") }),
            );
          }),
        ),
  );
}

// The stepping buttons' icons, drawn in SVG: a font's media-control glyphs (U+23EE, U+23ED)
// are missing from the fonts many systems install, and show as empty boxes there.
const ICONS = {
  first: ["M6 5h2v14H6z", "M19 5v14L9 12z"],
  back: ["M17 5v14L6 12z"],
  forward: ["M7 5v14l11-7z"],
  last: ["M16 5h2v14h-2z", "M5 5v14l10-7z"],
};

function icon(name) {
  return s("svg", { viewBox: "0 0 24 24", width: 20, height: 20, "aria-hidden": "true", focusable: "false" }, ICONS[name].map((d) => s("path", { d, fill: "currentColor" })));
}

export async function showReplay(tableId) {
  const app = document.getElementById("app");
  let info;
  try {
    info = await api(`/api/tables/${tableId}`);
  } catch (err) {
    showError(err);
    return;
  }
  const names = info.seats.map(seatLabel);
  const state = { step: 0, steps: 0, viewer: "" };
  // The board's own h2 keeps the outline in order (the boards' titles are h3).
  const boardSlot = h("div");
  const boardArea = h("section", { class: "board-area", "aria-labelledby": "board-title" }, h("h2", { id: "board-title", class: "visually-hidden", text: t("table.board") }), boardSlot);
  // Focusable: a keyboard scrolls it (it scrolls inside its panel).
  const logList = h("ol", { class: "log", tabIndex: 0 });
  const logEmpty = h("p", { class: "muted", text: t("table.log_empty") });
  const counter = h("output", { id: "replay-step" });
  const slider = h("input", { type: "range", min: 0, max: 0, value: 0, id: "replay-slider", "aria-label": t("replay.jump") });
  const viewerSelect = h(
    "select",
    { id: "replay-viewer" },
    h("option", { value: "", text: t("replay.public") }),
    names.map((name, seat) => h("option", { value: String(seat), text: t("replay.as", { name }) })),
  );
  const load = async (step) => {
    const query = new URLSearchParams({ step: String(step), lang: language() });
    if (state.viewer !== "") query.set("viewer", state.viewer);
    let data;
    try {
      data = await api(`/api/tables/${tableId}/replay?${query}`);
    } catch (err) {
      showError(err);
      return;
    }
    Object.assign(state, { step: data.step, steps: data.steps });
    slider.max = String(data.steps);
    slider.value = String(data.step);
    counter.textContent = t("replay.step", { step: data.step, steps: data.steps });
    boardSlot.replaceChildren(
      drawBoard({ game: info.game, observation: data.observation, actions: [], names, viewer: data.viewer }),
    );
    logList.replaceChildren(...data.events.map((e) => h("li", { dataset: { source: "server" } }, serverText(info.game, e.text, e.parts))));
    logEmpty.hidden = data.events.length > 0;
    logList.scrollTop = logList.scrollHeight;
    result.replaceChildren(data.step === data.steps ? resultPanel(info, data.breakdown, names, data.observation) : "");
  };
  const button = (key, icon, target) =>
    h("button", { type: "button", class: "icon", "aria-label": t(key), title: t(key), onclick: () => load(Math.max(0, Math.min(state.steps, target()))) }, icon);
  slider.oninput = () => load(Number(slider.value));
  // A review links each judged move to the position before it was played; it shows the
  // review of the viewer chosen here (the public view: every seat's chance as a spectator sees).
  const review = reviewPanel(tableId, names, (step) => load(Math.max(0, Math.min(state.steps, step))));
  viewerSelect.onchange = () => {
    state.viewer = viewerSelect.value;
    review.follow(state.viewer);
    load(state.step);
  };
  const result = h("div");
  app.replaceChildren(
    h("h1", { text: t("replay.title", { game: info.title }) }),
    h(
      "div",
      { class: ["panel", "replay-controls"] },
      button("replay.first", icon("first"), () => 0),
      button("replay.back", icon("back"), () => state.step - 1),
      counter,
      button("replay.forward", icon("forward"), () => state.step + 1),
      button("replay.last", icon("last"), () => state.steps),
      slider,
      // The label and its list wrap to the next line together, never apart.
      h("span", { class: "replay-view" }, h("label", { for: "replay-viewer", text: t("replay.view") }), viewerSelect),
    ),
    // At the last move the result comes first, above the board, as on the table page.
    result,
    h(
      "div",
      { class: "table-layout" },
      boardArea,
      h(
        "aside",
        { class: "side" },
        h("section", { class: ["panel", "log-panel"] }, h("h2", { text: t("table.log") }), logEmpty, logList),
        review.panel,
      ),
    ),
  );
  await load(0);
}
