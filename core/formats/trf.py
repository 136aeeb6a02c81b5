"""The FIDE tournament report file (TRF16, "TRF-2016") of a Swiss, with the TRF(x) lines pairing programs read.

Players are ``001`` lines of fixed columns (FIDE TRF16): start rank 5-8, name
15-47, rating 49-52, points 81-84, rank 86-89, then one 10-column block per
round from column 92: the opponent's start rank (4 columns, ``0000`` for none),
the colour (``w``/``b``/``-``) and the result (``1 = 0``; ``+ -`` forfeits; ``U``
the pairing-allocated bye; ``Z`` not paired). The extensions of JaVaFo and
bbpPairings ("TRF(x)") add ``XXR`` (number of rounds) and ``XXC white1`` /
``black1`` (the initial colour), which a pairing program needs to pair the next
round or check the ones played. Points are written on FIDE's scale (win 1, draw
½), whatever the event's own scoring. Pure text in, text out: files are the
caller's.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from podium.i18n import N_, Message

PLAYED = ("1", "=", "0")
FORFEITS = ("+", "-")
BYE = "U"
"""Result code of the pairing-allocated bye (TRF16)."""
ABSENT = "Z"
"""Result code of a round the player was not paired in (a zero-point bye)."""
POINTS = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0, "U": 1.0, "Z": 0.0, "F": 1.0, "H": 0.5, "W": 1.0, "D": 0.5, "L": 0.0}
"""FIDE's points of each result code."""


@attrs.frozen
class TrfRound:
    """One round of a player: opponent's start rank (0 for none), colour ``w``/``b``/``-`` and result code."""

    opponent: int
    colour: str
    result: str


@attrs.frozen
class TrfPlayer:
    """One ``001`` line."""

    rank: int
    name: str
    rating: int = 0
    place: int = 0
    rounds: tuple[TrfRound, ...] = ()

    @property
    def points(self) -> float:
        return sum(POINTS.get(r.result, 0.0) for r in self.rounds)


@attrs.frozen
class TrfTournament:
    """A Swiss as TRF holds it: name, number of rounds (``XXR``), initial colour (``XXC``) and players."""

    name: str
    rounds: int
    initial: str
    """``white1`` (the first mover of round 1's board 1 is White) or ``black1``."""
    players: tuple[TrfPlayer, ...]


class TrfError(ValueError):
    """A TRF text that cannot be read; the message names the line."""


def write(tournament: TrfTournament) -> str:
    """The TRF16 text with the TRF(x) lines, CRLF line ends."""
    lines = [
        f"012 {tournament.name}",
        f"062 {len(tournament.players)}",
        "092 Individual: Swiss-System (FIDE Dutch, C.04.3)",
        f"XXR {tournament.rounds}",
        f"XXC {tournament.initial}",
    ]
    for p in sorted(tournament.players, key=lambda p: p.rank):
        head = f"001 {p.rank:4d}      {p.name[:33]:<33} {p.rating or '':>4}{'':28}{p.points:4.1f} {p.place or '':>4}"
        rounds = "".join(f"  {r.opponent:04d} {r.colour} {r.result}" for r in p.rounds)
        lines.append((head + rounds).rstrip())
    return "\r\n".join(lines) + "\r\n"


def read(text: str) -> TrfTournament:
    """Read TRF16 text (any line ends); ``XXR`` and ``XXC`` when present. Raises ``TrfError`` naming the bad line."""
    name = ""
    rounds = 0
    initial = "white1"
    players: list[TrfPlayer] = []
    for number, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), start=1):
        code = line[:3]
        if code == "012":
            name = line[4:].strip()
        elif code == "XXR":
            try:
                rounds = int(line[3:].split()[0])
            except (IndexError, ValueError):
                raise TrfError(Message(N_("line {number}: XXR must give the number of rounds, like 'XXR 9'"), number=number)) from None
        elif code == "XXC":
            words = line[3:].split()
            if "black1" in words:
                initial = "black1"
        elif code == "001":
            players.append(_player(line, number))
    if not players:
        raise TrfError(Message(N_("the file has no player line (001)")))
    ranks = [p.rank for p in players]
    if len(set(ranks)) != len(ranks):
        raise TrfError(Message(N_("start ranks repeat: {ranks}"), ranks=sorted({r for r in ranks if ranks.count(r) > 1})))
    played = max(len(p.rounds) for p in players)
    for p in players:
        for index, r in enumerate(p.rounds, start=1):
            if r.opponent and r.opponent not in ranks:
                raise TrfError(Message(N_("player {rank}, round {round}: opponent {opponent} is not in the file"), rank=p.rank, round=index, opponent=r.opponent))
    return TrfTournament(name, max(rounds, played), initial, tuple(players))


def _player(line: str, number: int) -> TrfPlayer:
    try:
        rank = int(line[4:8])
    except ValueError:
        raise TrfError(Message(N_("line {number}: columns 5-8 must hold the start rank"), number=number)) from None
    rating_text = line[48:52].strip()
    place_text = line[85:89].strip()
    if not rating_text.isdigit() and rating_text or not place_text.isdigit() and place_text:
        raise TrfError(Message(N_("line {number}: the rating (columns 49-52) and rank (86-89) must be whole numbers"), number=number))
    rounds = []
    column = 91
    while column < len(line.rstrip()):
        block = line[column : column + 8].ljust(8)
        opponent_text, colour, result = block[:4].strip(), block[5], block[7]
        if not opponent_text and colour == " " and result == " ":
            break
        if colour not in "wb- " or result not in POINTS:
            raise TrfError(Message(N_("line {number}: round {round} must read like '0012 w 1' (colour w, b or -; result 1, =, 0, +, -, U, Z...)"), number=number, round=len(rounds) + 1))
        try:
            opponent = int(opponent_text or 0)
        except ValueError:
            raise TrfError(Message(N_("line {number}: round {round}: the opponent must be a start rank"), number=number, round=len(rounds) + 1)) from None
        rounds.append(TrfRound(opponent, colour if colour != " " else "-", result))
        column += 10
    return TrfPlayer(rank, line[14:47].strip(), int(rating_text or 0), int(place_text or 0), tuple(rounds))


def pairings(tournament: TrfTournament, round_number: int) -> tuple[list[tuple[int, int]], int | None]:
    """The (white, black) start ranks of one round, board order unknown, and the bye's start rank."""
    pairs = []
    bye = None
    for p in tournament.players:
        if round_number > len(p.rounds):
            continue
        r = p.rounds[round_number - 1]
        if r.result == BYE:
            bye = p.rank
        elif r.opponent and r.colour == "w":
            pairs.append((p.rank, r.opponent))
    return sorted(pairs), bye


__all__: Sequence[str] = ("TrfError", "TrfPlayer", "TrfRound", "TrfTournament", "pairings", "read", "write")
