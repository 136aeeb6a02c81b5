"""A pole vault on the high jump's machinery, worked by hand from World Athletics TR 26 and TR 26.9.

What differs from the high jump: the bar rises at least 5 cm after each round (2 cm in the high jump, TR 26), and a
jump-off moves the bar 5 cm up or down (2 cm in the high jump, TR 26.9). Heights are read to the whole centimetre,
as in the high jump.

The event announces 2.00, 2.10, 2.20, 2.30. A and B both vault 2.00:O 2.10:O 2.20:XXX: equal at 2.10 with no failure
at 2.10 and none in all, tied for first after countback (TR 26.8); C vaults 2.00:XO 2.10:XXX (2.00, third). The
jump-off starts at 2.20, the next announced height above 2.10.
"""

from __future__ import annotations

import json

from tests.athletics.helpers import refused, vertical_jump_meet


def vault(make_meet, podium, heights="2.00, 2.10, 2.20, 2.30"):
    """A drawn pole vault of A, B and C with their series: A and B tied for first at 2.10, C third at 2.00."""
    folder = make_meet(vertical_jump_meet("pv", "Pole vault", "pole_vault", heights), "event,name,unit\npv,A,Class 1\npv,B,Class 1\npv,C,Class 1\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "pv", "--seed", "1")
    for name, series in (("A", "O O XXX"), ("B", "O O XXX"), ("C", "XO XXX")):
        podium(folder, "perf", "pv", name, series)
    return folder


def places(podium, folder):
    stage = json.loads(podium(folder, "standings", "pv", "--json").output)["stages"][0]
    return [(r["name"], r["place"], r["shared"], r["mark"]) for r in stage["rows"]], stage["unresolved"]


def test_a_pole_vault_jump_off_moves_the_bar_five_centimetres(make_meet, podium):
    """Both fail 2.20: the bar comes down 5 cm, to 2.15 (a high jump would come down to 2.18). Both clear 2.15: the
    bar goes up 5 cm, to 2.20 (not 2.17). At 2.20 A clears and B fails: A first, B second, C third."""
    folder = vault(make_meet, podium)
    assert places(podium, folder) == (
        [("A", 1, True, "2.10"), ("B", 1, True, "2.10"), ("C", 3, False, "2.00")], [["A", "B"]]
    )
    podium(folder, "perf", "pv", "A", "2.20:X", "--extra")
    podium(folder, "perf", "pv", "B", "2.20:X", "--extra")
    assert refused(podium, folder, "perf", "pv", "B", "2.18:O", "--extra") == (
        "B's next jump-off attempt is at 2.15 m, not 2.18 m: everyone failed at 2.20 m, so the bar comes down 5 cm "
        "(World Athletics TR 26.9)."
    )
    podium(folder, "perf", "pv", "B", "2.15:O", "--extra")
    podium(folder, "perf", "pv", "A", "2.15:O", "--extra")
    assert refused(podium, folder, "perf", "pv", "A", "2.17:O", "--extra") == (
        "A's next jump-off attempt is at 2.20 m, not 2.17 m: more than one athlete cleared 2.15 m, so the bar goes up "
        "5 cm (World Athletics TR 26.9)."
    )
    podium(folder, "perf", "pv", "A", "2.20:O", "--extra")
    podium(folder, "perf", "pv", "B", "2.20:X", "--extra")
    assert places(podium, folder) == (
        [("A", 1, False, "2.10"), ("B", 2, False, "2.10"), ("C", 3, False, "2.00")], []
    )


def test_a_pole_vault_bar_height_is_in_whole_centimetres(make_meet, podium):
    folder = vault(make_meet, podium)
    assert refused(podium, folder, "perf", "pv", "C", "2.00:O 2.105:XXX", "--reason", "typed again") == (
        "'2.105' is not a bar height; give metres with at most two decimals, like 1.35."
    )


def test_announced_heights_rise_at_least_five_centimetres_in_a_pole_vault(make_meet, podium):
    """2.05 to 2.08 rises 3 cm, less than a pole vault's 5 cm after each round (TR 26): meet.toml is refused."""
    folder = make_meet(vertical_jump_meet("pv", "Pole vault", "pole_vault", "2.00, 2.05, 2.08"), "event,name,unit\npv,A,Class 1\n")
    result = podium(folder, "entrants", "import", str(folder / "entrants.csv"), ok=False)
    assert result.exit_code != 0
    assert ("the announced heights go from 2.05 m to 2.08 m; the bar rises by at least 0.05 m after each round "
            "(World Athletics TR 26)") in result.output


def test_announced_heights_rise_at_least_two_centimetres_in_a_high_jump(make_meet, podium):
    """The same rule with the high jump's 2 cm (TR 26): 1.50 to 1.51 is refused, 1.51 to 1.53 would do."""
    toml = vertical_jump_meet("pv", "Pole vault", "high_jump", "1.50, 1.51, 1.53")
    folder = make_meet(toml, "event,name,unit\npv,A,Class 1\n")
    result = podium(folder, "entrants", "import", str(folder / "entrants.csv"), ok=False)
    assert "the announced heights go from 1.50 m to 1.51 m; the bar rises by at least 0.02 m after each round" in (
        result.output
    )
    assert "1.51 m to 1.53 m" not in result.output
