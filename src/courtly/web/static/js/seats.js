// Seats as people read them: a name, else "Bot N (level)" / "Seat N", numbered from 1.
import { courtlyHas, courtlyWord, t } from "./i18n.js";

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
