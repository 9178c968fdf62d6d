// An amount (For the King's bid) typed or stepped in a number field rather than picked from
// a list of every legal amount. Its button is a board part like any other (tagged for the
// picker); the moves with nothing on the board to click are in the board's strip of moves
// (picks.js, `moveStrip`).
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { tag } from "../picks.js";

/** @typedef {import("../types/observations").BoardContext<unknown>["actions"]} Actions */

/**
 * A number field with its button for an amount argument (`bid` with `amount`): the field
 * starts at the lowest legal amount and keeps to the legal ones; the button is tagged with
 * the amount the field holds, so the picker plays exactly that action.
 * @param {Actions} actions
 * @param {string} kind
 * @param {string} arg
 * @param {{label: string, button: string}} words
 */
export function amountField(actions, kind, arg, words) {
  const amounts = actions
    .filter((a) => a.action.kind === kind && typeof a.action[arg] === "number")
    .map((a) => Number(a.action[arg]))
    .sort((x, y) => x - y);
  if (!amounts.length) return null;
  const low = amounts[0];
  const high = amounts[amounts.length - 1];
  const input = /** @type {HTMLInputElement} */ (h("input", { type: "number", class: "amount", min: String(low), max: String(high), step: "1", value: String(low), "aria-label": words.label, inputmode: "numeric" }));
  const button = tag(h("button", { type: "button", class: "board-control", text: words.button }), { kind, [arg]: low });
  // It stands for every legal amount (the one typed is played): none of them is in the strip.
  button.dataset.reaches = JSON.stringify({ kind });
  // The nearest legal amount to what was typed (legal amounts need not be contiguous).
  const legal = (value) => amounts.reduce((best, n) => (Math.abs(n - value) < Math.abs(best - value) ? n : best), low);
  const update = () => {
    const typed = Number(input.value);
    const amount = Number.isFinite(typed) ? legal(typed) : low;
    button.dataset.pick = JSON.stringify({ kind, [arg]: amount });
    button.setAttribute("aria-label", `${words.button} ${amount}`);
  };
  input.addEventListener("input", update);
  input.addEventListener("change", () => {
    update();
    input.value = String(JSON.parse(button.dataset.pick || "{}")[arg] ?? low);
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      update();
      button.click();
    }
  });
  update();
  return h("div", { class: "amount-field" }, h("label", {}, h("span", { text: words.label }), input), button, h("span", { class: "muted", text: t("board.amount_range", { low, high }) }));
}
