// The lobby form's pace: real time without a clock (the default), a Fischer clock (minutes
// each, seconds added per move) or turn-based (a deadline per move), and what happens when a
// seat's time runs out (a bot of a level plays it until its player is back, or it loses).
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { levelName } from "./seats.js";

const MOVES = [
  ["hour", 3600],
  ["day", 86400],
  ["days3", 3 * 86400],
];

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
