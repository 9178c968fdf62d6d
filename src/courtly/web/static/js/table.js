// The table page: one websocket per seat this browser holds (several at a hot-seat
// table) or one public view. Everything drawn comes from the last snapshot or update the
// server sent; nothing changes on a click until the server answers (no optimistic updates).
import { api, Connection } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { absolute, loadHeld, saveHeld } from "./store.js";
import { errorText, setStatus, showError } from "./notice.js";
import { seatLabel, withSeatNames } from "./lobby.js";
import { Picker } from "./picks.js";
import { actionText, drawBoard, serverText } from "./boards/index.js";
import { resultPanel } from "./result.js";

export function showTable(tableId) {
  const page = new TablePage(tableId);
  return () => page.close();
}

class View {
  constructor(page, token) {
    this.page = page;
    this.token = token;
    this.viewer = undefined; // known after the first snapshot
    this.observation = null;
    this.legal = [];
    this.events = [];
    this.seq = null;
    this.canUndo = false; // the server's word: this seat may take back the last decision
    this.state = "connecting";
    this.waiting = false; // an act was sent and no answer came yet
    this.connect(token);
  }

  // (Re)connect with ``token``: taking a seat swaps its invite's token for a new one.
  connect(token) {
    if (this.conn) this.conn.close();
    this.token = token;
    this.conn = new Connection(this.page.id, token, {
      onMessage: (m) => this.page.receive(this, m),
      onState: (state, detail) => this.page.connection(this, state, detail),
    });
  }
}

class TablePage {
  constructor(id) {
    this.id = id;
    this.held = loadHeld(id);
    this.table = null;
    this.display = null; // the View shown
    this.privacy = false;
    this.undoRequest = null;
    this.frame = 0;
    this.root = document.getElementById("app");
    this.root.replaceChildren(h("p", { class: "muted", text: t("common.loading") }));
    this.picker = new Picker({
      onPlay: (action) => this.play(action),
      onChange: () => this.draw(),
      label: (options) => (options.length === 1 ? this.choiceText(options[0]) : t("table.pick_hint", { n: options.length })),
    });
    const fragment = new URLSearchParams(location.hash.slice(1)).get("token");
    // An invite this browser already used to take its seat is known too: its seat is held.
    const known = new Set([...Object.values(this.held.seats), ...this.held.used, this.held.owner, this.held.spectator]);
    this.views = [];
    for (const token of Object.values(this.held.seats)) this.views.push(new View(this, token));
    if (fragment && !known.has(fragment)) this.views.push(new View(this, fragment));
    if (this.views.length === 0) this.views.push(new View(this, this.held.spectator || fragment || null));
    if (fragment && known.has(fragment)) forgetLinkToken(fragment);
  }

  close() {
    for (const view of this.views) view.conn.close();
    setStatus("conn", null);
  }

  seatViews() {
    return this.views.filter((v) => typeof v.viewer === "number");
  }

