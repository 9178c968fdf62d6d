// The details panel's words for each game's observation fields (docs/schemas): a field's
// label, a value said by its own field's kind (never guessed from the value: 3 is a count, not
// "third"), a mapping's keys that are words of a vocabulary, and the engine's bookkeeping left
// out. tests/web/test_details_panel.py checks every field named here against the schemas.
import { gameText, has, t, term } from "../i18n.js";
import { statusWord } from "./courtisans.js";
import { ftkCardName } from "./for-the-king.js";
import { cardNames } from "./kingdoms.js";

// Fields whose values mean nothing to a player (an id, a bit mask, the engine's place in a
// decision, a text the panel says from the catalogue instead): not shown.
export const LEFT_OUT = {
  courtisans: ["card", "text"],
  // An office's display colour (the board draws it); a hand's batch bookkeeping for the bots.
  "for-the-king": ["colour", "since_batch", "batch_from"],
  // `used`: once-per-phase bits; a decision's `a`/`b`: its arguments as the engine codes them.
  kingdoms: ["used", "a", "b"],
  // The decision's inner state: the activated figure, bit masks of actions done, the movement
  // under way, scratch lists, the draft's position.
  tudor: ["figure", "figure_chamber", "lord_actions_left", "sequence", "movement", "scratch", "scenario_actions_used", "moved_from", "take", "aux", "queue", "draft_position"],
};

// Labels already in the catalogue under another key (the board's own words for the field).
const LABEL_KEYS = {
  courtisans: { first_player: "courtisans.first_player", eliminated: "courtisans.eliminated", missions: "courtisans.missions", above: "courtisans.above", below: "courtisans.below", face_down: "courtisans.face_down", removed_count: "courtisans.removed" },
  "for-the-king": { offices: "ftk.offices", favor: "ftk.favor", advisor: "ftk.advisor", held: "ftk.held", middle: "ftk.middle", picker: "ftk.picker", discard_up: "ftk.discard_up", favor_cards_placed: "ftk.favor_placed", gold_spent: "ftk.gold_spent", gold_won: "ftk.gold_won", my_favor_cards: "ftk.your_favor", auction: "ftk.auction", high_bid: "ftk.high_bid", first_player: "ftk.first_player", box_size: "ftk.box" },
  kingdoms: { turn: "kingdoms.turn", limbo: "kingdoms.limbo", peasant: "kingdoms.peasant", discard: "kingdoms.discard", aside: "kingdoms.aside" },
  tudor: { round: "tudor.round", tokens: "tudor.court_tokens", markers: "tudor.markers", cards: "tudor.court_cards_held", cards_in_play: "tudor.cards_in_play", throne_room: "tudor.throne_room", court_card_supply: "tudor.court_cards", ring_stand: "tudor.ring_stand", prestige: "tudor.prestige", courtiers_in_supply: "tudor.courtiers", lord: "tudor.lord", behind_screen: "tudor.behind_screen", start_player: "tudor.start_player", court_tokens: "tudor.court_tokens" },
};

// Labels whose phrase names a word of the game's own catalogue (`{term}`: its vocabulary and
// id), so that word has one source: Kingdoms' "A {term} under way" says Sabotage as the game does.
const LABEL_TERMS = {
  kingdoms: { sabotage: ["influence", "sabotage"] },
};

// The mappings whose keys are words of one vocabulary of the game's catalogue (the families of
// Courtisans' statuses, Tudor's factions counted), by the mapping's field.
const KEY_TERMS = {
  courtisans: { family_status: "family" },
  "for-the-king": { duties: "office" },
  kingdoms: { court: "slot", rows: "slot" },
  tudor: { court_card_supply: "faction", ring_stand: "faction", removed_tokens: "faction", spent_tokens: "faction", cards: "faction", court_tokens: "faction", removed_markers: "marker" },
};

/** @typedef {(value: any, obs: Record<string, any>) => string | null} Say */
/** @param {string} game @param {string} vocabulary @returns {Say} */
const vocabulary = (game, vocabulary) => (value) => term(game, vocabulary, value);
/** @param {string} key @returns {Say} */
const client = (key) => (value) => (has(`${key}.${value}`) ? t(`${key}.${value}`) : null);
/** @type {Say} */
const kingdomsCard = (value) => cardNames(value)?.name ?? null;

// How a field's values are said, by the field (`*`: every other text value of the game).
/** @type {Record<string, Record<string, Say>>} */
const VALUES = {
  courtisans: {
    family: vocabulary("courtisans", "family"),
    role: vocabulary("courtisans", "role"),
    family_status: statusWord,
    areas_used: vocabulary("courtisans", "area"),
    place: vocabulary("courtisans", "row"),
    code: (code) => gameText("courtisans", `term.mission.${code}`, String(code)),
    colour: client("obs.courtisans.colour"),
  },
  "for-the-king": {
    office: vocabulary("for-the-king", "office"),
    king_first_office: vocabulary("for-the-king", "office"),
    "*": ftkCardName,
  },
  kingdoms: {
    name: (phase) => gameText("kingdoms", `phase.${phase}`, String(phase)),
    reason: client("obs.kingdoms.reason"),
    // Lifted Population being placed again: "~CARD" an own Army card, "~" another's.
    limbo: (value) => (value === "~" ? t("kingdoms.face_down") : kingdomsCard(String(value).replace(/^~/, ""), {})),
    "*": kingdomsCard,
  },
  tudor: {
    tokens: vocabulary("tudor", "faction"),
    ring: vocabulary("tudor", "faction"),
    pending_rings: vocabulary("tudor", "faction"),
    drafted: vocabulary("tudor", "faction"),
    markers: vocabulary("tudor", "marker"),
    finger: vocabulary("tudor", "finger"),
    lord: vocabulary("tudor", "chamber"),
    // The draft comes before Round 1: the game never calls it round 0.
    round: (round, obs) => (round === 0 ? t("tudor.draft", { rounds: obs.rounds ?? "?" }) : null),
  },
};

/** @param {string} game @param {string} key */
export function leftOut(game, key) {
  return (LEFT_OUT[game] || []).includes(key);
}

// Whether `field` is a mapping whose keys are a vocabulary's words (its values all of one kind).
/** @param {string} game @param {string} field */
export function keyedByWords(game, field) {
  return Boolean(KEY_TERMS[game]?.[field]);
}

// A field's label: the catalogue's (`obs.GAME.KEY`, the board's word, `obs.KEY`; a game's term
// in it from LABEL_TERMS); a key of a mapping named in KEY_TERMS, its vocabulary's word; else
// the key with its underscores spaced.
/** @param {string} game @param {string} key @param {string} [parent] */
export function fieldLabel(game, key, parent) {
  if (parent !== undefined && keyedByWords(game, parent)) return term(game, KEY_TERMS[game][parent], key);
  const own = LABEL_KEYS[game]?.[key];
  const named = LABEL_TERMS[game]?.[key];
  const params = named ? { term: term(game, named[0], named[1]) } : {};
  for (const k of [`obs.${game}.${key}`, own, `obs.${key}`]) if (k && has(k)) return t(k, params);
  return String(key).replace(/[_-]/g, "\u00a0");
}

// A value in words by its field's kind, or null where the field has none (shown as sent).
/** @param {string} game @param {string} key @param {unknown} value @param {Record<string, any>} obs */
export function valueWord(game, key, value, obs) {
  const say = VALUES[game]?.[key] ?? (typeof value === "string" ? VALUES[game]?.["*"] : undefined);
  return say ? say(value, obs) : null;
}
