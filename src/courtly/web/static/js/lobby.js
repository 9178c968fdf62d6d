// The lobby: the games with their player counts, quick play, the new-table form and the
// open tables (open_tables.js, kept fresh while shown).
import { api } from "./api.js";
import { h } from "./dom.js";
import { courtlyHas, courtlyWord, gameText, gameTitle, t } from "./i18n.js";
import { go } from "./navigate.js";
import { paceBody, paceFields } from "./pace.js";
import { ratedLevelName } from "./seats.js";
import { saveHeld } from "./store.js";
import { showError } from "./notice.js";
import { quickPlayPanel } from "./quickplay.js";
import { openTablesPanel } from "./open_tables.js";
import { optionField, optionInput } from "./lobby_options.js";

const LEVELS_SHOWN = ["easy", "medium", "hard", "random", "greedy"];

export async function showLobby() {
  const app = document.getElementById("app");
  app.replaceChildren(h("p", { class: "muted", text: t("common.loading") }));
  let games;
  let tables = [];
  try {
    [games, tables] = await Promise.all([api("/api/games"), api("/api/tables?status=active")]);
  } catch (err) {
    showError(err);
    app.replaceChildren();
    return;
  }
  const form = h("section", { class: "panel", id: "new-table", "aria-labelledby": "new-table-title" });
  const chooseGame = (name) => {
    drawForm(form, games, name);
    form.scrollIntoView({ behavior: "smooth", block: "start" });
  };
  const open = openTablesPanel(tables);
  app.replaceChildren(
    h("h1", { text: t("lobby.title") }),
    h("p", { class: "lead", text: t("lobby.intro") }),
    h("section", { class: "games", "aria-label": t("lobby.games") }, games.map((g) => gameCard(g, chooseGame))),
    quickPlayPanel(games),
    form,
    open.element,
  );
  drawForm(form, games, games[0].name);
  // The router calls it on leaving the lobby: the open tables are no longer asked for.
  return open.stop;
}

function gameCard(game, choose) {
  return h(
    "article",
    { class: "game-card", dataset: { game: game.name } },
    h("h2", { text: gameTitle(game.name, game.title) }),
    h("p", { class: "players", text: playerCount(game) }),
    h("p", { class: "summary", dataset: { source: "server" }, text: gameText(game.name, "game.summary", game.summary) }),
    h("button", {
      type: "button",
      class: "primary",
      text: t("lobby.new_table_for", { game: gameTitle(game.name, game.title) }),
      onclick: () => choose(game.name),
    }),
  );
}

function playerCount(game) {
  if (game.min_players === game.max_players) return t("lobby.players_exact", { n: game.min_players });
  return t("lobby.players", { min: game.min_players, max: game.max_players });
}

// The levels a seat's list offers, each named with its rating at the table's player count
// (a level's edge at five seats is not its edge in a duel: docs/ratings.md).
function levelOptions(game, players) {
  const levels = [...new Set([...(game.levels || []), ...LEVELS_SHOWN.filter((l) => l in (game.agents || {}))])];
  const ratings = (game.bot_ratings || {})[String(players)] || {};
  return levels.map((l) => ({ level: l, text: ratedLevelName(l, ratings[l]) }));
}

// What a level is like to play against, in plain words (`agent.about.LEVEL`): a bot is named
// by its level, never by the search it stands for (docs/web.md).
/** @param {string} level */
function levelAbout(level) {
  return courtlyHas(`agent.about.${level}`) ? courtlyWord(`agent.about.${level}`) : undefined;
}

// The seats' level lists say the ratings at another player count (the form's count changed).
function relabelLevels(seats, game, players) {
  const labels = Object.fromEntries(levelOptions(game, players).map((o) => [o.level, o.text]));
  for (const option of seats.querySelectorAll(".seat-level > option")) option.textContent = labels[option.value];
}

function seatRow(index, game, players) {
  const kindId = `seat-kind-${index}`;
  const levelId = `seat-level-${index}`;
  const nameId = `seat-name-${index}`;
  const kind = h(
    "select",
    { id: kindId, class: "seat-kind" },
    ["hotseat", "open", "bot"].map((k) =>
      h("option", { value: k, text: t(`form.seat_${k}`), selected: (index === 0 ? "hotseat" : "bot") === k }),
    ),
  );
  const level = h(
    "select",
    { id: levelId, class: "seat-level" },
    levelOptions(game, players).map(({ level: l, text }) =>
      h("option", { value: l, text, title: levelAbout(l), selected: l === "easy" }),
    ),
  );
  const name = h("input", {
    id: nameId,
    class: "seat-name",
    type: "text",
    maxLength: 32,
    value: t("form.default_name", { n: index + 1 }),
  });
  const row = h(
    "fieldset",
    { class: "seat-row", dataset: { seat: String(index) } },
    h("legend", { text: t("form.seat", { n: index + 1 }) }),
    h("div", { class: "field" }, h("label", { for: kindId, text: t("form.seat_kind") }), kind),
    h("div", { class: ["field", "when-bot"] }, h("label", { for: levelId, text: t("form.level") }), level),
    h("div", { class: ["field", "when-hotseat"] }, h("label", { for: nameId, text: t("form.name") }), name),
  );
  const sync = () => {
    row.dataset.kind = kind.value;
  };
  kind.addEventListener("change", sync);
  sync();
  return row;
}

