// Seats as people read them: a name, else "Bot N (level)" / "Seat N", numbered from 1.
import { has, t } from "./i18n.js";

// Names arrive exactly as typed (docs/protocol.md) and are only ever set as text.
export function seatLabel(seat) {
  if (seat.name) return seat.name;
  if (seat.kind === "bot") return t("seat.bot", { n: seat.seat + 1, level: levelName(seat.bot) });
  if (seat.kind === "open") return t("seat.open", { n: seat.seat + 1 });
  return t("seat.numbered", { n: seat.seat + 1 });
}

// A bot's level by name: the spec's kind ("ismcts:iterations=5" is a search), never the
// spec's parameters.
export function levelName(spec) {
  const kind = String(spec || "").split(":")[0];
  return has(`level.${kind}`) ? t(`level.${kind}`) : t("level.custom");
}

// The kernel's event texts name seats by number ("seat 2", docs/protocol.md); the log shows
// the seat's name there instead (names are public: every viewer sees them in the seats bar).
// ``names[i]`` is seat i's name, or null to keep the number (an open seat).
export function withSeatNames(text, names) {
  return text.replace(/\bseat (\d+)\b/g, (words, n) => names[Number(n) - 1] || words);
}
