// The message catalogues (static/i18n/LANG.json): every string the client shows comes
// from here, by key, with {placeholders}. The language is the remembered switch, else the
// browser's (navigator.languages follows Accept-Language), else English.

export const LANGUAGES = ["en", "ko"];
const STORE_KEY = "courtly.lang";
let messages = {};
let fallback = {};
let current = "en";
// The server's catalogues in the current language (GET /api/i18n/LANG): each game's own
// words (titles, option help, scoring categories, tie-breaks, endings).
let server = { courtly: {}, games: {} };

export function chosenLanguage() {
  const saved = localStorage.getItem(STORE_KEY);
  if (LANGUAGES.includes(saved)) return saved;
  for (const tag of navigator.languages || [navigator.language]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

async function load(lang) {
  const response = await fetch(`/static/i18n/${lang}.json`);
  return response.ok ? response.json() : {};
}

async function loadServer(lang) {
  const response = await fetch(`/api/i18n/${lang}`);
  return response.ok ? response.json() : { courtly: {}, games: {} };
}

export async function setLanguage(lang, remember = false) {
  if (remember) localStorage.setItem(STORE_KEY, lang);
  current = lang;
  fallback = Object.keys(fallback).length ? fallback : await load("en");
  messages = lang === "en" ? fallback : await load(lang);
  server = await loadServer(lang);
  document.documentElement.lang = lang;
}

export function language() {
  return current;
}

// The reader's locale in the page's language: the browser's own tag for that language where it
// names one ("en-GB": a date in English, the British way), else the language alone.
/** @returns {string} */
export function readerLocale() {
  const tags = navigator.languages || [navigator.language];
  return tags.find((tag) => String(tag).toLowerCase().split("-")[0] === current) || current;
}

export function has(key) {
  return key in messages || key in fallback;
}

export function t(key, params = {}) {
  let text = messages[key] ?? fallback[key];
  return text === undefined ? key : fill(text, params);
}

// A count with its noun: `KEY.one` for 1, else `KEY.other` (Korean has one form for both).
export function plural(key, n) {
  return t(`${key}.${n === 1 ? "one" : "other"}`, { n: n ?? "?" });
}

// A text of a game's own catalogue on the server (`option.NAME.help`, `score.ID`...), or
// `otherwise` (the text the server sent, or undefined) where the game has none.
export function gameText(game, key, otherwise) {
  const words = server.games[game] || {};
  return key in words ? words[key] : otherwise;
}

// A game's title in the reader's language (the game's own catalogue's `game.title`), else
// `otherwise` (the title the server sent in a table's info or /api/games, which is English).
/** @param {string} game @param {string} [otherwise] */
export function gameTitle(game, otherwise) {
  return gameText(game, "game.title", otherwise ?? game);
}

// A word or phrase of a game's own catalogue on the server (`view.glory`, `term.card.long`),
// with {placeholders} filled: the board says it as the terminal does, from one catalogue.
// A key the catalogue lacks shows as itself (as `t` does), which the tests catch.
export function gameWord(game, key, params = {}) {
  return fill(gameText(game, key, key), params);
}

// `{name}` filled, and `{n:card|cards}` said as the server says it (courtly.core.i18n.fill):
// the singular for 1, else the plural.
function fill(text, params) {
  return text.replace(/\{(\w+)(?::([^{}|]*)\|([^{}]*))?\}/g, (whole, name, one, other) => {
    if (!(name in params)) return whole;
    const value = params[name];
    if (one === undefined) return String(value);
    return String(value) === "1" ? one : other;
  });
}

// A phrase of the server's own catalogue (the `courtly` domain: `agent.name.hard`...), with
// {placeholders} filled: where the server's log and the page say the same thing, one source.
// A key the catalogue lacks shows as itself (as `t` does), which the tests catch.
/** @param {string} key @param {Record<string, unknown>} [params] */
export function courtlyWord(key, params = {}) {
  const words = server.courtly || {};
  return fill(key in words ? words[key] : key, params);
}

// Whether the server's own catalogue has `key`.
/** @param {string} key */
export function courtlyHas(key) {
  return key in (server.courtly || {});
}

// A word of a game's vocabulary (`term.VOCABULARY.ID` in the game's catalogue on the server:
// a family, an office, a suit...), else the id unchanged.
export function term(game, vocabulary, id) {
  const words = server.games[game] || {};
  const key = `term.${vocabulary}.${id}`;
  return key in words ? words[key] : String(id);
}

// Fill every element marked data-i18n (and data-i18n-label for aria-label) in `root`.
export function translate(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.getAttribute("data-i18n"));
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(el.getAttribute("data-i18n-label")));
  }
  // The top bar is shown once it has its words: drawn empty, then filled, it would shift
  // (a layout shift at every page load).
  document.documentElement.classList.add("worded");
}
