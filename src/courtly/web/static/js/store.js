// What this browser holds for each table: the owner token, the spectator token, the seats
// it plays (one, or several at a hot-seat table), the invite links it handed out, and the
// invites it used to take a seat (each swapped for the seat's own token).

const PREFIX = "courtly.table.";

export function loadHeld(tableId) {
  try {
    const data = JSON.parse(localStorage.getItem(PREFIX + tableId) || "{}");
    return { owner: null, spectator: null, seats: {}, invites: [], used: [], ...data };
  } catch {
    return { owner: null, spectator: null, seats: {}, invites: [], used: [] };
  }
}

export function saveHeld(tableId, held) {
  localStorage.setItem(PREFIX + tableId, JSON.stringify(held));
}

export function absolute(link) {
  return new URL(link, location.origin).href;
}
