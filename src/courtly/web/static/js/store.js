// What this browser holds for each table: the owner token, the spectator token, the seats
// it plays (one, or several at a hot-seat table) and the invite links it handed out.

const PREFIX = "courtly.table.";

export function loadHeld(tableId) {
  try {
    const data = JSON.parse(localStorage.getItem(PREFIX + tableId) || "{}");
    return { owner: null, spectator: null, seats: {}, invites: [], ...data };
  } catch {
    return { owner: null, spectator: null, seats: {}, invites: [] };
  }
}

export function saveHeld(tableId, held) {
  localStorage.setItem(PREFIX + tableId, JSON.stringify(held));
}

export function absolute(link) {
  return new URL(link, location.origin).href;
}
