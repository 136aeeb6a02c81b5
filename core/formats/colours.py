"""Who moves first, as data a sport can use (red/black, white/black, serve choice).

A match lists its sides in order; :attr:`podium.matches.Match.colours` says what
that order means. With ``listed`` colours (round robin, Swiss) side 0 plays first:

- CXA 2011 §12.1 (seed 000 L173): in an individual round robin the number listed
  first in each pairing of the table plays red.
- CXA 2011 §12.2 (seed 000 L174; seed 002 L1047–1055): in a team round robin the
  team listed first plays red on the odd boards and black on the even boards.
- CXA 2011 §12.4 (seed 000 L176): a two-game match swaps colours for game 2;
  knockout colours are drawn by lot (``lots``: the result must say who had red).
"""

from __future__ import annotations


def board_first_movers(boards: int, listed_first: int = 0) -> tuple[int, ...]:
    """The side (0 or 1) that moves first on each board 1..``boards`` of a team match.

    CXA 2011 §12.2: the team listed first (``listed_first``) has red on odd boards,
    black on even ones. ``board_first_movers(4) == (0, 1, 0, 1)``.
    """
    if boards < 0:
        raise ValueError(f"a team match has a non-negative number of boards, not {boards}")
    return tuple(listed_first if board % 2 == 1 else 1 - listed_first for board in range(1, boards + 1))


def game_first_movers(games: int, first: int = 0) -> tuple[int, ...]:
    """The side that moves first in each game 1..``games`` when colours alternate game by game.

    CXA 2011 §12.4 (two-game matches swap colours), seed 000 L400 (play-off games
    alternate colours), gomoku rule set A (seed 003 L12: black alternates every game).
    """
    if games < 0:
        raise ValueError(f"a match has a non-negative number of games, not {games}")
    return tuple(first if game % 2 == 0 else 1 - first for game in range(games))
