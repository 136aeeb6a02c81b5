"""Hand-made view models for printing tests (the formats that produce them are built elsewhere)."""

from __future__ import annotations

from podium.faces.print.models import Bracket, BracketMatch, BracketRound, BracketSection, BracketSide

# Standard 16-line seed positions (brackets-manager, ITTF): line pairs 1-16, 8-9, 5-12, 4-13, 3-14, 6-11, 7-10, 2-15.
SEED_ORDER_16 = (1, 16, 8, 9, 5, 12, 4, 13, 3, 14, 6, 11, 7, 10, 2, 15)
NAMES_13 = ("张伟", "Alice Smith", "王芳", "李娜", "Bob Jones", "刘洋", "陈杰", "杨帆", "赵勇", "黄涛", "欧阳娜娜", "Chen Wei", "周杰")


def bracket_13() -> Bracket:
    """Single elimination of 13 seeded entrants in a 16-line draw.

    By hand: 16 − 13 = 3 byes, and byes go to the top seeds, so seeds 1, 2 and 3 meet
    "seeds" 16, 15 and 14, which do not exist. Round 1 is therefore 1–bye, 8–9, 5–12,
    4–13, 3–bye, 6–11, 7–10, 2–bye. Seed 1 (张伟), 3 (王芳) and 2 (Alice Smith) go
    straight into the quarter-finals. Results so far: 9 beat 8, 5 beat 12; the other
    first-round matches are still to be played.
    """

    def seed(n: int) -> BracketSide:
        return BracketSide(name=NAMES_13[n - 1], unit=f"Club {n % 4 + 1}", seed=n) if n <= 13 else BracketSide(bye=True)

    first = []
    for m in range(8):
        a, b = SEED_ORDER_16[2 * m], SEED_ORDER_16[2 * m + 1]
        first.append(BracketMatch(key=f"R1.{m + 1}", number=m + 1, sides=(seed(a), seed(b))))
    first[1] = BracketMatch(key="R1.2", number=2, sides=(seed(8), seed(9)), result="9-11 11-7 5-11 8-11", winner=1)
    first[2] = BracketMatch(key="R1.3", number=3, sides=(seed(5), seed(12)), result="11-3 11-4 11-5", winner=0)
    for m in (0, 4, 7):  # the byes: the seeded side advances without a match
        first[m] = BracketMatch(key=first[m].key, number=None, sides=first[m].sides, winner=1 if first[m].sides[0].bye else 0)

    def winner(key: str, m: int) -> BracketSide:
        match = first[m]
        if match.winner is not None:
            return attr_side(match.sides[match.winner], key)
        return BracketSide(source=("winner", key), note=f"winner of #{match.number}")

    def attr_side(side: BracketSide, key: str) -> BracketSide:
        return BracketSide(name=side.name, unit=side.unit, seed=side.seed, source=("winner", key))

    quarters = [
        BracketMatch(key=f"QF{q + 1}", number=9 + q, sides=(winner(f"R1.{2 * q + 1}", 2 * q), winner(f"R1.{2 * q + 2}", 2 * q + 1)))
        for q in range(4)
    ]
    semis = [
        BracketMatch(key=f"SF{s + 1}", number=13 + s,
                     sides=(BracketSide(source=("winner", f"QF{2 * s + 1}"), note=f"winner of #{9 + 2 * s}"),
                            BracketSide(source=("winner", f"QF{2 * s + 2}"), note=f"winner of #{10 + 2 * s}")))
        for s in range(2)
    ]
    final = BracketMatch(key="F", number=15, sides=(BracketSide(source=("winner", "SF1"), note="winner of #13"),
                                                     BracketSide(source=("winner", "SF2"), note="winner of #14")))
    third = BracketMatch(key="3P", number=16, sides=(BracketSide(source=("loser", "SF1"), note="loser of #13"),
                                                      BracketSide(source=("loser", "SF2"), note="loser of #14")))
    main = BracketSection("", (
        BracketRound("Round 1", tuple(first)), BracketRound("Quarter-finals", tuple(quarters)),
        BracketRound("Semi-finals", tuple(semis)), BracketRound("Final", (final,)),
    ))
    return Bracket("Men's singles · Main draw", (main, BracketSection("Third place", (BracketRound("Third place", (third,)),))))


def single_elimination(size: int) -> Bracket:
    """A full bracket of ``size`` (a power of two) with named entrants and sources, no results."""
    rounds = []
    previous: list[str] = []
    count = size // 2
    number = 0
    r = 1
    while count >= 1:
        matches = []
        for m in range(count):
            number += 1
            key = f"R{r}.{m + 1}"
            if r == 1:
                sides = (BracketSide(name=f"P{2 * m + 1}"), BracketSide(name=f"P{2 * m + 2}"))
            else:
                sides = (BracketSide(source=("winner", previous[2 * m])), BracketSide(source=("winner", previous[2 * m + 1])))
            matches.append(BracketMatch(key=key, number=number, sides=sides))
        rounds.append(BracketRound(f"Round {r}", tuple(matches)))
        previous = [m.key for m in matches]
        count //= 2
        r += 1
    return Bracket(f"{size} entrants", (BracketSection("", tuple(rounds)),))
