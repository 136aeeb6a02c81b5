"""A Swiss played with the Dutch engine, for the tests: entrant ``str(k)`` has pairing number ``k``."""

from __future__ import annotations

from collections.abc import Sequence

from podium.formats.dutch import DOWN, FIRST, NO_FLOAT, SECOND, UP, Pairing, SwissPlayer

F, S = FIRST, SECOND


class Tournament:
    """Scores, opponents, colours, floats and byes after each round, as FIDE C.04.3 art. 1.4 records them."""

    def __init__(self, size: int, rounds: int | None = None):
        self.ids = [str(k) for k in range(1, size + 1)]
        self.rounds = rounds
        self.score = dict.fromkeys(self.ids, 0.0)
        self.opponents: dict[str, set[str]] = {i: set() for i in self.ids}
        self.colours: dict[str, list[int]] = {i: [] for i in self.ids}
        self.floats: dict[str, list[int]] = {i: [] for i in self.ids}
        self.had_bye = dict.fromkeys(self.ids, False)
        self.round = 1

    def players(self) -> list[SwissPlayer]:
        return [
            SwissPlayer(i, self.score[i], rank, self.opponents[i], self.colours[i], self.had_bye[i], self.floats[i])
            for rank, i in enumerate(self.ids, start=1)
        ]

    def record(self, pairing: Pairing, results: Sequence[float]) -> None:
        """Enter the round: ``results`` are the first movers' points, board by board; the bye scores a win."""
        before = dict(self.score)
        for (first, second), result in zip(pairing.pairs, results, strict=True):
            self.opponents[first].add(second)
            self.opponents[second].add(first)
            self.colours[first].append(FIRST)
            self.colours[second].append(SECOND)
            self.score[first] += result
            self.score[second] += 1 - result
            for me, other in ((first, second), (second, first)):
                self.floats[me].append(
                    NO_FLOAT if before[me] == before[other] else DOWN if before[me] > before[other] else UP
                )
        for i in self.ids:
            if len(self.floats[i]) < self.round:
                self.floats[i].append(DOWN if i == pairing.bye else NO_FLOAT)
        if pairing.bye:
            self.had_bye[pairing.bye] = True
            self.score[pairing.bye] += 1
        self.round += 1


def player(
    name: str,
    score: float,
    rank: int,
    colours: str = "",
    floats: str = "",
    met: Sequence[str] = (),
    had_bye: bool = False,
) -> SwissPlayer:
    """A player written compactly: colours as ``"FS"`` (first, second), floats as ``"D-U"`` (down, none, up).

    Unless ``met`` says otherwise, each game played was against someone who has
    since left, so nobody in the test has met anybody.
    """
    codes = {"F": FIRST, "S": SECOND}
    moves = {"D": DOWN, "U": UP, "-": NO_FLOAT}
    opponents = set(met) | {f"gone-{name}-{k}" for k in range(len(colours))}
    return SwissPlayer(name, score, rank, opponents, [codes[c] for c in colours], had_bye, [moves[f] for f in floats])
