"""``podium serve``: what it prints and what it starts with, and that ``podium --help`` does not load the web stack."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time

from podium.faces.web.guard import password_matches


def test_serve_prints_the_board_and_a_one_time_link_and_hashes_the_password(podium, meet_folder, tmp_path, monkeypatch):
    started = {}

    def run(folder, settings, *, host, port):
        started.update(folder=folder, settings=settings, host=host, port=port)

    monkeypatch.setattr("podium.faces.web.serve.run", run)
    (tmp_path / "pw.txt").write_text("s3cret words\n", encoding="utf-8")
    out = podium(meet_folder, "serve", "--port", "8123", "--password-file", str(tmp_path / "pw.txt")).output
    settings = started["settings"]
    assert (started["folder"], started["host"], started["port"]) == (meet_folder, "127.0.0.1", 8123)
    assert "Board: http://127.0.0.1:8123/" in out
    assert f"Organiser's one-time sign-in link (works once): http://127.0.0.1:8123/desk/sign-in/{settings.sign_in_token}" in out
    assert len(settings.sign_in_token) >= 32
    assert settings.password_hash.startswith("$argon2id$") and "s3cret" not in settings.password_hash
    assert password_matches(settings.password_hash, "s3cret words") and not password_matches(settings.password_hash, "s3cret")
    assert settings.secure_cookies is False


def test_an_empty_password_file_is_refused(podium, meet_folder, tmp_path):
    (tmp_path / "pw.txt").write_text("", encoding="utf-8")
    result = podium(meet_folder, "serve", "--password-file", str(tmp_path / "pw.txt"), ok=False)
    assert result.exit_code == 2 and "the password file is empty" in result.output


def test_help_does_not_load_the_web_stack():
    code = (
        "import sys\nfrom podium.faces.cli import cli\n"
        "try:\n    cli(['--help'], prog_name='podium')\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('starlette', 'uvicorn', 'argon2', 'itsdangerous')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]"
    assert "serve" in done.stdout


def test_reload_reads_a_changed_template_again(meet_folder, tmp_path, monkeypatch):
    """With --reload a template changed on disk is shown at the next request; without it, the one read first."""
    from starlette.testclient import TestClient

    from podium.faces.web import WebSettings, create_app, pages

    copy = tmp_path / "web"
    shutil.copytree(pages.HERE / "templates", copy / "templates")
    monkeypatch.setattr(pages, "HERE", copy)
    pages.environment.cache_clear()
    try:
        for reload, expected in ((True, "Changed heading"), (False, "Men&#39;s singles")):
            pages.environment.cache_clear()
            with TestClient(create_app(meet_folder, WebSettings(reload=reload))) as client:
                client.get("/events/ms")
                template = copy / "templates" / "event.html"
                original = template.read_text(encoding="utf-8")
                template.write_text(original.replace("<h1>{{ board.name.get(lang) }}", "<h1>Changed heading"), encoding="utf-8")
                later = time.time() + 5
                os.utime(template, (later, later))
                page = client.get("/events/ms").text
                template.write_text(original, encoding="utf-8")
            assert re.search(r"<h1>([^<]*?) <span", page).group(1) == expected
    finally:
        pages.environment.cache_clear()
