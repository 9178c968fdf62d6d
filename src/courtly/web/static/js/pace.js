// The lobby form's pace: real time without a clock (the default), a Fischer clock (minutes
// each, seconds added per move) or turn-based (a deadline per move), and what happens when a
// seat's time runs out (a bot of a level plays it until its player is back, or it loses);
// the words for a pace and a time left, which the lobby's list and the table page show.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { levelName } from "./seats.js";

const MOVES = [
  ["hour", 3600],
  ["day", 86400],
  ["days3", 3 * 86400],
];

function two(n) {
  return String(n).padStart(2, "0");
}

// Time left as the clocks show it: m:ss, h:mm:ss, or days and h:mm.
export function clockText(ms) {
  const total = Math.ceil(ms / 1000);
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days > 0) return t("clock.days", { d: days, time: `${hours}:${two(minutes)}` });
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
}

// A length of time in words: seconds under a minute, else whole minutes and seconds
// ("45 s", "2 min", "1 min 30 s"), never a fraction of a minute.
export function durationText(seconds) {
  const total = Math.round(Number(seconds) || 0);
  if (total < 60) return t("pace.seconds", { n: total });
  const m = Math.floor(total / 60);
  const s = total % 60;
  return s ? t("pace.minutes_seconds", { m, s }) : t("pace.minutes", { n: m });
}

export function paceText(pace) {
  if (pace.kind === "fischer") return t("pace.fischer", { time: durationText(pace.initial_seconds), added: durationText(pace.increment_seconds) });
  const seconds = pace.move_seconds;
  const time = seconds % 86400 === 0 ? t("clock.n_days", { n: seconds / 86400 }) : seconds % 3600 === 0 ? t("clock.n_hours", { n: seconds / 3600 }) : clockText(seconds * 1000);
  return t("clock.turn", { time });
}

export function policyText(pace) {
  return pace.policy === "lose" ? t("clock.policy_lose") : t("clock.policy_bot", { level: levelName(pace.bot) });
}

function field(id, label, control, hint = null) {
  return h("div", { class: "field" }, h("label", { for: id, text: label }), control, hint ? h("p", { class: "hint", text: hint }) : null);
}

export function paceFields(levels) {
  const kind = h(
    "select",
    { id: "form-pace" },
    ["none", "fischer", "turn"].map((k) => h("option", { value: k, text: t(`form.pace_${k}`) })),
  );
  const minutes = h("input", { id: "form-pace-minutes", type: "number", min: "1", max: "180", value: "10" });
  const increment = h("input", { id: "form-pace-increment", type: "number", min: "0", max: "600", value: "5" });
  const move = h(
    "select",
    { id: "form-pace-move" },
    MOVES.map(([name, seconds]) => h("option", { value: String(seconds), text: t(`form.pace_move_${name}`), selected: name === "day" })),
  );
  const policy = h(
    "select",
    { id: "form-pace-policy" },
    ["bot", "lose"].map((p) => h("option", { value: p, text: t(`form.pace_policy_${p}`) })),
  );
  const level = h(
    "select",
    { id: "form-pace-bot" },
    levels.map((l) => h("option", { value: l, text: levelName(l), selected: l === "easy" })),
  );
  const fischer = h("div", { class: "pace-fischer" }, field("form-pace-minutes", t("form.pace_minutes"), minutes), field("form-pace-increment", t("form.pace_increment"), increment));
  const turn = h("div", { class: "pace-turn" }, field("form-pace-move", t("form.pace_move"), move));
  const timed = h("div", { class: "pace-timed" }, fischer, turn, field("form-pace-policy", t("form.pace_policy"), policy), field("form-pace-bot", t("form.pace_bot"), level));
  const show = () => {
    timed.hidden = kind.value === "none";
    fischer.hidden = kind.value !== "fischer";
    turn.hidden = kind.value !== "turn";
    level.disabled = policy.value !== "bot";
  };
  kind.onchange = show;
  policy.onchange = show;
  show();
  return h("fieldset", { class: "pace" }, h("legend", { text: t("form.pace") }), field("form-pace", t("form.pace_kind"), kind, t("form.pace_help")), timed);
}

// The form's pace as POST /api/tables takes it; null: no clock.
export function paceBody(form) {
  const kind = form.querySelector("#form-pace").value;
  if (kind === "none") return null;
  const policy = form.querySelector("#form-pace-policy").value;
  const pace = { kind, policy, bot: form.querySelector("#form-pace-bot").value };
  if (kind === "fischer") {
    pace.initial_seconds = Number(form.querySelector("#form-pace-minutes").value) * 60;
    pace.increment_seconds = Number(form.querySelector("#form-pace-increment").value);
  } else {
    pace.move_seconds = Number(form.querySelector("#form-pace-move").value);
  }
  return pace;
}
