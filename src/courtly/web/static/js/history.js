// Finished games, and a replay viewer that steps through one (the server replays the
// record to the asked step; the client never plays a rule itself).
import { api } from "./api.js";
import { h, s } from "./dom.js";
import { gameTitle, language, t } from "./i18n.js";
import { nothingHere, reasonOf, requestText, showError } from "./notice.js";
import { seatLabel } from "./seats.js";
import { drawBoard, serverText } from "./boards/index.js";
import { resultPanel } from "./result.js";
import { reviewPanel } from "./review.js";
import { currentAccount } from "./session.js";
import { loadHeld } from "./store.js";
import { endedAt, scoreLine, seatStanding, standingBadge } from "./finished.js";

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
          tables.map((tb) => historyRow(tb)),
        ),
  );
}

// A finished game as the history lists it: its title and when it ended, each seat with its
// score, who won, the reader's own result where this browser or account played a seat there,
// and the links to its replay and record.
function historyRow(tb) {
  const names = tb.seats.map(seatLabel);
  const finished = tb.status === "finished";
  const winners = tb.result ? tb.result.winners.map((w) => names[w]).join(", ") : "";
  return h(
    "li",
    { dataset: { table: tb.id } },
    h("strong", { text: gameTitle(tb.game, tb.title) }),
    " ",
    endedAt(tb.finished_at),
    " ",
    scoreLine(names, tb.result ? tb.result.scores : null),
    " ",
    h("span", { class: "muted", text: finished ? t("history.won", { names: winners }) : t(`status.${tb.status}`) }),
    " ",
    tb.places ? readerSeats(tb).map((seat) => [standingBadge(t("finished.yours", { name: names[seat], standing: seatStanding(tb, seat) })), " "]) : null,
    finished ? h("a", { href: `/replay/${tb.id}`, class: "button", text: t("history.replay") }) : null,
    h("a", { href: `/api/tables/${tb.id}/record`, class: "button", download: `${tb.game}-${tb.id}.json`, text: t("history.download") }),
  );
}

