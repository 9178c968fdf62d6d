// The new-table form's game options (lobby.js draws the form): each in words, a short list
// as a choice, a free-form one as a text with what it allows, one naming seats as a box to
// tick per seat.
import { h } from "./dom.js";
import { gameText, has, t } from "./i18n.js";

// An option's name, value and help in words. Each choice is named by the game's catalogue on
// the server (`term.NAME.VALUE`, as reports and the terminal name it; yes/no for true/false);
// where the game's help names raw values or cites a ruling by number, the client's catalogue
// says the help in words (`option.GAME.NAME.help`).
function optionLabel(game, option) {
  return gameText(game.name, `option.${option.name}`, option.name);
}

export function optionValue(game, option, value) {
  if (typeof value === "boolean") return t(value ? "option.yes" : "option.no");
  const own = gameText(game.name, `term.${option.name}.${value}`, null);
  return own === null ? String(value) : own;
}

function optionHelp(game, option) {
  const key = `option.${game.name}.${option.name}.help`;
  return has(key) ? t(key) : gameText(game.name, `option.${option.name}.help`, option.description);
}

// An option naming a set of seats (Tudor's new players): a box to tick per seat, not a text
// of seat numbers to type. The redraw it adds to `redraws` follows the form's player count,
// keeping the ticks of the seats that stay; the value is "" (none ticked), "all" or the
// seats' numbers ("1,3").
function seatsField(option, game, id, redraws) {
  const boxes = h("div", { class: "seat-ticks" });
  const group = h(
    "fieldset",
    { id, class: "seat-choice", dataset: { option: option.name } },
    h("legend", { dataset: { source: "server" }, text: optionLabel(game, option) }),
    boxes,
  );
  const tick = (index) => {
    const boxId = `${id}-${index}`;
    return h(
      "label",
      { for: boxId },
      h("input", { type: "checkbox", id: boxId, value: String(index + 1) }),
      " ",
      t("form.seat", { n: index + 1 }),
    );
  };
  redraws.push((players) => {
    const kept = [...boxes.children].slice(0, players);
    const added = Array.from({ length: players - kept.length }, (_, i) => tick(kept.length + i));
    boxes.replaceChildren(...kept, ...added);
  });
  return group;
}

function seatsValue(group) {
  const boxes = [...group.querySelectorAll("input[type=checkbox]")];
  const ticked = boxes.filter((box) => box.checked).map((box) => box.value);
  if (ticked.length === 0) return "";
  return ticked.length === boxes.length ? "all" : ticked.join(",");
}

export function optionField(option, game, redraws) {
  const id = `opt-${game.name}-${option.name}`;
  const hint = h("p", { class: "hint", dataset: { source: "server" }, text: optionHelp(game, option) });
  if (option.seats) return h("div", { class: "field" }, seatsField(option, game, id, redraws), hint);
  const label = h("label", { for: id, dataset: { source: "server" }, text: optionLabel(game, option) });
  let input;
  if (option.choices) {
    input = h(
      "select",
      { id, dataset: { option: option.name } },
      option.choices.map((choice, index) =>
        h("option", {
          value: String(index),
          text: optionValue(game, option, choice),
          selected: JSON.stringify(choice) === JSON.stringify(option.default),
        }),
      ),
    );
  } else {
    input = h("input", {
      id,
      type: "text",
      dataset: { option: option.name },
      value: option.default === null ? "" : String(option.default),
      placeholder: gameText(game.name, `option.${option.name}.allowed`, option.allowed || ""),
    });
  }
  return h("div", { class: "field" }, label, input, hint);
}

// The value the form gives an option: a choice, the text typed, or the seats ticked.
export function optionInput(form, option) {
  const input = form.querySelector(`[data-option="${option.name}"]`);
  if (option.seats) return seatsValue(input);
  return option.choices ? option.choices[Number(input.value)] : input.value.trim();
}
