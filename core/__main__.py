"""``python -m podium`` runs the command-line interface."""

from podium.cli import main

main()
