// The board area and what sits beside it: the board of the viewer's observation (its
// clickable parts tagged by the picker), the choices as buttons (the accessible alternative
// to clicking the board), undo, and the event log.
import { api } from "../api.js";
import { h } from "../dom.js";
import { language, t } from "../i18n.js";
import { showError } from "../notice.js";
import { drawBoard, serverText } from "../boards/index.js";
import { amountChoice, groupAmounts } from "./amount-choice.js";
import { undoButton } from "./undo.js";

export function boardArea(page, view) {
  return h(
    "section",
    { class: "board-area", "aria-labelledby": "board-title" },
    // The boards' titles are h3: the board's own h2 keeps the outline in order.
    h("h2", { id: "board-title", class: "visually-hidden", text: t("table.board") }),
    drawBoard({
      game: page.table.game,
      observation: view.observation,
      actions: page.picker.candidates(),
      names: page.names(),
      viewer: view.viewer,
    }),
  );
}

export function choices(page, view) {
  const obs = view.observation;
  const table = page.table;
  const mine = typeof view.viewer === "number" && obs.to_act === view.viewer && table.status === "playing";
  const candidates = mine ? listed(page.picker.candidates()) : [];
  const selecting = Object.keys(page.picker.selection).length > 0;
  const waitingFor = table.status === "playing" && obs.to_act !== null ? t("table.waiting_for", { name: page.names()[obs.to_act] }) : t("table.no_choices");
  return h(
    "section",
    { class: ["panel", "choices"], "aria-labelledby": "choices-title" },
    // A spectator has no choices of its own: the panel says whose move it is.
    h("h2", { id: "choices-title", text: t(typeof view.viewer === "number" ? "table.choices" : "table.choices_watching") }),
    !mine ? h("p", { class: "muted", text: waitingFor }) : null,
    view.waiting ? h("p", { class: "muted", text: t("table.sending") }) : null,
    selecting ? h("button", { type: "button", class: "cancel", text: t("table.cancel_pick"), onclick: () => page.picker.reset() }) : null,
    h(
      "ul",
      { class: "actions" },
      // Dozens of amounts of one kind (a bid) are one number field: amount-choice.js.
      groupAmounts(candidates).map((choice) =>
        h("li", {}, choice.amounts ? amountChoice(choice, (chosen) => actionButton(page, view, chosen), (button, action) => wordAction(button, action, table.game), table.game) : actionButton(page, view, () => choice)),
      ),
    ),
    // Undo only where the server's rule allows it (at a hot-seat table, for whichever held
    // seat made the last decision, named unless it is this seat's own), and not while a
    // request waits for answers.
    undoButton(page, view),
    table.hints && mine ? hintBox(page, view) : null,
  );
}

// The candidates as the list shows them: an action whose sentence repeats an earlier one's
// (two identical cards in hand; the server's `same`, the kernel renderer's one rule) is
// listed only where that first one is not on offer (the board picked the second card).
function listed(candidates) {
  const offered = new Set(candidates.map((a) => a.id));
  return candidates.filter((a) => a.same === undefined || !offered.has(a.same));
}

// A choice's button: the server's sentence, made for this reader from what this seat sees (a
// kill names the card, as the board shows it), with Kingdoms' cards drawn as glyphs; it plays
// `chosen()` (an amount field changes which action that is, and `wordAction` its words).
function actionButton(page, view, chosen) {
  const button = h("button", { type: "button", class: "action", disabled: view.waiting, onclick: () => page.play(chosen()) });
  return wordAction(button, chosen(), page.table.game);
}

function wordAction(button, action, game) {
  button.dataset.actionId = String(action.id);
  button.dataset.source = "server";
  // One span: the button lays out its children as flex items.
  button.replaceChildren(h("span", {}, serverText(game, action.text, action.parts)));
  return button;
}

// A hint (a table made with hints on, on this seat's turn): what the strongest bot would play
// here and how sure it is, from this seat's view alone (the server's search sees nothing else).
// Asked for with the seat's own link token; kept for the position it was asked at.
function hintBox(page, view) {
  const hint = page.hint && page.hint.seat === view.viewer && page.hint.seq === view.seq ? page.hint : null;
  const ask = async () => {
    page.hint = { seat: view.viewer, seq: view.seq, waiting: true };
    page.draw();
    try {
      const found = await api(`/api/tables/${page.id}/hint?lang=${language()}`, { method: "POST", token: view.token });
      page.hint = { ...found, seat: view.viewer, seq: view.seq };
    } catch (err) {
      page.hint = null;
      showError(err);
    }
    page.draw();
  };
  return h(
    "div",
    { class: "hint-box" },
    hint
      ? h(
          "p",
          { id: "hint-text", "aria-live": "polite" },
          hint.waiting ? t("hint.thinking") : hintWords(page, hint),
        )
      : h("button", { type: "button", id: "hint-ask", text: t("hint.ask"), onclick: ask }),
  );
}

// The hint's sentence with its moves drawn as the choices draw them (a card as its glyph,
// from the parts the server gives), joined by a dot.
function hintWords(page, hint) {
  const MOVES = "\u0000";
  const [before, after = ""] = t("hint.text", { moves: MOVES, chance: Math.round(hint.chance * 100), sure: Math.round(hint.sure * 100) }).split(MOVES);
  const parts = hint.move_parts || [];
  const moves = hint.moves.flatMap((move, i) => [i ? " · " : null, ...serverText(page.table.game, move, parts[i] || undefined)]);
  return [before, ...moves, after];
}

export function log(page, view) {
  // Each event's text is the server's, made for this reader (its language, the seats' names).
  const list = h(
    "ol",
    // Focusable: a keyboard scrolls it (it scrolls inside its panel).
    { class: "log", "aria-live": "polite", tabIndex: 0 },
    view.events.map((e) =>
      h("li", { class: e.audience ? "private" : null, dataset: { source: "server" } }, serverText(page.table.game, e.text, e.parts)),
    ),
  );
  requestAnimationFrame(() => {
    list.scrollTop = list.scrollHeight;
  });
  const empty = view.events.length ? null : h("p", { class: "muted", text: t("table.log_empty") });
  return h("section", { class: ["panel", "log-panel"], "aria-labelledby": "log-title" }, h("h2", { id: "log-title", text: t("table.log") }), empty, list);
}
