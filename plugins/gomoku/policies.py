"""What Black's forbidden move does under the renju rules of seed 003: the ``forbidden_policy`` option.

``auto_loss``: the move loses at once (003:L13@345); ``claim_required``: it loses only when White
points it out (003:L28@215); ``replay``: pointed out, it is taken back and played again (003:L12@96).
Kept apart from :mod:`.renju` so that declaring the option does not load the referee.
"""

from __future__ import annotations

FORBIDDEN_POLICIES = ("auto_loss", "claim_required", "replay")
