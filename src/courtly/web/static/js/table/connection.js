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
    // The rules of this seat's decision as the server wrote them ({ seq, text }), asked for
    // only while someone reads them (``askExplain``): null until the answer for ``seq`` came.
    this.explain = null;
    this.explainAsked = null; // the seq last asked about, so a redraw does not ask again
    this.state = "connecting";
    this.waiting = false; // an act was sent and no answer came yet
    this.sentAt = null; // the position the last act was sent at, until an answer came
    this.moveLost = false; // the link dropped with an act on its way, and the server never had it
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
    if (this.explain && this.explain.seq !== m.seq) this.explain = null;
    if (m.type === "snapshot") this.explainAsked = null; // a question lost with a dropped link
    this.events = m.reset || m.type === "snapshot" ? m.events : this.events.concat(m.events);
    // A fresh snapshot (after a reconnect) at the very position an act was sent from: the act
    // was lost with the link (an act the server refused is answered before it, by an error).
    this.moveLost = m.type === "snapshot" && this.waiting && this.sentAt === m.seq;
    this.waiting = false;
    this.sentAt = null;
  }

  // Play ``action`` at the position last seen; true if it was sent.
  act(action) {
    if (this.waiting || !this.conn.send({ type: "act", seq: this.seq, action: action.id })) return false;
    this.waiting = true;
    this.sentAt = this.seq;
    this.moveLost = false;
    return true;
  }

  // Ask for the rules of the decision in front of this seat, once per position.
  askExplain() {
    if (this.explain || this.explainAsked === this.seq || !this.legal.length) return;
    if (this.conn.send({ type: "explain" })) this.explainAsked = this.seq;
  }

  // The server's answer: kept if it is about the position on screen (a later update may
  // have crossed it; then the page asks again for that one).
  takeExplain(m) {
    if (m.seq === this.seq) this.explain = { seq: m.seq, text: typeof m.text === "string" ? m.text : null };
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
