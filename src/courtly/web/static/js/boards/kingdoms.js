export function kingdomsBoard() { return null; }