// The seats the reader played: those this browser holds a link of, and its account's.
function readerSeats(tb) {
  const held = loadHeld(tb.id).seats || {};
  const account = currentAccount();
  return tb.seats
    .filter((seat) => String(seat.seat) in held || (account !== null && seat.account && seat.name === account.name))
    .map((seat) => seat.seat);
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

// Where a replay stands, by the move about to be played ("Before move 4 of 64": the number the
// review gives that move, whose link opens this position), and at the end after the last.
function stepText(step, steps) {
  return step < steps ? t("replay.step", { move: step + 1, steps }) : t("replay.step_end", { steps });
}

// The counter keeps the width of its widest text (drawn unseen in the same cell), so the
// buttons beside it stay where they are while the numbers grow.
function stepCounter(steps) {
  const widest = steps > 0 ? [stepText(steps - 1, steps), stepText(steps, steps)] : [stepText(0, 0)];
  const counter = h("output", { id: "replay-step" });
  const box = h("span", { class: "replay-counter" }, counter, widest.map((text) => h("span", { class: "sizer", "aria-hidden": "true", text })));
  return { counter, box };
}

// A replay that cannot be shown: a game still being played or not started (the server replays
// only a finished game) or one stopped before its end leads to its table, where it is seen as
// it is; no such game, to the lobby.
function noReplay(app, tableId, info, err) {
  const way = { href: `/play/${tableId}`, id: "to-table", text: t("replay.to_table") };
  if (info && (info.status === "waiting" || info.status === "playing")) return app.replaceChildren(nothingHere(t(`replay.${info.status}`), { way }));
  if (info && info.status === "ended" && err && err.status === 409) return app.replaceChildren(nothingHere(t("replay.ended"), { way }));
  if (err && err.status === 404) return app.replaceChildren(nothingHere(requestText(err), { reason: reasonOf(err) }));
  showError(err);
}

export async function showReplay(tableId) {
  const app = document.getElementById("app");
  let info;
  try {
    info = await api(`/api/tables/${tableId}`);
  } catch (err) {
    return noReplay(app, tableId, null, err);
  }
  if (info.status === "waiting" || info.status === "playing") return noReplay(app, tableId, info, null);
  const names = info.seats.map(seatLabel);
  // `step`: the position last asked for (the buttons step from it); `asked`: that request's
  // number, so an older answer still on its way is not drawn over it (it once pulled the
  // slider back under quick arrow presses); `dragging`: the slider is not moved under a finger.
  const state = { step: 0, steps: 0, viewer: "", asked: 0, dragging: false };
  const fetchStep = (step) => {
    const query = new URLSearchParams({ step: String(step), lang: language() });
    if (state.viewer !== "") query.set("viewer", state.viewer);
    return api(`/api/tables/${tableId}/replay?${query}`);
  };
  let first;
  try {
    first = await fetchStep(0);
  } catch (err) {
    return noReplay(app, tableId, info, err);
  }
  state.steps = first.steps;
  // The board's own h2 keeps the outline in order (the boards' titles are h3).
  const boardSlot = h("div");
  const boardArea = h("section", { class: "board-area", "aria-labelledby": "board-title" }, h("h2", { id: "board-title", class: "visually-hidden", text: t("table.board") }), boardSlot);
  // Focusable: a keyboard scrolls it (it scrolls inside its panel).
  const logList = h("ol", { class: "log", tabIndex: 0 });
  const logEmpty = h("p", { class: "muted", text: t("table.log_empty") });
  const { counter, box: counterBox } = stepCounter(first.steps);
  const slider = h("input", { type: "range", min: 0, max: first.steps, value: 0, id: "replay-slider", "aria-label": t("replay.jump") });
  const viewerSelect = h(
    "select",
    { id: "replay-viewer" },
    h("option", { value: "", text: t("replay.public") }),
    names.map((name, seat) => h("option", { value: String(seat), text: t("replay.as", { name }) })),
  );
  const result = h("div");
  const draw = (data) => {
    const text = stepText(data.step, data.steps);
    if (!state.dragging) slider.value = String(data.step);
    slider.setAttribute("aria-valuetext", text);
    counter.textContent = text;
    boardSlot.replaceChildren(
      drawBoard({ game: info.game, observation: data.observation, actions: [], names, viewer: data.viewer }),
    );
    logList.replaceChildren(...data.events.map((e) => h("li", { dataset: { source: "server" } }, serverText(info.game, e.text, e.parts))));
    logEmpty.hidden = data.events.length > 0;
    logList.scrollTop = logList.scrollHeight;
    result.replaceChildren(data.step === data.steps ? resultPanel(info, data.breakdown, names, data.observation) : "");
  };
  const load = async (step) => {
    const asked = ++state.asked;
    state.step = step;
    let data;
    try {
      data = await fetchStep(step);
    } catch (err) {
      if (asked === state.asked) showError(err);
      return;
    }
    if (asked === state.asked) draw(data);
  };
  const goTo = (step) => load(Math.max(0, Math.min(state.steps, step)));
  const button = (key, icon, target) => h("button", { type: "button", class: "icon", "aria-label": t(key), title: t(key), onclick: () => goTo(target()) }, icon);
  slider.oninput = () => load(Number(slider.value));
  slider.onpointerdown = () => {
    state.dragging = true;
    const release = () => {
      state.dragging = false;
      slider.value = String(state.step);
    };
    document.addEventListener("pointerup", release, { once: true });
    document.addEventListener("pointercancel", release, { once: true });
  };
  // A review links each judged move to the position before it was played; it shows the
  // review of the viewer chosen here (the public view: every seat's chance as a spectator sees).
  const review = reviewPanel(tableId, names, goTo);
  viewerSelect.onchange = () => {
    state.viewer = viewerSelect.value;
    review.follow(state.viewer);
    load(state.step);
  };
  app.replaceChildren(
    h("h1", { text: t("replay.title", { game: gameTitle(info.game, info.title) }) }),
    h(
      "div",
      { class: ["panel", "replay-controls"] },
      // The buttons and the counter between them keep one line (on a phone the counter takes
      // its own line above the buttons).
      h(
        "span",
        { class: "replay-steps" },
        button("replay.first", icon("first"), () => 0),
        button("replay.back", icon("back"), () => state.step - 1),
        counterBox,
        button("replay.forward", icon("forward"), () => state.step + 1),
        button("replay.last", icon("last"), () => state.steps),
      ),
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
  draw(first);
}
