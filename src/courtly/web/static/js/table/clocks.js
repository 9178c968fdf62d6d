// Time at the table: each seat's clock in the seats bar (`seatClock`), running smoothly from
// what the server last measured, and the table's pace and time-out policy with the viewer's
// own controls (`clockPanel`: "I'm back" after a time-out, leave at a turn-based table).
// The server's time is the truth: every table message carries each seat's time left,
// measured when it was sent; the page counts the running seat's down from the moment it got
// it, and takes the server's figures again with each message (and on a reconnect).
import { api } from "../api.js";
import { h } from "../dom.js";
import { language, t } from "../i18n.js";
import { showError } from "../notice.js";
import { clockText, paceText, policyText } from "../pace.js";
import { seatLabel } from "../seats.js";

const received = { measured: null, at: 0 };
let ticker = null;

// The milliseconds ``seat`` has left now, as this page counts them.
function leftNow(clock, seat) {
  const ms = clock.remaining_ms[seat];
  if (clock.running !== seat) return ms;
  return Math.max(0, ms - (performance.now() - received.at));
}

// Each running clock's text, a few times a second (the page is redrawn only on messages).
function tick() {
  for (const el of document.querySelectorAll(".seat-clock[data-running='1']")) {
    const clock = ticker && ticker.clock;
    if (!clock) continue;
    el.querySelector(".clock-time").textContent = clockText(leftNow(clock, Number(el.getAttribute("data-seat"))));
  }
}

// Called with each drawn table: note when its clocks were measured, keep the ticker going.
export function followClock(table) {
  const clock = table && table.clock;
  if (clock && clock.measured_at !== received.measured) {
    received.measured = clock.measured_at;
    received.at = performance.now();
  }
  if (!ticker) ticker = { clock, id: setInterval(tick, 200) };
  ticker.clock = clock;
}

export function stopClocks() {
  if (ticker) clearInterval(ticker.id);
  ticker = null;
  received.measured = null;
}

export function seatClock(page, seat) {
  const clock = page.table.clock;
  if (!clock) return null;
  const running = clock.running === seat.seat && page.table.status === "playing";
  const note = clock.lost === seat.seat ? t("clock.lost") : clock.stand_in.includes(seat.seat) ? t("clock.stand_in") : clock.leave[String(seat.seat)] ? t("clock.on_leave") : null;
  // role=timer: read when asked, not announced each second.
  return h(
    "span",
    { class: ["seat-clock", running ? "running" : null], role: "timer", dataset: { seat: String(seat.seat), running: running ? "1" : "0" }, "aria-label": t("clock.of", { name: seatLabel(seat) }) },
    h("span", { class: "clock-time", text: clockText(leftNow(clock, seat.seat)) }),
    note ? h("span", { class: "clock-note", text: ` ${note}` }) : null,
  );
}


async function post(page, view, path, body = undefined) {
  try {
    await api(`/api/tables/${page.id}/${path}`, { method: "POST", body, token: view.token });
  } catch (err) {
    showError(err);
  }
}

// The viewer's own controls: back after a time-out; leave at a turn-based table.
function ownControls(page, view) {
  const seat = view.viewer;
  const clock = page.table.clock;
  if (typeof seat !== "number" || page.table.status !== "playing") return null;
  if (clock.stand_in.includes(seat)) {
    // A clock that adds nothing gives a seat that ran out no time again: back, it would lose
    // its turn at once (docs/server.md), so the button would do nothing. Said instead.
    if (clock.pace.kind === "fischer" && !(clock.pace.increment_seconds > 0) && clock.remaining_ms[seat] <= 0) {
      return h("p", { class: "muted", id: "clock-out", text: t("clock.out_for_good") });
    }
    return h("button", { type: "button", class: "primary", id: "clock-back", text: t("clock.back"), onclick: () => post(page, view, "back") });
  }
  if (clock.pace.kind !== "turn") return null;
  const days = h(
    "select",
    { id: "clock-leave-days" },
    [1, 2, 3, 4, 5, 6, 7].map((d) => h("option", { value: String(d), text: t("clock.leave_days_n", { n: d }) })),
  );
  return h(
    "div",
    { class: "field" },
    h("label", { for: "clock-leave-days", text: t("clock.leave_days") }),
    " ",
    days,
    " ",
    h("button", { type: "button", id: "clock-leave", text: t("clock.take_leave"), onclick: () => post(page, view, "leave", { days: Number(days.value) }) }),
    h("p", { class: "hint", text: t("clock.leave_help") }),
  );
}

export function clockPanel(page, view) {
  const table = page.table;
  const clock = table.clock;
  if (!clock) return null;
  const leave = Object.entries(clock.leave).map(([seat, until]) =>
    h("li", { text: t("clock.leave_until", { name: seatLabel(table.seats[Number(seat)]), until: new Date(until).toLocaleString(language()) }) }),
  );
  const lost = clock.lost !== null ? h("p", { class: "clock-lost", text: t("clock.lost_game", { name: seatLabel(table.seats[clock.lost]) }) }) : null;
  return h(
    "section",
    { class: ["panel", "clock-panel"], id: "clock", "aria-labelledby": "clock-title" },
    h("h2", { id: "clock-title", text: t("clock.title") }),
    h("p", { class: "pace", text: paceText(clock.pace) }),
    h("p", { class: "policy", text: policyText(clock.pace) }),
    lost,
    leave.length ? h("ul", { class: "leave" }, leave) : null,
    ownControls(page, view),
  );
}
