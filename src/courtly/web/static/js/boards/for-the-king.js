export function forTheKingBoard() { return null; }
