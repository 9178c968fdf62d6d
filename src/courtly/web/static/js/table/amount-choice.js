// The choice list's amounts: many legal actions of one kind that differ only in one number
// (For the King's bids, up to 78 of them) are one number field and one button, the button
// saying the server's sentence of the amount typed ("bid 12"), instead of a list of dozens
// of near-identical buttons. Everything else is listed as it comes.
import { h } from "../dom.js";
import { has, t } from "../i18n.js";

// Fewer than this many amounts stay buttons of their own (a short list reads at a glance).
const MANY = 6;

/** The one argument in which `a` and `b` (JSON forms, of one kind) differ, if it is a
 * number and they differ in nothing else; else null. */
function numberArgument(a, b) {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  const differ = [...keys].filter((k) => a[k] !== b[k]);
  return differ.length === 1 && typeof a[differ[0]] === "number" && typeof b[differ[0]] === "number" ? differ[0] : null;
}

/** The candidates as they are listed: an action, or a run of amounts `{ amounts: [...] }`
 * (sorted by the amount) standing where its first action stood. */
export function groupAmounts(actions) {
  const byKind = new Map();
  for (const a of actions) {
    const kind = a.action.kind;
    if (!byKind.has(kind)) byKind.set(kind, []);
    byKind.get(kind).push(a);
  }
  const runs = new Map();
  for (const [kind, list] of byKind) {
    if (list.length < MANY) continue;
    const arg = numberArgument(list[0].action, list[1].action);
    if (arg === null || !list.every((a) => a === list[0] || numberArgument(list[0].action, a.action) === arg)) continue;
    runs.set(kind, { arg, amounts: [...list].sort((x, y) => x.action[arg] - y.action[arg]) });
  }
  const listed = [];
  for (const a of actions) {
    const run = runs.get(a.action.kind);
    if (!run) listed.push(a);
    else if (!listed.includes(run)) listed.push(run);
  }
  return listed;
}

/** A run of amounts as a number field and a button playing the amount typed (the nearest
 * legal one): `button(action)` makes the choice's button for one action, `refresh` its
 * words when the amount changes. The field is named by the game's word for what is typed
 * (`table.amount.GAME.KIND`: For the King's bid, in gold), else "Amount". */
export function amountChoice(run, button, refresh, game = "") {
  const { arg, amounts } = run;
  const low = amounts[0].action[arg];
  const high = amounts[amounts.length - 1].action[arg];
  const own = `table.amount.${game}.${amounts[0].action.kind}`;
  const label = has(own) ? t(own) : t("table.amount");
  const nearest = (value) => amounts.reduce((best, a) => (Math.abs(a.action[arg] - value) < Math.abs(best.action[arg] - value) ? a : best), amounts[0]);
  let chosen = amounts[0];
  const play = button(() => chosen);
  const input = /** @type {HTMLInputElement} */ (h("input", { type: "number", class: "amount", min: String(low), max: String(high), step: "1", value: String(low), "aria-label": label, inputmode: "numeric" }));
  const update = () => {
    const typed = Number(input.value);
    chosen = nearest(Number.isFinite(typed) ? typed : low);
    refresh(play, chosen);
  };
  input.addEventListener("input", update);
  input.addEventListener("change", () => {
    update();
    input.value = String(chosen.action[arg]);
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      update();
      play.click();
    }
  });
  return h("div", { class: "amount-field" }, h("label", {}, h("span", { text: label }), input), h("span", { class: "muted", text: t("board.amount_range", { low, high }) }), play);
}
