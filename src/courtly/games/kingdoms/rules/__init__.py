"""The rules of Kingdoms, one module per part of the turn; ``dispatch`` says which answers what."""
