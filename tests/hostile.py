"""What a hostile file in a folder Podium reads could hold, for tests that it is never run."""

from __future__ import annotations

import os


class RunsCommand:
    """What a hostile pickle would make: a call of ``os.system`` when loaded."""

    def __init__(self, command: str) -> None:
        self.command = command

    def __reduce__(self):
        return os.system, (self.command,)
