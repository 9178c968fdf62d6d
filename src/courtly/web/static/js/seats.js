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
