// Which legal action a For the King card on the board stands for. The actions name a card by
// its kind's identifier (the game's English kind name, `Diplomacy 2 (D)`, `Gold 1`, `King card
// (...)`), the board holds card codes (`diplomacy-D`, `gold1-04`, `king-up1-2`): a Government
// card is matched by office and letter, a Gold card by value, and a King card by its effect's
// place in the game's order (action ids follow the kinds' order), never by reading the words.

/** @typedef {import("../types/observations").BoardContext<unknown>["actions"]} Actions */

// The King effects in the game's order (data.py's KING_EFFECTS; a test compares them).
export const KING_EFFECTS = ["up2", "down2", "up1", "down1", "either1"];
const GOVERNMENT = /\(([A-I])\)$/;
const GOLD = /^gold (\d)$/i;

/** @param {string} code */
function kingEffect(code) {
  const [kind, effect] = String(code).split("-");
  return kind === "king" ? KING_EFFECTS.indexOf(effect) : -1;
}

/** @param {string} code @param {string} name */
function sameKind(code, name) {
  const [kind, rest = ""] = String(code).split("-");
  const gold = kind.match(/^gold(\d)$/);
  if (gold) return GOLD.test(name) && name.slice(-1) === gold[1];
  const letter = name.match(GOVERNMENT);
  return Boolean(letter) && letter[1] === rest && name.toLowerCase().startsWith(`${kind} `);
}

/**
 * The tag of each card (by code) for the legal actions of `kind` naming a card: the cards of
 * the same kind share one tag; a card that no action names has none.
 * @param {Actions} actions @param {string} kind @param {string[]} codes
 * @returns {Map<string, Record<string, string | number>>}
 */
export function cardTags(actions, kind, codes) {
  const named = actions.filter((a) => a.action.kind === kind && typeof a.action.card === "string");
  const tags = new Map();
  const kings = named.filter((a) => !GOVERNMENT.test(a.action.card) && !GOLD.test(a.action.card)).sort((x, y) => x.id - y.id);
  const effects = [...new Set(codes.map(kingEffect).filter((e) => e >= 0))].sort((x, y) => x - y);
  for (const code of codes) {
    const effect = kingEffect(code);
    let action;
    if (effect >= 0) {
      // Every King card here is named by one action, in the kinds' order: match by place.
      action = kings.length === effects.length ? kings[effects.indexOf(effect)] : undefined;
    } else {
      action = named.find((a) => sameKind(code, a.action.card));
    }
    if (action) tags.set(code, { kind, card: action.action.card });
  }
  return tags;
}

/**
 * The tag of a Gold card in hand that pays (`pay` with its value), if one does.
 * @param {Actions} actions @param {string} code
 */
export function payTag(actions, code) {
  const gold = String(code).match(/^gold(\d)-/);
  if (!gold) return null;
  const value = Number(gold[1]);
  return actions.some((a) => a.action.kind === "pay" && Number(a.action.gold) === value) ? { kind: "pay", gold: value } : null;
}
