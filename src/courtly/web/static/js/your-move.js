// The tables waiting on the logged-in player: at a table with a clock, the seat whose time
// runs is the one to move, so the account's games (GET /api/account/games) say which wait
// on it. The account page marks them; the tab title counts them, checked every 30 s.
import { api } from "./api.js";
import { t } from "./i18n.js";
import { currentAccount } from "./session.js";

let timer = null;

// Whether ``tb`` (one of the account's games, with ``my_seat``) waits on its player.
export function waitsOnMe(tb) {
  const clock = tb.clock;
  return tb.status === "playing" && Boolean(clock) && clock.running === tb.my_seat && !clock.stand_in.includes(tb.my_seat);
}

export function showYourMoves(tables) {
  const n = tables.filter(waitsOnMe).length;
  document.title = n > 0 ? t("app.your_moves", { n, name: t("app.name") }) : t("app.name");
}

export async function countYourMoves() {
  if (!currentAccount()) {
    document.title = t("app.name");
    return;
  }
  try {
    showYourMoves(await api("/api/account/games"));
  } catch {
    // The server away: the title stays as it was until the next check.
  }
}

export function watchYourMoves() {
  countYourMoves();
  if (!timer) timer = setInterval(countYourMoves, 30_000);
}
