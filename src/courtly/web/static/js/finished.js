// What a list of finished games says of each (the history, a player's profile), so that a
// player coming back tells them apart: when it ended (in the reader's language and locale),
// each seat's score, and where a seat came (won, its place, lost). The places are the
// server's (the same as the ratings count: winners first, the others by score).
import { h } from "./dom.js";
import { language, readerLocale, t } from "./i18n.js";

/** When a game ended, as a `<time>` the reader reads in their own way.
 * @param {string | null | undefined} iso the server's UTC time @returns {HTMLElement | null} */
export function endedAt(iso) {
  if (!iso) return null;
  const text = new Date(iso).toLocaleString(readerLocale(), { dateStyle: "medium", timeStyle: "short" });
  return h("time", { class: "muted", dateTime: iso, text });
}

/** Where a seat came: "won" (first, alone or sharing the win), "lost" in a two-seat game,
 * else its place among them ("2nd of 4").
 * @param {number} place 1 first @param {number} players */
export function standingText(place, players) {
  if (place === 1) return t("finished.won");
  if (players === 2) return t("finished.lost");
  // The ordinal's form in the page's language ("2nd", "3rd"; Korean has one form).
  const form = new Intl.PluralRules(language(), { type: "ordinal" }).select(place);
  return t(`finished.place.${form}`, { place, players });
}

/** A seat's result in a finished table's info: lost on time, else its place from the server's
 * `places` (every list of games carries them: the history, a profile, the account's games;
 * the places the ratings count); null where the result names none.
 * @param {{ result?: { winners: number[], time_out?: number } | null, places?: number[] | null, seats: unknown[] }} tb
 * @param {number} seat */
export function seatStanding(tb, seat) {
  const result = tb.result;
  if (!result) return null;
  if (result.time_out === seat) return t("finished.lost_on_time");
  return Array.isArray(tb.places) ? standingText(tb.places[seat], tb.seats.length) : null;
}

/** Each seat's name with its score ("Ann: 12 · Bob: 9"); names alone where the game had no
 * scoring (it ended on time).
 * @param {string[]} names @param {number[] | null | undefined} scores */
export function scoreLine(names, scores) {
  const has = Array.isArray(scores) && scores.length === names.length;
  const parts = names.map((name, i) => (has ? t("finished.seat_score", { name, score: scores[i].toLocaleString(readerLocale()) }) : name));
  return h("span", { class: "score-line", dataset: { source: "server" }, text: parts.join(" · ") });
}

/** A seat's result as a badge (the profile's player, or the reader's own seat in the history).
 * @param {string} text */
export function standingBadge(text) {
  return h("span", { class: ["badge", "standing"], text });
}
