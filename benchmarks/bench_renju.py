"""Time `adjudicate` on full 15×15 records; the target is well under 50 ms per record.

Run with ``python benchmarks/bench_renju.py``. Two kinds of record are timed:

* a striped full board, in which no line ever holds a three, the cheap case;
* dense records from random play that never completes a five, clustered around the centre.
  They are full of threes and fours, so the recursive live-three check runs often. They are
  adjudicated under "claim_required", so forbidden moves do not end the game.
"""

import random
import time

from podium.plugins.gomoku.renju import adjudicate

SIZE = 15
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def label(col: int, row: int) -> str:
    return f"{chr(ord('a') + col)}{row + 1}"


def striped_record() -> list[str]:
    """Black where (col + 2·row) mod 4 < 2, with h8 first; every line repeats XXOO or XO."""
    black = [label(c, r) for r in range(SIZE) for c in range(SIZE) if (c + 2 * r) % 4 < 2]
    white = [label(c, r) for r in range(SIZE) for c in range(SIZE) if (c + 2 * r) % 4 >= 2]
    black.remove("h8")
    black.insert(0, "h8")
    return [m for pair in zip(black, [*white, ""], strict=True) for m in pair if m]


def makes_five(stones: set[tuple[int, int]], col: int, row: int) -> bool:
    for dc, dr in DIRECTIONS:
        run = 1
        for sign in (1, -1):
            step = 1
            while (col + sign * step * dc, row + sign * step * dr) in stones:
                run += 1
                step += 1
        if run >= 5:
            return True
    return False


def dense_record(seed: int) -> list[str]:
    """Random moves, preferring points near the centre, skipping any that would make a five."""
    rng = random.Random(seed)
    stones: tuple[set, set] = (set(), set())
    moves = [(7, 7)]
    stones[0].add((7, 7))
    free = {(c, r) for c in range(SIZE) for r in range(SIZE)} - {(7, 7)}
    while free:
        mine = stones[len(moves) % 2]
        ordered = sorted(free, key=lambda p: abs(p[0] - 7) + abs(p[1] - 7) + rng.random() * 6)
        move = next((p for p in ordered if not makes_five(mine, *p)), None)
        if move is None:
            break
        moves.append(move)
        mine.add(move)
        free.remove(move)
    return [label(c, r) for c, r in moves]


def best_of(record: list[str], repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        adjudicate(record, forbidden_policy="claim_required")
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def main() -> None:
    print(f"striped full board (225 moves): {best_of(striped_record()):.1f} ms")
    for seed in range(5):
        record = dense_record(seed)
        result = adjudicate(record, forbidden_policy="claim_required")
        print(
            f"dense record seed {seed} ({len(record)} moves, {len(result.forbidden_moves)} forbidden): "
            f"{best_of(record):.1f} ms"
        )


if __name__ == "__main__":
    main()
