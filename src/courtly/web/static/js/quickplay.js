// Quick play: "Play now" seats a logged-in player at a waiting rated table of a game and
// player count, or makes one (docs/server.md, "Quick play"); its creator may let bots of the
// easy level fill the empty seats after a minute. The open tables' list joins one the same way.
import { api } from "./api.js";
import { h } from "./dom.js";
import { gameTitle, t } from "./i18n.js";
import { go } from "./navigate.js";
import { showError } from "./notice.js";
import { currentAccount } from "./session.js";

// A minute: long enough for a person to find the table, short enough to wait for.
const FILL_AFTER = 60;

/** @typedef {{ name: string, title: string, min_players: number, max_players: number }} QuickGame */

/** @param {string} game @param {number} players @param {number | null} fillAfter */
async function playNow(game, players, fillAfter) {
  try {
    const seated = await api("/api/quickplay", { method: "POST", body: { game, players, fill_after: fillAfter } });
    // The link carries the seat's token in its fragment, as an invite's does.
    go(seated.link);
  } catch (err) {
    showError(err);
  }
}

/** @param {QuickGame[]} games */
export function quickPlayPanel(games) {
  const panel = h("section", { class: "panel", id: "quick-play", "aria-labelledby": "quick-title" }, h("h2", { id: "quick-title", text: t("quick.title") }));
  if (!currentAccount()) {
    panel.append(h("p", { class: "hint" }, t("quick.login_first"), " ", h("a", { href: "/account", text: t("nav.login") })));
    return panel;
  }
  const gameSelect = /** @type {HTMLSelectElement} */ (h("select", { id: "quick-game" }, games.map((g) => h("option", { value: g.name, text: gameTitle(g.name, g.title) }))));
  const countSelect = /** @type {HTMLSelectElement} */ (h("select", { id: "quick-players" }));
  const counts = () => {
    const game = games.find((g) => g.name === gameSelect.value) || games[0];
    const options = [];
    for (let n = game.min_players; n <= game.max_players; n += 1) options.push(h("option", { value: String(n), text: String(n) }));
    countSelect.replaceChildren(...options);
  };
  gameSelect.onchange = counts;
  counts();
  const bots = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", id: "quick-bots" }));
  panel.append(
    h("p", { class: "hint", text: t("quick.intro") }),
    h(
      "div",
      { class: "field-row" },
      h("div", { class: "field" }, h("label", { for: "quick-game", text: t("form.game") }), gameSelect),
      h("div", { class: "field" }, h("label", { for: "quick-players", text: t("form.players") }), countSelect),
    ),
    h("div", { class: "field" }, h("label", { for: "quick-bots" }, bots, " ", t("quick.bots", { seconds: FILL_AFTER }))),
    h("button", { type: "button", class: "primary", id: "play-now", text: t("quick.play_now"), onclick: () => playNow(gameSelect.value, Number(countSelect.value), bots.checked ? FILL_AFTER : null) }),
  );
  return panel;
}

/** A waiting quick table's "Join" (logged in): a seat at it, or at an older one that fits.
 * @param {{ id: string, game: string, num_players: number, quick?: boolean, status: string, seats: { kind: string }[] }} tb */
export function joinButton(tb) {
  if (!tb.quick || tb.status !== "waiting" || !currentAccount() || !tb.seats.some((s) => s.kind === "open")) return null;
  return [h("button", { type: "button", class: "primary", dataset: { join: tb.id }, text: t("quick.join"), onclick: () => playNow(tb.game, tb.num_players, null) }), " "];
}
