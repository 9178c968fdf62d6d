// The table page's screens around the board: the heading (whose turn, the phase), the seats
// bar (with the owner's "give to a bot"), the name asked of a link's seat, the waiting room
// (invite links and start); the hot-seat privacy screen (privacy.js) and undo (undo.js) are
// handed on from here. Each is drawn from the page (table.js) and changes nothing but
// through the server.
import { api } from "../api.js";
import { h } from "../dom.js";
import { gameTitle, language, t } from "../i18n.js";
import { showError } from "../notice.js";
import { currentAccount } from "../session.js";
import { seatLabel } from "../seats.js";
import { absolute, saveHeld } from "../store.js";
import { fmt, phaseName } from "./words.js";
import { soundToggle } from "./turn-signal.js";
import { seatClock } from "./clocks.js";

// Drawn by the page (table.js) through this module: the privacy screen and the undo request.
export { privacyScreen } from "./privacy.js";
export { undoDialog } from "./undo.js";

export function header(page, view) {
  const obs = view.observation || {};
  const names = page.names();
  let turn;
  if (page.table.status === "waiting") turn = t("table.waiting_start");
  else if (obs.to_act === null || obs.to_act === undefined) turn = t("table.over");
  else if (obs.to_act === view.viewer) turn = t("table.your_turn", { name: names[obs.to_act] });
  else turn = t("table.turn_of", { name: names[obs.to_act] });
  const who = whoLine(page, view);
  return h(
    "div",
    { class: "table-head" },
    h("h1", { text: gameTitle(page.table.game, page.table.title) }),
    h("p", { class: "who", text: who }, typeof view.viewer === "number" ? soundToggle() : null),
    page.table.hints ? h("p", { class: ["badge", "hints-on"], text: t("hints.on") }) : null,
    h("p", { class: ["turn", obs.to_act === view.viewer ? "mine" : "theirs"], "aria-live": "polite", text: turn }),
    obs.phase ? h("p", { class: "phase", text: phaseText(page.table.game, obs) }) : null,
    page.table.status === "playing" && view.legal.length && !(view.explain && view.explain.text === null)
      ? phaseRules(page, view)
      : null,
  );
}

// Who this device plays. Before the start a hot-seat device names every seat it holds (it
// plays them all, not the one whose view happens to be drawn); a link's seat nobody has
// taken yet is an invitation, not a seat played ("Seat 1 (open)" is no one's name).
function whoLine(page, view) {
  if (typeof view.viewer !== "number") return t("table.spectating");
  const names = page.names();
  const held = Object.keys(page.held.seats).map(Number).filter((s) => s in names).sort((a, b) => a - b);
  if (page.table.status === "waiting" && held.length > 1) {
    const list = new Intl.ListFormat(language(), { type: "conjunction" }).format(held.map((s) => names[s]));
    return t("hotseat.plays", { names: list });
  }
  const seat = page.table.seats[view.viewer];
  if (seat && seat.kind === "open") return t("table.invited", { n: view.viewer + 1 });
  return t("table.you_are", { name: names[view.viewer] });
}

// The rules of the decision in front of this seat (the terminal's `?`), written by the server
// in the page's language for the seat to act only, and asked for when the <details> opens
// (and for each new decision while it stays open: table.js). A <details> opens with a click
// or the keyboard; it stays open across redraws (the page is drawn anew on every message).
function phaseRules(page, view) {
  const text = view.explain ? view.explain.text : null;
  return h(
    "details",
    {
      class: ["details", "phase-rules"],
      open: page.rulesOpen === true,
      ontoggle: (e) => {
        page.rulesOpen = e.target.open;
        if (page.rulesOpen) view.askExplain();
      },
    },
    h("summary", { text: t("table.phase_rules") }),
    text === null
      ? h("p", { class: ["rules-text", "muted"], text: t("common.loading") })
      : h("p", { class: "rules-text", dataset: { source: "server" }, text }),
  );
}

// The phase, and the decision in front of the player where the game names one apart from it
// (Kingdoms' `decision.name`: "Action Phase — Honour: the Subject for your Glory").
function phaseText(game, obs) {
  const phase = phaseName(game, obs.phase);
  const name = obs.decision && obs.decision.name;
  if (!name || name === obs.phase) return t("table.phase", { phase });
  return t("table.phase_decision", { phase, decision: phaseName(game, name) });
}

export function seatsBar(page, view) {
  const obs = view.observation || {};
  return h(
    "ol",
    { class: "seats-bar", "aria-label": t("table.seats") },
    page.table.seats.map((seat) => {
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
        seatClock(page, seat),
        ownerSeatControl(page, seat),
      );
    }),
  );
}

