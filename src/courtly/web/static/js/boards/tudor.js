export function tudorBoard() { return null; }