  receive(view, m) {
    switch (m.type) {
      case "snapshot":
      case "update":
        if (m.type === "snapshot") this.learn(view, m.viewer, m.owner === true);
        view.seq = m.seq;
        view.observation = m.observation;
        view.legal = m.legal_actions || [];
        view.canUndo = m.can_undo === true;
        view.events = m.reset || m.type === "snapshot" ? m.events : view.events.concat(m.events);
        view.waiting = false;
        if (m.table) this.table = m.table;
        if (view === this.display) this.picker.setActions(view.legal);
        break;
      case "table":
        this.table = m.table;
        break;
      case "error":
        view.waiting = false;
        if (!(m.code === "duplicate")) showError({ detail: m.reason }, m.code);
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
    if (closed) setStatus("conn", errorText(detail && detail.code ? detail.code : closed.state), "error");
    else if (lost.length) setStatus("conn", t("conn.lost", { n: Math.max(...lost.map((v) => v.conn.attempt)) }), "warn");
    else setStatus("conn", null);
    this.draw();
  }

  play(action) {
    const view = this.display;
    if (!view || view.waiting) return;
    if (view.conn.send({ type: "act", seq: view.seq, action: action.id })) {
      view.waiting = true;
      this.draw();
    }
  }

  // Which view to show: at a hot-seat table, the held seat the game waits for.
  chooseDisplay() {
    const seats = this.seatViews();
    // A view is drawn once its first snapshot came (before the start it has no observation).
    if (seats.length === 0) return this.views.find((v) => v.seq !== null) || null;
    const toAct = seats.map((v) => v.observation && v.observation.to_act).find((x) => x !== undefined && x !== null);
    const acting = seats.find((v) => v.viewer === toAct && v.observation);
    if (acting) return acting;
    if (this.display && seats.includes(this.display)) return this.display;
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
    const hot = this.seatViews().length > 1;
    const playing = this.table && this.table.status === "playing";
    if (next && next !== this.display) {
      if (this.display && hot && playing && this.display.viewer !== next.viewer) this.privacy = true;
      this.display = next;
      this.picker.setActions(next.legal);
    }
    // At a hot-seat table the first hand is shown only after the privacy screen.
    if (hot && playing && this.lastStatus === "waiting") this.privacy = true;
    if (this.table) this.lastStatus = this.table.status;
    const view = this.display;
    if (!view || view.seq === null || !this.table) return;
    if (this.privacy) {
      this.root.replaceChildren(this.privacyScreen(view));
      return;
    }
    const seat = view.viewer;
    const table = this.table;
    const needsName = typeof seat === "number" && table.seats[seat] && table.seats[seat].kind === "open";
    const mine = typeof seat === "number" && (view.observation || {}).to_act === seat && table.status === "playing";
    // Nothing is dealt before the start (observation null): no board, no log, no result.
    const over = Boolean(view.observation) && (table.status === "finished" || view.observation.to_act === null);
    // For tests and styles: the position, the selection and whether an answer is awaited.
    const dataset = {
      game: table.game,
      status: table.status,
      viewer: String(seat),
      phase: String(view.observation?.phase ?? ""),
      seq: String(view.seq),
      mine: mine && !view.waiting && view.legal.length ? "1" : "0",
      state: `${view.seq}:${Object.keys(this.picker.selection).join(",")}:${view.waiting ? 1 : 0}`,
    };
    this.root.replaceChildren(
      h(
        "div",
        { class: "table-page", dataset },
        this.header(view),
        this.seatsBar(view),
        needsName ? this.nameForm(view) : null,
        table.status === "waiting" ? this.waitingRoom() : null,
        over ? resultPanel(table, this.breakdown(), this.names(), view.observation) : null,
        this.undoDialog(),
        !view.observation
          ? null
          : h(
              "div",
              { class: "table-layout" },
              h("section", { class: "board-area", "aria-label": t("table.board") }, this.board(view)),
              h("aside", { class: "side" }, this.choices(view), this.log(view)),
            ),
      ),
    );
    const board = this.root.querySelector(".board-area");
    if (board) this.picker.activate(board);
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

  header(view) {
    const obs = view.observation || {};
    const names = this.names();
    let turn;
    if (this.table.status === "waiting") turn = t("table.waiting_start");
    else if (obs.to_act === null || obs.to_act === undefined) turn = t("table.over");
    else if (obs.to_act === view.viewer) turn = t("table.your_turn", { name: names[obs.to_act] });
    else turn = t("table.turn_of", { name: names[obs.to_act] });
    const who = typeof view.viewer === "number" ? t("table.you_are", { name: names[view.viewer] }) : t("table.spectating");
    return h(
      "div",
      { class: "table-head" },
      h("h1", { text: this.table.title }),
      h("p", { class: "who", text: who }),
      h("p", { class: ["turn", obs.to_act === view.viewer ? "mine" : "theirs"], "aria-live": "polite", text: turn }),
      obs.phase ? h("p", { class: "phase", text: t("table.phase", { phase: phaseName(this.table.game, obs.phase) }) }) : null,
    );
  }

  seatsBar(view) {
    const obs = view.observation || {};
    return h(
      "ol",
      { class: "seats-bar", "aria-label": t("table.seats") },
      this.table.seats.map((seat) => {
        const score = obs.scores ? obs.scores[seat.seat] : null;
        const state = seat.kind === "bot" ? (seat.thinking ? "thinking" : "bot") : seat.kind === "open" ? "open" : seat.connected ? "online" : "offline";
        return h(
          "li",
          {
            class: ["seat", obs.to_act === seat.seat ? "to-act" : null, seat.seat === view.viewer ? "me" : null],
            dataset: { seat: String(seat.seat), state },
          },
          h("span", { class: ["dot", state], "aria-hidden": "true" }),
          h("span", { class: "name", text: seatLabel(seat) }),
          h("span", { class: "state", text: t(`seatstate.${state}`) }),
          score !== null && score !== undefined ? h("span", { class: "score", text: t("table.score", { score: fmt(score) }) }) : null,
          this.ownerSeatControl(seat),
        );
      }),
    );
  }

  // The owner may give an open or disconnected person's seat to a bot.
  ownerSeatControl(seat) {
    const active = this.table.status === "waiting" || this.table.status === "playing";
    const idle = seat.kind === "open" || (seat.kind === "person" && !seat.connected);
    if (!this.held.owner || !active || !idle) return null;
    return h("button", {
      type: "button",
      class: "replace",
      text: t("owner.replace"),
      "aria-label": t("owner.replace_label", { name: seatLabel(seat) }),
      onclick: async () => {
        try {
          this.table = await api(`/api/tables/${this.id}/seats/${seat.seat}/bot`, { method: "POST", body: { bot: "easy" }, token: this.held.owner });
          this.draw();
        } catch (err) {
          showError(err);
        }
      },
    });
  }

  nameForm(view) {
    const input = h("input", { id: "take-name", type: "text", maxLength: 32, required: true, autocomplete: "nickname" });
    const form = h(
      "form",
      { class: ["panel", "take-seat"] },
      h("h2", { text: t("take.title", { n: view.viewer + 1 }) }),
      h("label", { for: "take-name", text: t("take.name") }),
      input,
      h("button", { type: "submit", class: "primary", text: t("take.submit") }),
    );
    form.onsubmit = async (event) => {
      event.preventDefault();
      try {
        const taken = await api(`/api/tables/${this.id}/take`, { method: "POST", body: { name: input.value }, token: view.token });
        // Taking the seat swapped the invite's token for one only this browser knows
        // (the owner who handed the invite on cannot look through the seat).
        if (taken.token) {
          this.held.used = [...this.held.used, view.token];
          this.held.seats[view.viewer] = taken.token;
          saveHeld(this.id, this.held);
          view.connect(taken.token);
        }
      } catch (err) {
        showError(err);
      }
    };
    return form;
  }

  waitingRoom() {
    const owner = this.held.owner;
    const copyRow = (label, link) => {
      const url = absolute(link);
      const field = h("input", { type: "text", readOnly: true, value: url, "aria-label": label, class: "link" });
      return h(
        "li",
        {},
        h("span", { class: "label", text: label }),
        field,
        h("button", {
          type: "button",
          text: t("common.copy"),
          "aria-label": t("common.copy_label", { what: label }),
          onclick: async (event) => {
            field.select();
            try {
              await navigator.clipboard.writeText(url);
            } catch {
              document.execCommand("copy");
            }
            event.target.textContent = t("common.copied");
          },
        }),
      );
    };
    const invites = (this.held.invites || []).map((inv) => {
      const seat = this.table.seats[inv.seat];
      const label = seat && seat.kind === "open" ? t("invite.seat_open", { n: inv.seat + 1 }) : t("invite.seat_taken", { n: inv.seat + 1, name: seatLabel(seat) });
      return copyRow(label, inv.link);
    });
    const open = this.table.seats.filter((s) => s.kind === "open").length;
    return h(
      "section",
      { class: ["panel", "waiting"] },
      h("h2", { text: t("invite.title") }),
      owner
        ? h(
            "ul",
            { class: "invites" },
            invites,
            this.held.spectatorLink ? copyRow(t("invite.spectator"), this.held.spectatorLink) : null,
          )
        : h("p", { text: t("invite.wait_owner") }),
      owner
        ? h("p", { class: "hint", text: open ? t("invite.still_open", { n: open }) : t("invite.all_seated") })
        : null,
      owner
        ? h("button", {
            type: "button",
            class: "primary",
            id: "start",
            text: t("invite.start"),
            onclick: async () => {
              try {
                const info = await api(`/api/tables/${this.id}/start`, { method: "POST", token: owner });
                this.table = info;
                this.draw();
              } catch (err) {
                showError(err);
              }
            },
          })
        : null,
    );
  }

  privacyScreen(view) {
    const name = this.names()[view.viewer];
    return h(
      "section",
      { class: "privacy", "aria-labelledby": "privacy-title" },
      h("h1", { id: "privacy-title", text: t("privacy.pass", { name }) }),
      h("p", { text: t("privacy.hint") }),
      h("button", {
        type: "button",
        class: "primary",
        id: "privacy-continue",
        text: t("privacy.show", { name }),
        onclick: () => {
          this.privacy = false;
          this.render();
        },
      }),
    );
  }

  undoDialog() {
    const request = this.undoRequest;
    if (!request) return null;
    const names = this.names();
    const mine = this.seatViews().filter((v) => request.waiting_for.includes(v.viewer));
    if (!mine.length) return h("p", { class: ["notice", "info"], text: t("undo.waiting", { name: names[request.seat] }) });
    const reply = (accept) => {
      for (const v of mine) v.conn.send({ type: "undo_reply", accept });
      this.undoRequest = null;
      this.draw();
    };
    return h(
      "div",
      { class: ["panel", "undo-request"], role: "alertdialog", "aria-label": t("undo.asks", { name: names[request.seat] }) },
      h("p", { text: t("undo.asks", { name: names[request.seat] }) }),
      h("button", { type: "button", text: t("undo.accept"), onclick: () => reply(true) }),
      h("button", { type: "button", text: t("undo.decline"), onclick: () => reply(false) }),
    );
  }

  board(view) {
    return drawBoard({
      game: this.table.game,
      observation: view.observation,
      actions: this.picker.candidates(),
      names: this.names(),
      viewer: view.viewer,
    });
  }

  choices(view) {
    const obs = view.observation;
    const mine = typeof view.viewer === "number" && obs.to_act === view.viewer && this.table.status === "playing";
    const candidates = mine ? this.picker.candidates() : [];
    const selecting = Object.keys(this.picker.selection).length > 0;
    // Undo only where the server's rule allows it (at a hot-seat table, for whichever held
    // seat made the last decision), and not while a request waits for answers.
    const undoer = this.table.status === "playing" && !this.table.undo && !view.waiting
      ? [view, ...this.seatViews()].find((v) => v.canUndo)
      : undefined;
    return h(
      "section",
      { class: ["panel", "choices"], "aria-labelledby": "choices-title" },
      h("h2", { id: "choices-title", text: t("table.choices") }),
      !mine ? h("p", { class: "muted", text: this.table.status === "playing" && obs.to_act !== null ? t("table.waiting_for", { name: this.names()[obs.to_act] }) : t("table.no_choices") }) : null,
      view.waiting ? h("p", { class: "muted", text: t("table.sending") }) : null,
      selecting
        ? h("button", { type: "button", class: "cancel", text: t("table.cancel_pick"), onclick: () => this.picker.reset() })
        : null,
      h(
        "ul",
        { class: "actions" },
        candidates.map((action) => {
          // A board's own words for a choice (the client's, in the catalogue), else the
          // server's text, with Kingdoms' cards drawn as glyphs.
          const own = actionText(this.table.game, action, obs, this.names());
          return h(
            "li",
            {},
            h(
              "button",
              {
                type: "button",
                class: "action",
                disabled: view.waiting,
                dataset: own === null ? { actionId: String(action.id), source: "server" } : { actionId: String(action.id) },
                onclick: () => this.play(action),
              },
              // One span: the button lays out its children as flex items.
              h("span", {}, own === null ? serverText(this.table.game, action.text, action.action) : own),
            ),
          );
        }),
      ),
      undoer
        ? h("button", {
            type: "button",
            class: "undo",
            text: t("table.undo"),
            onclick: () => undoer.conn.send({ type: "undo" }),
          })
        : null,
    );
  }

  // A choice as the board words it, else as the server does (a label's plain text).
  choiceText(action) {
    const view = this.display;
    const own = view ? actionText(this.table.game, action, view.observation, this.names()) : null;
    return own === null ? action.text : own;
  }

  // Seat names as the log shows them: open seats keep their number.
  logNames() {
    return (this.table ? this.table.seats : []).map((s) => (s.kind === "open" ? null : seatLabel(s)));
  }

  log(view) {
    const names = this.logNames();
    const list = h(
      "ol",
      { class: "log", "aria-live": "polite" },
      view.events.map((e) =>
        h("li", { class: e.audience ? "private" : null, dataset: { source: "server" } }, serverText(this.table.game, withSeatNames(e.text, names), e.data)),
      ),
    );
    requestAnimationFrame(() => {
      list.scrollTop = list.scrollHeight;
    });
    return h("section", { class: ["panel", "log-panel"], "aria-labelledby": "log-title" }, h("h2", { id: "log-title", text: t("table.log") }), list);
  }
}

// A link's token, once this browser holds it, leaves the address bar: it is not left in the
// history, nor shown to whoever looks at the screen or copies the address.
function forgetLinkToken(token) {
  if (!token || new URLSearchParams(location.hash.slice(1)).get("token") !== token) return;
  history.replaceState(history.state, "", location.pathname + location.search);
}

export function fmt(value) {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}

export function phaseName(game, phase) {
  const key = `phase.${game}.${phase}`;
  const text = t(key);
  return text === key ? phase : text;
}
