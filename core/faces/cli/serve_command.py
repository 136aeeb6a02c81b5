"""``podium serve``: the web board, result entry and the organiser's desk of the meet (docs/web.md)."""

from __future__ import annotations

import secrets
from pathlib import Path

import click

from podium.faces.cli.collector import collect_while_running
from podium.faces.cli.common import open_meet
from podium.i18n import _


@click.command(
    help=_(
        "Serve the meet on the web: a live board for everyone, result entry for referees through entry links, and the "
        "organiser's desk. Prints the board's address and a one-time sign-in link for the organiser. Binds "
        "127.0.0.1 unless --host is given; put it behind a reverse proxy with HTTPS on a school network (docs/web.md).\n\n"
        "\b\nExample:\n  podium serve\n  podium serve --host 0.0.0.0 --port 8080 --secure-cookies \\\n    --password-file /srv/pw.txt"
    )
)
@click.option("--host", default="127.0.0.1", show_default=True, help=_("Address to listen on."))
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help=_("Port to listen on."))
@click.option("--password-file", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help=_("A file whose first line is the organiser's password (kept only as an Argon2 hash)."))
@click.option("--secure-cookies", is_flag=True, help=_("Send the session cookie over HTTPS only (behind a reverse proxy with HTTPS)."))
@click.option("--reload", is_flag=True, help=_("Read templates again when they change, for work on the pages."))
@click.pass_context
def serve(ctx: click.Context, host: str, port: int, password_file: Path | None, secure_cookies: bool, reload: bool) -> None:
    from podium.faces.web.guard import hash_password
    from podium.faces.web.serve import run
    from podium.faces.web.settings import WebSettings

    meet = open_meet(ctx)
    meet.config  # noqa: B018 - a meet.toml that does not load is refused before the server starts
    password = None
    if password_file is not None:
        password = password_file.read_text(encoding="utf-8").splitlines()[0].strip() if password_file.stat().st_size else ""
        if not password:
            raise click.BadParameter(_("the password file is empty"), param_hint="--password-file")
    token = secrets.token_urlsafe(24)
    settings = WebSettings(
        password_hash=hash_password(password) if password else None, sign_in_token=token, secure_cookies=secure_cookies,
        reload=reload,
    )
    shown_host = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    base = f"http://{shown_host}:{port}"
    click.echo(_("Board: {url}").format(url=base + "/"))
    click.echo(_("Big screen: {url}").format(url=base + "/board/screen"))
    click.echo(_("Organiser's one-time sign-in link (works once): {url}").format(url=f"{base}/desk/sign-in/{token}"))
    click.echo(_("Stop the server with Ctrl+C."))
    collect_while_running()
    run(meet.folder, settings, host=host, port=port)
