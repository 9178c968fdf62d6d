// The players' pages: a game's leaderboard per player count (/leaderboard/GAME) and a
// player's public profile (/players/NAME: ratings, their graph, finished games with links to
// their replays). Only what anyone may see: the server sends nothing private here.
import { api } from "./api.js";
import { h } from "./dom.js";
import { gameTitle, plural, t } from "./i18n.js";
import { endedAt, scoreLine, standingBadge, standingText } from "./finished.js";
import { go } from "./navigate.js";
import { nothingHere, reasonOf, showError } from "./notice.js";
import { ratingGraph } from "./rating_graph.js";
import { levelName, seatLabel } from "./seats.js";

/** @typedef {{ name: string, title: string, min_players: number, max_players: number, bot_ratings?: Record<string, Record<string, number>> }} GameInfo */
/** @typedef {{ name: string, rating: number, games: number, rank?: number, bot?: string }} Standing */

/** @returns {Promise<GameInfo[]>} */
async function gameList() {
  return api("/api/games");
}

/** @param {GameInfo[]} games @returns {(name: string) => string} */
function titles(games) {
  return (name) => gameTitle(name, games.find((g) => g.name === name)?.title);
}

/** @param {string} name */
function playerLink(name) {
  // A name is the player's own (as typed), not one of the client's words.
  return h("a", { href: `/players/${encodeURIComponent(name)}`, dataset: { source: "server" }, text: name });
}

/** @param {string} [gameName] */
export async function showLeaderboard(gameName) {
  const app = document.getElementById("app");
  let games;
  try {
    games = await gameList();
  } catch (err) {
    showError(err);
    return;
  }
  const game = games.find((g) => g.name === gameName) || games[0];
  // A count the game is not played at (typed, or kept from another game) becomes the game's
  // smallest, in the address too: the heading, the list, the box and the address agree.
  const players = playable(game, new URLSearchParams(location.search).get("players"));
  const address = `/leaderboard/${game.name}?players=${players}`;
  if (location.pathname + location.search !== address) history.replaceState(null, "", address);
  const gameSelect = h("select", { id: "board-game" }, games.map((g) => h("option", { value: g.name, text: gameTitle(g.name, g.title), selected: g === game })));
  const counts = [];
  for (let n = game.min_players; n <= game.max_players; n += 1) counts.push(n);
  const countSelect = h("select", { id: "board-players" }, counts.map((n) => h("option", { value: String(n), text: String(n), selected: n === players })));
  // Another game keeps the count where that game is played at it.
  const pick = () => {
    const chosen = games.find((g) => g.name === gameSelect.value) || game;
    go(`/leaderboard/${chosen.name}?players=${playable(chosen, countSelect.value)}`);
  };
  gameSelect.onchange = pick;
  countSelect.onchange = pick;
  const board = h("section", { class: "panel", "aria-labelledby": "board-title" }, h("h2", { id: "board-title", text: t("players.pool", { game: gameTitle(game.name, game.title), players }) }));
  app.replaceChildren(
    h("h1", { text: t("players.leaderboard") }),
    h("p", { class: "lead", text: t("players.leaderboard_intro") }),
    h(
      "div",
      { class: "field-row" },
      h("div", { class: "field" }, h("label", { for: "board-game", text: t("form.game") }), gameSelect),
      h("div", { class: "field" }, h("label", { for: "board-players", text: t("form.players") }), countSelect),
    ),
    board,
  );
  try {
    const answer = await api(`/api/leaderboard/${game.name}?players=${players}`);
    // The bots' ratings at this page's player count (each count is its own calibration).
    const levels = (game.bot_ratings || {})[String(players)] || {};
    const bots = Object.keys(levels).length > 0;
    board.append(standings("ranked", withBots(answer.ranked, levels), true), bots ? h("p", { class: "hint", id: "bots-help", text: t("players.bots_help") }) : null, h("h3", { text: t("players.provisional") }), h("p", { class: "hint", text: t("players.provisional_help") }), standings("provisional", answer.provisional, false));
  } catch (err) {
    showError(err);
  }
}

/** A player count the game is played at: ``asked`` when it is one, else the game's smallest.
 * @param {GameInfo} game @param {string | null} asked */
function playable(game, asked) {
  const n = Number(asked);
  return Number.isInteger(n) && n >= game.min_players && n <= game.max_players ? n : game.min_players;
}

// The game's bot levels at their fixed ratings (docs/ratings.md), placed among the ranked
// people by rating, so "hard is about 2,090 in Tudor" reads off the same list; they take no
// rank. Each pool shows the levels' ratings at its own player count.
/** @param {Standing[]} people ranked, strongest first @param {Record<string, number>} levels @returns {Standing[]} */
function withBots(people, levels) {
  const rows = [...people];
  const bots = Object.entries(levels).sort((a, b) => b[1] - a[1]);
  for (const [level, rating] of bots) {
    const below = rows.findIndex((row) => row.rating < rating);
    rows.splice(below === -1 ? rows.length : below, 0, { name: level, rating, games: 0, bot: level });
  }
  return rows;
}