// The owner may give an open or disconnected person's seat to a bot.
function ownerSeatControl(page, seat) {
  const active = page.table.status === "waiting" || page.table.status === "playing";
  const idle = seat.kind === "open" || (seat.kind === "person" && !seat.connected);
  if (!page.held.owner || !active || !idle) return null;
  return h("button", {
    type: "button",
    class: "replace",
    text: t("owner.replace"),
    "aria-label": t("owner.replace_label", { name: seatLabel(seat) }),
    onclick: async () => {
      try {
        await page.ask(api(`/api/tables/${page.id}/seats/${seat.seat}/bot`, { method: "POST", body: { bot: "easy" }, token: page.held.owner }));
      } catch (err) {
        showError(err);
      }
    },
  });
}

// A link's seat nobody named yet: the name is asked, and taking the seat swaps the invite's
// token for one only this browser knows (the owner who handed the invite on cannot look
// through the seat).
export function nameForm(page, view) {
  // Logged in, the seat takes the account's name (the server decides; shown beforehand).
  // One box for the page's life, put back at every redraw: a message coming while the player
  // types (another seat's presence, the chat's history) must not wipe what was typed.
  if (!page.nameInput) {
    const account = currentAccount();
    page.nameInput = h("input", { id: "take-name", type: "text", maxLength: 32, required: true, autocomplete: "nickname", value: account ? account.name : "" });
  }
  const input = page.nameInput;
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
      const taken = await api(`/api/tables/${page.id}/take`, { method: "POST", body: { name: input.value }, token: view.token });
      if (taken.token) {
        page.held.used = [...page.held.used, view.token];
        page.held.seats[view.viewer] = taken.token;
        saveHeld(page.id, page.held);
        view.connect(taken.token);
      }
    } catch (err) {
      showError(err);
    }
  };
  return form;
}

function copyRow(label, link) {
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
}

// Before the start: the owner's invite links, the spectator link and *start*; anyone else
// waits for the owner.
export function waitingRoom(page) {
  const owner = page.held.owner;
  const invites = (page.held.invites || []).map((inv) => {
    const seat = page.table.seats[inv.seat];
    const label = seat && seat.kind === "open" ? t("invite.seat_open", { n: inv.seat + 1 }) : t("invite.seat_taken", { n: inv.seat + 1, name: seatLabel(seat) });
    return copyRow(label, inv.link);
  });
  const open = page.table.seats.filter((s) => s.kind === "open").length;
  const start = async () => {
    try {
      await page.ask(api(`/api/tables/${page.id}/start`, { method: "POST", token: owner }));
    } catch (err) {
      showError(err);
    }
  };
  return h(
    "section",
    { class: ["panel", "waiting"] },
    // Headed by what the reader can do here: only the owner holds invitation links; a quick
    // table's seats are taken through Play now and the lobby, so it waits for players; anyone
    // else at a table made by link waits for its creator to start it.
    h("h2", { id: "waiting-title", text: t(waitingTitle(owner, page.table.quick)) }),
    owner
      ? h("ul", { class: "invites" }, invites, page.held.spectatorLink ? copyRow(t("invite.spectator"), page.held.spectatorLink) : null)
      : page.table.quick
        ? quickWait(page.table)
        : h("p", { text: t("invite.wait_owner") }),
    owner ? h("p", { class: "hint", text: open ? t("invite.still_open", { n: open }) : t("invite.all_seated") }) : null,
    owner ? h("button", { type: "button", class: "primary", id: "start", text: t("invite.start"), onclick: start }) : null,
  );
}

// Once the game is under way the waiting room is gone: the owner still finds the link that
// lets spectators watch (as this browser holds it: the lobby kept it when it made the table).
export function spectatorShare(page) {
  const link = page.held.spectatorLink;
  if (!page.held.owner || !link || page.table.status !== "playing") return null;
  return h(
    "details",
    {
      class: ["details", "share"],
      open: page.shareOpen === true,
      ontoggle: (e) => {
        page.shareOpen = e.target.open;
      },
    },
    h("summary", { text: t("invite.share") }),
    h("ul", { class: "invites" }, copyRow(t("invite.spectator"), link)),
  );
}

function waitingTitle(owner, quick) {
  if (owner) return "invite.title";
  return quick ? "quick.waiting_title" : "invite.waiting_title";
}

// A quick-play table has no creator to start it (docs/server.md, "Quick play"): it starts
// once every seat is taken, or, when its creator chose so, bots fill it at a time told here
// in the reader's own clock (the table's creation plus its wait).
function quickWait(table) {
  const words = [h("p", { id: "quick-wait", text: t("quick.starts_when_full") })];
  if (typeof table.fill_after === "number") {
    const at = new Date(Date.parse(table.created_at) + table.fill_after * 1000);
    const time = at.toLocaleTimeString(language(), { hour: "2-digit", minute: "2-digit" });
    words.push(h("p", { class: "hint", id: "quick-fill", text: t("quick.bots_at", { time }) }));
  }
  return words;
}
