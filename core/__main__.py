"""``python -m podium`` runs the command-line interface."""

from podium.faces.cli import main

main()
