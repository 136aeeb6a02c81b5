"""What Black's forbidden move does under the renju rules (rule sets A and B): the ``forbidden_policy`` option.

``auto_loss``: the move loses at once (rules A, basic rule 4); ``claim_required``: it loses only when White
points it out (rules B, winning 5); ``replay``: pointed out, it is taken back and played again (rules A §2.2).
Kept apart from :mod:`.renju` so that declaring the option does not load the referee.
"""

from __future__ import annotations

FORBIDDEN_POLICIES = ("auto_loss", "claim_required", "replay")
