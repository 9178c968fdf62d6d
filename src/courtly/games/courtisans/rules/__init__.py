"""The rules of Courtisans, one module per part of a turn; ``dispatch`` says which answers what."""
