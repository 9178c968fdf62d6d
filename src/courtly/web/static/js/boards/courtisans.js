export function courtisansBoard() { return null; }
