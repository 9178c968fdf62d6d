// Taking back a move (docs/protocol.md, "Undo"): the server decides which seat may (its
// `can_undo`: the seat's own last decision, one that showed nobody anything new) and asks
// the other people at the table to accept. At a hot-seat table the device holds several
// seats, so a button always says whose move it takes back unless it is the shown seat's own:
// a seat is never offered "Undo my last move" for another's move, and the move just made can
// be taken back from the privacy screen, before the next player's hand is shown.
import { h } from "../dom.js";
import { t } from "../i18n.js";

// The held seat whose last decision may be taken back now, if any: the server's word
// (`can_undo`), while the table is being played and no request waits for answers.
export function undoable(page) {
  const table = page.table;
  if (!table || table.status !== "playing" || table.undo) return undefined;
  return page.seatViews().find((v) => v.canUndo && !v.waiting);
}

// Undo beside a seat's choices: "Undo my last move" for the shown seat's own move, else the
// button names whose move it takes back (another seat this device plays).
export function undoButton(page, view) {
  const seat = view.waiting ? undefined : undoable(page);
  if (!seat) return null;
  const own = seat.viewer === view.viewer;
  const text = own ? t("table.undo") : t("hotseat.undo_of", { name: page.names()[seat.viewer] });
  return h("button", { type: "button", class: "undo", dataset: { seat: String(seat.viewer) }, text, onclick: (e) => ask(e, seat) });
}

// On the privacy screen: the player who just moved takes it back without the next player's
// hand being shown; the device then goes back to that player's own privacy screen (the seat
// to act changes back, and the page hides everything again).
export function takeBackButton(page) {
  const seat = undoable(page);
  if (!seat) return null;
  return h("button", {
    type: "button",
    class: "undo",
    id: "privacy-undo",
    dataset: { seat: String(seat.viewer) },
    text: t("hotseat.take_back", { name: page.names()[seat.viewer] }),
    onclick: (e) => {
      // Whoever holds the device now, the mover's hand waits behind its privacy screen again.
      page.revealed = null;
      ask(e, seat);
    },
  });
}

// Sent once: the button stays disabled until the server's answer redraws the page.
function ask(event, seat) {
  event.currentTarget.disabled = true;
  seat.askUndo();
}

// Another seat asked to take back its decision: the held seats the server waits for answer.
export function undoDialog(page) {
  const request = page.undoRequest;
  if (!request) return null;
  const names = page.names();
  const mine = page.seatViews().filter((v) => request.waiting_for.includes(v.viewer));
  if (!mine.length) return h("p", { class: ["notice", "info"], text: t("undo.waiting", { name: names[request.seat] }) });
  const reply = (accept) => {
    for (const v of mine) v.replyUndo(accept);
    page.undoRequest = null;
    page.draw();
  };
  return h(
    "div",
    { class: ["panel", "undo-request"], role: "alertdialog", "aria-label": t("undo.asks", { name: names[request.seat] }) },
    h("p", { text: t("undo.asks", { name: names[request.seat] }) }),
    h("button", { type: "button", text: t("undo.accept"), onclick: () => reply(true) }),
    h("button", { type: "button", text: t("undo.decline"), onclick: () => reply(false) }),
  );
}
