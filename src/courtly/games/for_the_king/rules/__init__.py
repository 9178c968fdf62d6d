"""The rules of For the King (and me), one module per part of the game named as the rulebook
names it (the Share Influence phase, the Gain Esteem rounds, the auction, the payment, the King
cards); ``dispatch`` says which rule answers each phase."""