/** @param {string} id @param {Standing[]} rows @param {boolean} ranked */
function standings(id, rows, ranked) {
  if (rows.length === 0) return h("p", { class: "muted", id: `${id}-none`, text: t("players.nobody") });
  return h(
    "table",
    { class: "standings", id },
    h("thead", {}, h("tr", {}, ranked ? h("th", { scope: "col", text: t("players.rank") }) : null, h("th", { scope: "col", text: t("account.name") }), h("th", { scope: "col", text: t("players.rating") }), h("th", { scope: "col", text: t("players.games") }))),
    h("tbody", {}, rows.map((row) => (row.bot ? botRow(row.bot, row.rating) : h("tr", {}, ranked ? h("td", { text: String(row.rank) }) : null, h("th", { scope: "row" }, playerLink(row.name)), h("td", { text: String(row.rating) }), h("td", { text: String(row.games) }))))),
  );
}

/** A bot level's row: its name in the reader's language, marked as a bot; no rank, no count.
 * @param {string} level @param {number} rating */
function botRow(level, rating) {
  return h(
    "tr",
    { class: "bot-row", dataset: { bot: level } },
    h("td", {}),
    h("th", { scope: "row" }, levelName(level), " ", h("span", { class: ["badge", "bot-badge"], text: t("players.bot_badge") })),
    h("td", { text: String(rating) }),
    h("td", {}),
  );
}

/** @param {string} name */
export async function showPlayer(name) {
  const app = document.getElementById("app");
  let profile, games;
  try {
    [profile, games] = await Promise.all([api(`/api/players/${encodeURIComponent(name)}`), gameList()]);
  } catch (err) {
    if (err.status === 404 && /^\/api\/players\//.test(err.path || "")) {
      // No such player (a mistyped or renamed link, a deleted account): said in words, with
      // the server's line naming whom, and the leaderboards to look for them.
      const way = { href: "/leaderboard", id: "to-leaderboards", text: t("players.to_leaderboards") };
      app.replaceChildren(nothingHere(t("error.no_player"), { reason: reasonOf(err), way }));
      return;
    }
    app.replaceChildren(h("h1", { text: t("players.profile") }));
    showError(err);
    return;
  }
  const title = titles(games);
  app.replaceChildren(
    h("h1", {}, h("span", { dataset: { source: "server" }, text: profile.name })),
    h("section", { class: "panel", "aria-labelledby": "ratings-title" }, h("h2", { id: "ratings-title", text: t("players.ratings") }), ratings(profile.ratings, title)),
    profile.history.length
      ? h("section", { class: "panel", "aria-labelledby": "graph-title" }, h("h2", { id: "graph-title", text: t("players.graph") }), ratingGraph(profile.history, title))
      : null,
    h("section", { class: "panel", "aria-labelledby": "played-title" }, h("h2", { id: "played-title", text: t("players.finished") }), finished(profile.games, title)),
  );
}

/** @param {{ game: string, players: number, rating: number, provisional: boolean, games: number }[]} pools @param {(game: string) => string} title */
function ratings(pools, title) {
  if (pools.length === 0) return h("p", { class: "muted", id: "no-ratings", text: t("players.no_ratings") });
  return h(
    "ul",
    { class: "table-list", id: "ratings" },
    pools.map((p) =>
      h(
        "li",
        {},
        h("a", { href: `/leaderboard/${p.game}?players=${p.players}`, text: t("players.pool", { game: title(p.game), players: p.players }) }),
        " ",
        h("strong", { text: String(p.rating) }),
        " ",
        h("span", { class: "muted", text: plural(p.provisional ? "players.games_provisional" : "players.games_count", p.games) }),
      ),
    ),
  );
}

/** @typedef {{ id: string, game: string, players: number, rated: boolean, seat: number, seats: { name: string | null, bot: string | null, deleted: boolean }[], scores: number[], places: number[] | null, finished_at: string | null }} FinishedGame */

/** The player's finished games, newest first: each with when it ended, where the player came,
 * every seat's score, and its replay.
 * @param {FinishedGame[]} tables @param {(game: string) => string} title */
function finished(tables, title) {
  if (tables.length === 0) return h("p", { class: "muted", text: t("players.no_games") });
  return h(
    "ul",
    { class: "table-list", id: "finished-games" },
    tables.map((tb) => {
      const names = tb.seats.map((seat, i) => seatLabel({ ...seat, seat: i, kind: seat.bot ? "bot" : "person" }));
      return h(
        "li",
        { dataset: { table: tb.id } },
        h("strong", { text: t("players.pool", { game: title(tb.game), players: tb.players }) }),
        " ",
        endedAt(tb.finished_at),
        " ",
        tb.places ? [standingBadge(standingText(tb.places[tb.seat], tb.players)), " "] : null,
        scoreLine(names, tb.scores),
        " ",
        tb.rated ? [h("span", { class: ["badge", "rated-on"], text: t("rated.badge") }), " "] : null,
        h("a", { href: `/replay/${tb.id}`, class: "button", text: t("history.replay") }),
      );
    }),
  );
}
