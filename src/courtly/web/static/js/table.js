// The table page: one connection per seat this browser holds (several at a hot-seat table)
// or one public view. Everything drawn comes from the last snapshot or update the server
// sent; nothing changes on a click until the server answers (no optimistic updates).
// The parts: table/connection.js (one viewer's websocket and messages), table/screens.js
// (heading, seats bar, waiting room), table/privacy.js and table/undo.js, table/play-area.js
// (board, choices, log), table/chat.js (the chat panel); result.js draws the end.
import { FINAL_ERRORS, api } from "./api.js";
import { h, keepFocus } from "./dom.js";
import { t } from "./i18n.js";
import { loadHeld, saveHeld } from "./store.js";
import { errorText, nothingHere, setStatus, showError } from "./notice.js";
import { seatLabel } from "./seats.js";
import { Picker } from "./picks.js";
import { resultPanel } from "./result.js";
import { SeatConnection } from "./table/connection.js";
import { ChatPanel } from "./table/chat.js";
import { clockPanel, followClock, stopClocks } from "./table/clocks.js";
import { header, nameForm, privacyScreen, seatsBar, spectatorShare, undoDialog, waitingRoom } from "./table/screens.js";
import { boardArea, choices, log } from "./table/play-area.js";
import { animateMoves, cardPositions } from "./table/motion.js";
import { endSignal, signalTurn } from "./table/turn-signal.js";
import { forgetLinkToken, holdChoices, moveNotSent, seatOffline, settled } from "./table/link-state.js";

export function showTable(tableId) {
  const page = new TablePage(tableId);
  return () => page.close();
}

class TablePage {
  constructor(id) {
    this.id = id;
    this.held = loadHeld(id);
    this.table = null;
    this.tableTold = 0; // messages that told the table so far
    this.display = null; // the SeatConnection shown
    // Hot-seat: the seat whose player last said they hold the device (the privacy screen's
    // button); any other seat's hand waits behind the privacy screen.
    /** @type {number | null} */
    this.revealed = null;
    this.rulesOpen = false; // the "Rules of this phase" panel is open (kept across redraws)
    this.nameInput = null; // the box for this seat's name (screens.js's nameForm), kept
    this.undoRequest = null;
    this.frame = 0;
    this.chat = new ChatPanel(this);
    this.root = document.getElementById("app");
    this.root.replaceChildren(h("p", { class: "muted", text: t("common.loading") }));
    this.picker = new Picker({
      onPlay: (action) => this.play(action),
      onChange: () => this.draw(),
      label: (options) => (options.length === 1 ? options[0].text : t("table.pick_hint", { n: options.length })),
    });
    const fragment = new URLSearchParams(location.hash.slice(1)).get("token");
    // An invite this browser already used to take its seat is known too: its seat is held.
    const known = new Set([...Object.values(this.held.seats), ...this.held.used, this.held.owner, this.held.spectator]);
    const handlers = {
      onMessage: (view, m) => this.receive(view, m),
      onState: (view, state, detail) => this.connection(view, state, detail),
    };
    const open = (token) => new SeatConnection(id, token, handlers);
    this.views = [];
    // The seats this browser holds, known before their first snapshots come (hotSeat).
    this.heldSeats = new Set();
    for (const token of Object.values(this.held.seats)) {
      const view = open(token);
      this.heldSeats.add(view);
      this.views.push(view);
    }
    if (fragment && !known.has(fragment)) this.views.push(open(fragment));
    if (this.views.length === 0) this.views.push(open(this.held.spectator || fragment || null));
    if (fragment && known.has(fragment)) forgetLinkToken(fragment);
  }

  close() {
    stopClocks();
    for (const view of this.views) view.close();
    setStatus("conn", null);
    endSignal();
  }

  // The table as a message told it (``ask`` counts them).
  tell(table) {
    this.table = table;
    this.tableTold += 1;
  }

  seatViews() {
    return this.views.filter((v) => typeof v.viewer === "number");
  }

