// The client's entry: language, the top bar, and one view per path.
import { LANGUAGES, chosenLanguage, language, setLanguage, t, translate } from "./i18n.js";
import { h } from "./dom.js";
import { go } from "./navigate.js";
import { nothingHere } from "./notice.js";
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";
import { showHistory, showReplay } from "./history.js";
import { showAccount } from "./account.js";
import { showLeaderboard, showPlayer } from "./players.js";
import { loadAccount, showInBar } from "./session.js";
import { countYourMoves, watchYourMoves } from "./your-move.js";

/** @type {Array<[RegExp, (m: RegExpMatchArray) => unknown]>} */
const ROUTES = [
  [/^\/$/, () => showLobby()],
  [/^\/play\/([A-Za-z0-9_-]+)$/, (m) => showTable(m[1])],
  [/^\/history$/, () => showHistory()],
  [/^\/replay\/([A-Za-z0-9_-]+)$/, (m) => showReplay(m[1])],
  [/^\/account$/, () => showAccount()],
  [/^\/leaderboard(?:\/([a-z0-9-]+))?$/, (m) => showLeaderboard(m[1])],
  [/^\/players\/([^/]+)$/, (m) => showPlayer(decodeURIComponent(m[1]))],
];

let leave = null;

async function route() {
  if (leave) leave();
  leave = null;
  document.getElementById("banner").replaceChildren();
  for (const [pattern, view] of ROUTES) {
    const m = location.pathname.match(pattern);
    if (m) {
      leave = (await view(m)) || null;
      return;
    }
  }
  document.getElementById("app").replaceChildren(nothingHere(t("error.not_found")));
}

function languageSwitch() {
  const select = /** @type {HTMLSelectElement} */ (document.getElementById("lang"));
  select.replaceChildren(
    ...LANGUAGES.map((code) => h("option", { value: code, text: t(`lang.${code}`), selected: code === language() })),
  );
  select.onchange = async () => {
    await setLanguage(select.value, true);
    countYourMoves();
    translate();
    showInBar();
    languageSwitch();
    route();
  };
}

async function start() {
  await setLanguage(chosenLanguage());
  document.title = t("app.name");
  translate();
  // Before the first view: the check token must be known before the page changes anything.
  await loadAccount();
  watchYourMoves();
  languageSwitch();
  // Links inside the client change the view without reloading the page.
  document.addEventListener("click", (event) => {
    const link = /** @type {HTMLAnchorElement | null} */ (/** @type {Element} */ (event.target).closest("a[href^='/']"));
    if (!link || link.target || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const path = new URL(link.href).pathname;
    if (!ROUTES.some(([pattern]) => pattern.test(path))) return;
    event.preventDefault();
    go(link.getAttribute("href"));
  });
  window.addEventListener("popstate", route);
  route();
}

start();
