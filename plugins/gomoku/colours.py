"""Who plays Black in each game of a gomoku match.

* Game 1: the players guess odd or even (猜子单双); in rules B "猜对的一方执黑子", whoever
  guesses right takes Black (rules B §1); rules A decide Black the same way (rules A §2.2).
* Later games: rules A "以后每盘棋交替执黑" — Black alternates every game (rules A §2.2);
  rules B "第二局换先" — colours swap in game 2 (rules B §1), and Podium keeps alternating
  in any extra game. A drawn game counts as a game for the alternation.
"""

from __future__ import annotations


def guess_black(guesser: int, guessed_odd: bool, count: int) -> int:
    """The player (0 or 1) who plays Black in game 1 after guessing odd or even.

    The other player hides ``count`` stones; ``guesser`` says odd (``guessed_odd``) or even.
    A right guess takes Black (rules B §1): guessing odd on 7 stones, the guesser is Black;
    guessing even on 7, the holder is.
    """
    if guesser not in (0, 1):
        raise ValueError(f"guesser must be 0 or 1, not {guesser!r}")
    if count < 1:
        raise ValueError(f"count must be at least 1, not {count!r}")
    right = (count % 2 == 1) == guessed_odd
    return guesser if right else 1 - guesser


def black_in_game(number: int, first_black: int) -> int:
    """The player (0 or 1) with Black in game ``number`` (1-based): game 1 ``first_black``, then alternating.

    rules A §2.2 (rules A, every game) and rules B §1 (rules B, game 2 swaps).
    """
    if number < 1:
        raise ValueError(f"games are numbered from 1, not {number!r}")
    return first_black if number % 2 == 1 else 1 - first_black
