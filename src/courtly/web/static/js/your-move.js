// The tables waiting on the logged-in player: each of the account's games (GET
// /api/account/games, with ``my_seat``) says the seat that must decide (``to_move``), clock
// or not. The account page marks them; the tab title counts them (table/turn-signal.js sets
// the title), checked when a page opens and every 30 s; a table that starts waiting while a
// page is open gets a browser notification, if the player turned them on (notify.js).
import { api } from "./api.js";
import { notifyTurn } from "./notify.js";
import { currentAccount } from "./session.js";
import { countWaiting } from "./table/turn-signal.js";

let timer = null;
/** @type {Set<string> | null} the tables seen waiting at the last check (null: none yet) */
let seen = null;
let seenFor = null; // the account they were seen for

// Whether ``tb`` (one of the account's games) waits on its player: its seat must decide, and
// no stand-in plays it (a bot plays for a timed-out seat until its person comes back).
export function waitsOnMe(tb) {
  const standIn = tb.clock ? tb.clock.stand_in : [];
  return tb.status === "playing" && tb.to_move === tb.my_seat && !standIn.includes(tb.my_seat);
}

// The table page the player is looking at needs no notification: its own title and tone say it.
function lookingAt(tableId) {
  return document.visibilityState === "visible" && location.pathname === `/play/${tableId}`;
}

export function showYourMoves(tables) {
  const waiting = tables.filter(waitsOnMe);
  countWaiting(waiting.length);
  const account = currentAccount();
  const who = account ? account.name : null;
  // The first check of a page (or of another account) only learns what already waits.
  if (seen !== null && seenFor === who) {
    for (const tb of waiting) if (!seen.has(tb.id) && !lookingAt(tb.id)) notifyTurn(tb);
  }
  seen = new Set(waiting.map((tb) => tb.id));
  seenFor = who;
}

export async function countYourMoves() {
  if (!currentAccount()) {
    seen = null;
    countWaiting(0);
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
