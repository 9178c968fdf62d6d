// The table's chat: a small panel on the table page. Every message is the server's, shown
// as text (textContent through dom.js's h), never as markup: "<b>" shows as the four
// characters typed. A message is sent by the seat shown (or the public view, where the
// creator let spectators write); what was typed stays in the box until the server delivers
// it, so a refused message (too long, too fast, muted: the server says why in a banner) is
// never lost. Hiding a seat's messages is this browser's choice, remembered per table.
// The panel is built once and kept across redraws, so a redraw never takes the draft or
// the focus away from the person typing.
import { api } from "../api.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { showError } from "../notice.js";

const HIDDEN_PREFIX = "courtly.chat.hidden.";
// The key under which the spectators' messages are hidden (they have no seat).
const SPECTATORS = "s";
// The server's limit (docs/server.md); the box stops there, the server checks it.
const MAX_CHARS = 200;

/** @typedef {{ id: number, seat: number | null, text: string, at: string }} ChatMessage */
/** @typedef {{ seat: number, kind: string, name: string | null }} ChatSeat */
/** @typedef {{ seats: ChatSeat[], muted?: number[], spectator_chat?: boolean }} ChatTable */
/** @typedef {{ viewer?: number | null, say: (text: string) => boolean }} ChatWriter */
/**
 * What the panel asks of the table page.
 * @typedef {{ id: string, table: ChatTable | null, display: ChatWriter | null,
 *   held: { owner: string | null, seats?: Record<string, string> }, names: () => string[] }} ChatPage
 */

/** @param {number | null} seat */
function keyOf(seat) {
  return seat === null ? SPECTATORS : String(seat);
}

/** @param {string} tableId @returns {Set<string>} */
function loadHidden(tableId) {
  try {
    const data = JSON.parse(localStorage.getItem(HIDDEN_PREFIX + tableId) || "[]");
    return new Set(Array.isArray(data) ? data.map(String) : []);
  } catch {
    return new Set();
  }
}

export class ChatPanel {
  /** @param {ChatPage} page */
  constructor(page) {
    this.page = page;
    /** @type {ChatMessage[]} */
    this.messages = [];
    this.hidden = loadHidden(page.id);
    /** @type {string | null} the text sent and not delivered yet */
    this.pending = null;
    /** @type {HTMLInputElement} */
    this.input = /** @type {HTMLInputElement} */ (
      h("input", { id: "chat-input", type: "text", maxlength: MAX_CHARS, autocomplete: "off", "aria-label": t("chat.placeholder"), placeholder: t("chat.placeholder") })
    );
    this.form = h("form", { class: "chat-form" }, this.input, h("button", { type: "submit", id: "chat-send", text: t("chat.send") }));
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.send();
    });
    this.log = h("ol", { class: "chat-log", "aria-live": "polite" });
    this.controls = h("div", { class: "chat-controls" });
    this.note = h("p", { class: ["muted", "chat-note"] });
    this.element = h(
      "section",
      { class: ["panel", "chat-panel"], id: "chat", "aria-labelledby": "chat-title" },
      h("h2", { id: "chat-title", text: t("chat.title") }),
      this.log,
      this.note,
      this.form,
      this.controls,
    );
  }

  /** The latest messages, as a (re)connection's history gives them. @param {ChatMessage[]} messages */
  reset(messages) {
    this.messages = [];
    for (const message of messages) this.add(message);
  }

  /** One message delivered (each connection of this page hears it: kept once). @param {ChatMessage} message */
  add(message) {
    if (this.messages.some((m) => m.id === message.id)) return;
    this.messages.push(message);
    const writer = this.page.display;
    if (this.pending !== null && writer && message.seat === (writer.viewer ?? null) && message.text === this.pending) {
      if (this.input.value.trim() === this.pending) this.input.value = "";
      this.pending = null;
    }
  }

  send() {
    const writer = this.page.display;
    const text = this.input.value.trim();
    if (!writer || !text) return;
    if (writer.say(text)) this.pending = text;
  }

  /** @param {number | null} seat @param {boolean} hide */
  setHidden(seat, hide) {
    if (hide) this.hidden.add(keyOf(seat));
    else this.hidden.delete(keyOf(seat));
    localStorage.setItem(HIDDEN_PREFIX + this.page.id, JSON.stringify([...this.hidden]));
    this.update();
  }

  /** @param {number} seat @param {boolean} muted */
  async mute(seat, muted) {
    try {
      await api(`/api/tables/${this.page.id}/seats/${seat}/mute`, { method: "POST", token: this.page.held.owner, body: { muted } });
    } catch (err) {
      showError(err);
    }
  }

  /** @param {number | null} seat */
  who(seat) {
    return seat === null ? t("chat.spectator") : this.page.names()[seat] || t("chat.spectator");
  }

  /** Redraw the messages and controls (the form, and what is typed in it, stay). */
  update() {
    const table = this.page.table;
    const writer = this.page.display;
    if (!table) return;
    const mine = writer ? writer.viewer ?? null : undefined;
    const muted = table.muted || [];
    this.log.replaceChildren(
      ...this.messages
        .filter((m) => !this.hidden.has(keyOf(m.seat)))
        .map((m) =>
          h(
            "li",
            { class: "chat-message", dataset: { seat: keyOf(m.seat) } },
            h("span", { class: "chat-who", text: this.who(m.seat) }),
            " ",
            // The writer's words as the server delivered them (not the client's: no catalogue).
            h("span", { class: "chat-text", dataset: { source: "server" }, text: m.text }),
            m.seat === mine
              ? null
              : h("button", { type: "button", class: "chat-hide", text: t("chat.hide"), title: t("chat.hide_label", { name: this.who(m.seat) }), onclick: () => this.setHidden(m.seat, true) }),
          ),
        ),
    );
    this.log.scrollTop = this.log.scrollHeight;
    const spectator = mine === null;
    const barred = mine === undefined || (spectator ? !table.spectator_chat : muted.includes(/** @type {number} */ (mine)));
    this.form.hidden = barred;
    this.note.textContent = barred && mine !== undefined ? t(spectator ? "chat.spectators_off" : "chat.muted") : this.messages.length ? "" : t("chat.empty");
    this.controls.replaceChildren(
      ...[...this.hidden].map((key) => {
        const seat = key === SPECTATORS ? null : Number(key);
        return h(
          "p",
          { class: "chat-hidden" },
          t("chat.hidden", { name: this.who(seat) }),
          " ",
          h("button", { type: "button", class: "chat-show", text: t("chat.show"), onclick: () => this.setHidden(seat, false) }),
        );
      }),
      // The owner's link (held by this browser) mutes another person's seat: not a bot (bots
      // do not write), not an open seat (nobody is there yet), not a seat held here.
      ...(this.page.held.owner
        ? table.seats
            .filter((s) => muted.includes(s.seat) || (s.kind === "person" && !(String(s.seat) in (this.page.held.seats || {}))))
            .map((s) => {
              const on = muted.includes(s.seat);
              const name = this.who(s.seat);
              return h("button", { type: "button", class: "chat-mute", dataset: { seat: String(s.seat) }, text: t(on ? "chat.unmute" : "chat.mute", { name }), onclick: () => this.mute(s.seat, !on) });
            })
        : []),
    );
  }
}