  // Whether this browser plays several seats (hot-seat). A held seat counts before its first
  // snapshot comes: the start may be drawn before then, and the first hand must still wait
  // behind the privacy screen (a seat's link that turned out to hold no seat does not count).
  hotSeat() {
    const pending = this.views.filter((v) => this.heldSeats.has(v) && v.viewer === undefined && v.state !== "closed");
    return this.seatViews().length + pending.length > 1;
  }

  // Ask the server for a change over HTTP (the start, a seat given to a bot) and show the
  // table its answer tells, unless a message told the table meanwhile: the server tells every
  // change over the websockets too, and those may come first (a bot's quick moves, the
  // clocks started), so the answer is then the older news and must not take them back.
  async ask(request) {
    const told = this.tableTold;
    const table = await request;
    if (this.tableTold === told) this.table = table;
    this.draw();
  }

  receive(view, m) {
    switch (m.type) {
      case "snapshot":
      case "update":
        if (m.type === "snapshot") this.learn(view, m.viewer, m.owner === true);
        view.take(m);
        if (view.moveLost) moveNotSent("connection.move_lost");
        else if (m.seq !== undefined && view === this.display) setStatus("move", null);
        if (m.table) this.tell(m.table);
        if (view === this.display) this.picker.setActions(view.legal);
        if (this.rulesOpen) view.askExplain();
        break;
      case "explain":
        view.takeExplain(m);
        break;
      case "table":
        this.tell(m.table);
        break;
      case "error":
        view.waiting = false;
        // A refused link is told once, by its code, when it closes (``connection``).
        if (!(m.code === "duplicate") && !FINAL_ERRORS.has(m.code)) showError({ detail: m.reason }, m.code);
        break;
      case "chat":
        this.chat.add(m.message);
        break;
      case "chat_history":
        this.chat.reset(m.messages);
        break;
      case "undo_request":
        this.undoRequest = m;
        break;
      case "undo_result":
        this.undoRequest = null;
        setStatus("undo", t(m.accepted ? "undo.accepted" : "undo.declined"), m.accepted ? "info" : "warn");
        setTimeout(() => setStatus("undo", null), 4000);
        break;
      default:
        break;
    }
    // Told on every message, not at the next drawing: a bot's quick answer may come within
    // the same frame as one's own move, and the turn coming back must still be heard.
    signalTurn(this.table?.status === "playing" && this.seatViews().some((v) => v.observation && v.observation.to_act === v.viewer));
    this.draw();
  }

  // The first snapshot tells which seat a link's token holds (or none: the public view),
  // and whether it is the owner's link (the owner link of a table made over the API too).
  learn(view, viewer, owner) {
    if (view.viewer !== undefined) return;
    view.viewer = viewer;
    if (typeof viewer === "number") this.held.seats[viewer] = view.token;
    else if (owner) this.held.owner = view.token;
    else if (view.token && view.token !== this.held.owner) this.held.spectator = view.token;
    else return;
    saveHeld(this.id, this.held);
    forgetLinkToken(view.token);
  }

  connection(view, state, detail) {
    view.state = state;
    const lost = this.views.filter((v) => v.state === "lost");
    const closed = this.views.find((v) => v.state === "closed");
    const why = errorText(detail && detail.code ? detail.code : "closed");
    if (state === "lost") this.table = seatOffline(this.table, view.viewer);
    // Every link refused before anything was drawn (no such table, a used invitation): why, once.
    if (closed && this.views.every((v) => v.state === "closed" && v.seq === null)) return this.root.replaceChildren(nothingHere(why));
    if (closed) setStatus("conn", why, "error");
    else if (lost.length) setStatus("conn", t("conn.lost", { n: Math.max(...lost.map((v) => v.attempts())) }), "warn");
    else setStatus("conn", null);
    this.draw();
  }

  // Nothing is sent while the link is down (the choices are held); an unsent move is said.
  play(action) {
    if (!this.display) return;
    if (this.display.act(action)) this.draw();
    else if (this.display.state !== "open") moveNotSent("connection.not_sent");
  }

