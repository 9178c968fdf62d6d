// One viewer's link to the table: a websocket (api.js's Connection: hello with the token and
// language, reconnection with backoff, a fresh snapshot on every connect) and what the last
// snapshot or update said, plus the messages this viewer sends (act, undo, undo_reply, chat).
import { Connection } from "../api.js";

export class SeatConnection {
  // ``onMessage(connection, message)``, ``onState(connection, state, detail)``.
  constructor(tableId, token, { onMessage, onState }) {
    this.tableId = tableId;
    this.handlers = { onMessage, onState };
    this.viewer = undefined; // known after the first snapshot: a seat number, or null
    this.observation = null;
    this.legal = [];
    this.events = [];
    this.seq = null;
    this.canUndo = false; // the server's word: this seat may take back the last decision
    this.explain = null; // the rules of this seat's decision, when it is the seat to act
    this.state = "connecting";
    this.waiting = false; // an act was sent and no answer came yet
    this.connect(token);
  }

  // (Re)connect with ``token``: taking a seat swaps its invite's token for a new one.
  connect(token) {
    if (this.conn) this.conn.close();
    this.token = token;
    this.conn = new Connection(this.tableId, token, {
      onMessage: (m) => this.handlers.onMessage(this, m),
      onState: (state, detail) => this.handlers.onState(this, state, detail),
    });
  }

  // A snapshot or an update: the position, the legal actions and the events this viewer sees.
  take(m) {
    this.seq = m.seq;
    this.observation = m.observation;
    this.legal = m.legal_actions || [];
    this.canUndo = m.can_undo === true;
    this.explain = typeof m.explain === "string" ? m.explain : null;
    this.events = m.reset || m.type === "snapshot" ? m.events : this.events.concat(m.events);
    this.waiting = false;
  }

  // Play ``action`` at the position last seen; true if it was sent.
  act(action) {
    if (this.waiting || !this.conn.send({ type: "act", seq: this.seq, action: action.id })) return false;
    this.waiting = true;
    return true;
  }

  askUndo() {
    this.conn.send({ type: "undo" });
  }

  // A chat message from this viewer; true if it was sent (the server delivers it to all).
  say(text) {
    return this.conn.send({ type: "chat", text });
  }

  replyUndo(accept) {
    this.conn.send({ type: "undo_reply", accept });
  }

  // How many times it has tried to reconnect since the link dropped.
  attempts() {
    return this.conn.attempt;
  }

  close() {
    this.conn.close();
  }
}
