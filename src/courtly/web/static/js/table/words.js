// Words the table page shares: a score as shown, a phase in the game's own words.
import { gameText } from "../i18n.js";

export function fmt(value) {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}

// A phase in the reader's language, from the game's catalogue on the server
// (`phase.ID`, the same word the terminal shows), else the id as the server sent it.
export function phaseName(game, phase) {
  return gameText(game, `phase.${phase}`, String(phase));
}