function drawForm(form, games, name) {
  const game = games.find((g) => g.name === name) || games[0];
  const gameSelect = h(
    "select",
    { id: "form-game" },
    games.map((g) => h("option", { value: g.name, text: gameTitle(g.name, g.title), selected: g.name === game.name })),
  );
  gameSelect.onchange = () => drawForm(form, games, gameSelect.value);
  const counts = [];
  for (let n = game.min_players; n <= game.max_players; n += 1) counts.push(n);
  const playerSelect = h(
    "select",
    { id: "form-players" },
    counts.map((n) => h("option", { value: String(n), text: String(n) })),
  );
  const seats = h("div", { class: "seats" });
  const seatRedraws = [];
  const options = game.options.map((o) => optionField(o, game, seatRedraws));
  // Another count keeps the seats already chosen, adds or drops seats at the end (in the
  // options naming seats too), and names every level with its rating at the new count.
  const drawSeats = () => {
    const n = Number(playerSelect.value);
    const kept = [...seats.children].slice(0, n);
    const added = Array.from({ length: n - kept.length }, (_, i) => seatRow(kept.length + i, game, n));
    seats.replaceChildren(...kept, ...added);
    relabelLevels(seats, game, n);
    for (const redraw of seatRedraws) redraw(n);
  };
  playerSelect.onchange = drawSeats;
  drawSeats();
  const submit = h("button", { type: "submit", class: "primary", id: "create", text: t("form.create") });
  const body = h(
    "form",
    {},
    h("div", { class: "field" }, h("label", { for: "form-game", text: t("form.game") }), gameSelect),
    h("div", { class: "field" }, h("label", { for: "form-players", text: t("form.players") }), playerSelect),
    h("h3", { text: t("form.seats") }),
    h("p", { class: "hint", text: t("form.seats_hint") }),
    seats,
    options.length ? h("h3", { text: t("form.options") }) : null,
    options,
    // Off by default: the creator decides whether the players may ask the bot during the game.
    h(
      "div",
      { class: "field" },
      h("label", { for: "form-hints" }, h("input", { type: "checkbox", id: "form-hints" }), " ", t("form.hints")),
      h("p", { class: "hint", text: t("form.hints_help") }),
    ),
    // Off by default; rated, the table gives no hints (the server refuses both at once).
    h("div", { class: "field" }, h("label", { for: "form-rated" }, h("input", { type: "checkbox", id: "form-rated", onchange: (e) => { const hints = body.querySelector("#form-hints"); hints.disabled = e.target.checked; if (e.target.checked) hints.checked = false; } }), " ", t("form.rated")), h("p", { class: "hint", text: t("form.rated_help") })),
    // Off by default: the seats always write in the table's chat, spectators only if allowed.
    h(
      "div",
      { class: "field" },
      h("label", { for: "form-spectator-chat" }, h("input", { type: "checkbox", id: "form-spectator-chat" }), " ", t("form.spectator_chat")),
      h("p", { class: "hint", text: t("form.spectator_chat_help") }),
    ),
    paceFields(game.levels),
    submit,
  );
  body.onsubmit = async (event) => {
    event.preventDefault();
    submit.disabled = true;
    try {
      await createTable(game, body);
    } catch (err) {
      showError(err);
      submit.disabled = false;
    }
  };
  form.replaceChildren(h("h2", { id: "new-table-title", text: t("lobby.new_table") }), body);
}

async function createTable(game, form) {
  const rows = [...form.querySelectorAll(".seat-row")];
  const seats = rows.map((row) => {
    const kind = row.querySelector(".seat-kind").value;
    return kind === "bot" ? `bot:${row.querySelector(".seat-level").value}` : kind;
  });
  const options = {};
  for (const option of game.options) {
    const value = optionInput(form, option);
    if (JSON.stringify(value) !== JSON.stringify(option.default) && value !== "") options[option.name] = value;
  }
  const created = await api("/api/tables", {
    method: "POST",
    body: { game: game.name, players: rows.length, seats, options, hints: form.querySelector("#form-hints").checked,
      spectator_chat: form.querySelector("#form-spectator-chat").checked, pace: paceBody(form), rated: form.querySelector("#form-rated").checked,
    },
  });
  const tableId = created.table.id;
  const held = { owner: created.owner.token, spectator: created.spectator.token, seats: {}, invites: [] };
  for (const seat of created.seats) {
    if (seat.kind === "hotseat") held.seats[seat.seat] = seat.token;
    else held.invites.push({ seat: seat.seat, link: seat.link });
  }
  held.spectatorLink = created.spectator.link;
  saveHeld(tableId, held);
  for (const seat of created.seats.filter((s) => s.kind === "hotseat")) {
    const name = rows[seat.seat].querySelector(".seat-name").value.trim() || t("form.default_name", { n: seat.seat + 1 });
    await api(`/api/tables/${tableId}/take`, { method: "POST", body: { name }, token: seat.token });
  }
  go(`/play/${tableId}`);
}
