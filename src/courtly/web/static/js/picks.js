// Choosing on the board, with no game logic: a board tags the things it draws with the
// action arguments they stand for (a card in hand: {card: 12}; a place: {place: "above"}).
// A click adds those arguments to the selection; the server's legal actions that match the
// whole selection remain; when one is left it is played. So a card in hand, then a
// destination, is two clicks, and only ever a legal action is sent.
// What no drawn thing leads to (Courtisans' "spare", Kingdoms' "Done" or a Declaration,
// Tudor's and For the King's pass, or which of several things to do with the card chosen) is
// offered in the board's own strip of moves (`moveStrip()`, which every board draws once,
// where its game wants such buttons): the one way a board has buttons for moves, so every
// legal action can be made on the board, and the list of choices beside it stays the
// accessible alternative.
import { h } from "./dom.js";
import { t } from "./i18n.js";

export function matches(action, pairs) {
  const form = action.action || {};
  return Object.entries(pairs).every(([key, value]) => key in form && String(form[key]) === String(value));
}

export function tag(el, pairs) {
  el.dataset.pick = JSON.stringify(pairs);
  return el;
}

// The board's strip of moves: empty as drawn, filled by `Picker.activate` with a button
// (the server's words) for each legal action nothing else on the board leads to.
export function moveStrip() {
  return h("div", { class: "board-moves", role: "group", "aria-label": t("board.moves") });
}

export class Picker {
  // onPlay(action) sends an action; onChange() redraws what depends on the selection.
  constructor({ onPlay, onChange, label }) {
    this.onPlay = onPlay;
    this.onChange = onChange;
    this.label = label;
    this.actions = [];
    this.selection = {};
  }

  setActions(actions) {
    this.actions = actions || [];
    this.selection = {};
  }

  candidates() {
    return this.actions.filter((a) => matches(a, this.selection));
  }

  reset() {
    this.selection = {};
    this.onChange();
  }

  choose(pairs) {
    const next = { ...this.selection, ...pairs };
    const left = this.actions.filter((a) => matches(a, next));
    if (left.length === 0) return;
    if (left.length === 1) {
      this.selection = {};
      this.onPlay(left[0]);
      return;
    }
    this.selection = next;
    this.onChange();
  }

  // Make the tagged elements under `root` that lead to a legal action clickable, and fill
  // the board's strip of moves with the actions none of them narrows down to.
  activate(root) {
    const live = this.candidates();
    /** @type {Set<object>} */
    const reached = new Set();
    for (const el of root.querySelectorAll("[data-pick]")) {
      const pairs = JSON.parse(el.dataset.pick);
      const selected = Object.entries(pairs).every(
        ([key, value]) => key in this.selection && String(this.selection[key]) === String(value),
      );
      const leads = !selected && live.some((a) => matches(a, pairs));
      el.classList.toggle("pickable", leads);
      el.classList.toggle("picked", selected && Object.keys(this.selection).length > 0);
      if (leads) {
        el.setAttribute("role", "button");
        el.tabIndex = 0;
        const options = live.filter((a) => matches(a, pairs));
        // A click that leaves every action open does not lead to one of them.
        if (options.length === 1 || options.length < live.length) options.forEach((a) => reached.add(a));
        // A part that stands for more actions than its tag names (a bid's button, whose
        // amount is typed beside it) reaches all of them: none is offered in the strip.
        if (el.dataset.reaches) live.filter((a) => matches(a, JSON.parse(el.dataset.reaches || "{}"))).forEach((a) => reached.add(a));
        if (!el.getAttribute("aria-label")) {
          el.setAttribute("aria-label", this.label(options, el));
        }
        // The tag is read again on the click: a board may retag a part after it is drawn
        // (a bid's button follows the amount typed beside it).
        el.onclick = (event) => {
          event.stopPropagation();
          this.choose(JSON.parse(el.dataset.pick || "{}"));
        };
        el.onkeydown = (event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            this.choose(JSON.parse(el.dataset.pick || "{}"));
          }
        };
      } else {
        el.onclick = null;
        el.onkeydown = null;
      }
    }
    const strip = root.querySelector(".board-moves");
    if (strip) strip.replaceChildren(...live.filter((a) => !reached.has(a)).map((a) => this.moveButton(a)));
  }

  moveButton(action) {
    return h("button", {
      type: "button",
      class: "board-move",
      // The server's words for the move (its text, in the reader's language).
      dataset: { kind: String(action.action.kind), actionId: String(action.id), source: "server" },
      text: this.label([action]),
      onclick: () => {
        this.selection = {};
        this.onPlay(action);
      },
    });
  }
}
