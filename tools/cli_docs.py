"""Write docs/cli.md from the commands' own --help (English), so the reference never drifts.

    python tools/cli_docs.py          # rewrite docs/cli.md
    python tools/cli_docs.py --check  # exit 1 if docs/cli.md is out of date
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from podium.faces.cli import cli
from podium.faces.cli.help import HelpContext
from podium.i18n import use_language

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "docs" / "cli.md"
WIDTH = {"terminal_width": 100, "max_content_width": 100, "help_option_names": ["-h", "--help"]}

INTRO = """# Command-line reference

Generated from `podium <command> --help` by `tools/cli_docs.py`; a test keeps it current.
Every command also answers `--help` in Chinese (`podium --lang zh <command> --help`).

The meet is the current folder, or `--meet DIR`, or the `PODIUM_MEET` environment variable.
User mistakes print one sentence starting with `Error:` and exit with status 2; nothing is changed.
"""


def _walk(command: click.Command, path: list[str]) -> list[tuple[list[str], click.Command]]:
    found = [(path, command)]
    if isinstance(command, click.Group):
        context = HelpContext(command, info_name=path[-1], **WIDTH)
        for name in command.list_commands(context):
            found += _walk(command.get_command(context, name), [*path, name])
    return found


def render() -> str:
    """The CLI reference, in English."""
    with use_language("en"):
        return _render()


def _render() -> str:
    parts = [INTRO]
    for path, command in _walk(cli, ["podium"]):
        if path == ["podium"]:
            title = "podium"
        else:
            title = " ".join(path)
        parent = None
        for name in path:
            context = HelpContext(command if name == path[-1] else cli, info_name=name, parent=parent, **WIDTH)
            parent = context
        help_text = command.get_help(parent).replace(f"Usage: {path[-1]}", f"Usage: {' '.join(path)}", 1)
        parts.append(f"## `{title}`\n\n```\n{help_text}\n```\n")
    return "\n".join(parts)


def main() -> int:
    text = render()
    if "--check" in sys.argv:
        if TARGET.read_text(encoding="utf-8") != text:
            print("docs/cli.md is out of date: run python tools/cli_docs.py")
            return 1
        return 0
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
