// Seats as people read them: a name, else "Bot N (level)" / "Seat N", numbered from 1.
import { courtlyHas, courtlyWord, language, t } from "./i18n.js";

// Names arrive exactly as typed (docs/protocol.md) and are only ever set as text.
export function seatLabel(seat) {
  if (seat.name) return seat.name;
  // A deleted account's seat: its games stay, under no name (docs/server.md, "Accounts").
  if (seat.deleted) return courtlyWord("player.deleted");
  // The words the server's log names a bot seat with (courtly.agents.levels.bot_seat_label).
  if (seat.kind === "bot") return courtlyWord("agent.seat_bot", { n: seat.seat + 1, level: levelName(seat.bot) });
  if (seat.kind === "open") return t("seat.open", { n: seat.seat + 1 });
  return t("seat.numbered", { n: seat.seat + 1 });
}

// A bot's level by name: the spec's kind ("ismcts:iterations=5" is a search), never the
// spec's parameters.
export function levelName(spec) {
  const kind = String(spec || "").split(":")[0];
  return courtlyWord(courtlyHas(`agent.name.${kind}`) ? `agent.name.${kind}` : "agent.name.custom");
}

// A level as the lobby offers it: its name, with the level's fixed rating in the game beside
// it when it has one ("hard · about 1,650"; the server's words for it are
// courtly.analysis.ratings.bots.rated_level_label).
/** @param {string} level @param {number | undefined} rating */
export function ratedLevelName(level, rating) {
  const name = levelName(level);
  if (typeof rating !== "number") return name;
  return courtlyWord("agent.level_rated", { level: name, rating: rating.toLocaleString(language()) });
}