  // Which view to show: at a hot-seat table, the held seat the game waits for.
  chooseDisplay() {
    const seats = this.seatViews();
    // A view is drawn once its first snapshot came (before the start it has no observation).
    if (seats.length === 0) return this.views.find((v) => v.seq !== null) || null;
    const toAct = seats.map((v) => v.observation && v.observation.to_act).find((x) => x !== undefined && x !== null);
    const acting = seats.find((v) => v.viewer === toAct && v.observation);
    if (acting) return acting;
    const kept = this.display && seats.includes(this.display) ? this.display : null;
    // The seat to act is held here but its snapshot is on its way (a reload): wait for it.
    const token = toAct === undefined ? null : this.held.seats[toAct];
    if ((token && this.views.some((v) => v.token === token && v.state !== "closed")) || kept) return kept;
    return seats.find((v) => v.seq !== null) || null;
  }

  draw() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  render() {
    const next = this.chooseDisplay();
    const hot = this.hotSeat();
    const playing = this.table && this.table.status === "playing";
    if (next && next !== this.display) {
      this.display = next;
      this.picker.setActions(next.legal);
    }
    const view = this.display;
    if (!view || view.seq === null || !this.table) return;
    // At a hot-seat table a hand is drawn only once its player has said they hold the device:
    // the first hand, each change of seat, and after a reload (whoever holds the device then).
    if (hot && playing && view.viewer !== this.revealed) {
      this.root.replaceChildren(privacyScreen(this, view));
      return;
    }
    const seat = view.viewer;
    const table = this.table;
    const needsName = typeof seat === "number" && table.seats[seat] && table.seats[seat].kind === "open";
    const mine = typeof seat === "number" && (view.observation || {}).to_act === seat && table.status === "playing";
    const offline = view.state !== "open";
    // Nothing is dealt before the start (observation null): no board, no log, no result.
    // A seat that lost on time ends the table (``ended``, its ``result`` says who won) while
    // the position still names a seat to act: the game is over all the same.
    const over = Boolean(view.observation) && (table.status === "finished" || Boolean(table.result) || view.observation.to_act === null);
    // For tests and styles: the position, the selection and whether an answer is awaited.
    const dataset = {
      game: table.game,
      status: table.status,
      viewer: String(seat),
      phase: String(view.observation?.phase ?? ""),
      seq: String(view.seq),
      mine: mine && !offline && !view.waiting && view.legal.length ? "1" : "0",
      connected: offline ? "0" : "1",
      state: `${view.seq}:${Object.keys(this.picker.selection).join(",")}:${view.waiting ? 1 : 0}`,
    };
    followClock(table);
    const restoreFocus = keepFocus();
    const before = cardPositions(this.root);
    this.root.replaceChildren(
      h(
        "div",
        { class: "table-page", dataset },
        header(this, over ? settled(view) : view),
        seatsBar(this, view),
        clockPanel(this, view),
        needsName ? nameForm(this, view) : null,
        table.status === "waiting" ? waitingRoom(this) : spectatorShare(this),
        over ? resultPanel(table, this.breakdown(), this.names(), view.observation) : null,
        undoDialog(this),
        view.observation
          ? h("div", { class: "table-layout" }, boardArea(this, view), h("aside", { class: "side" }, choices(this, view), log(this, view)))
          : null,
        this.chat.element,
      ),
    );
    this.chat.update();
    restoreFocus();
    const board = this.root.querySelector(".board-area");
    if (offline) holdChoices(this.root);
    else if (board) this.picker.activate(board);
    animateMoves(this.root, before);
    // The end of the game is shown first, at the top (the board stays below it), and the
    // page is brought to it once when the game ends.
    if (over && !this.shownOver) {
      this.shownOver = true;
      this.root.querySelector("#result").scrollIntoView({ block: "start" });
    }
  }

  // The game's score breakdown, asked once the table is finished.
  breakdown() {
    if (this.table.status !== "finished") return null;
    if (this.result === undefined) {
      this.result = null;
      api(`/api/tables/${this.id}/result`)
        .then((data) => {
          this.result = data;
          this.draw();
        })
        .catch(() => {});
    }
    return this.result ? this.result.breakdown : null;
  }

  names() {
    return (this.table ? this.table.seats : []).map((s) => seatLabel(s));
  }
}
