"""Safety of printing: names print literally (autoescape), WeasyPrint reads only allowed folders, never the network."""

from __future__ import annotations

import os

import pytest

from podium.faces.print.pdf import allowed_roots, is_allowed, safe_fetcher, write_pdf
from podium.faces.print.templating import environment, podium_templates, search_path
from podium.hookspecs import TemplateSource

MEET = """
[meet]
name = "Safe meet"
language = "en"

[events.ms]
name = "Singles"
sport = "table_tennis"

[[events.ms.stages]]
name = "main"
format = "round_robin"
numbers = "list"
"""

HOSTILE = '<img src="file:///etc/passwd">'
TEMPLATE_CODE = "{{ 7*7 }}"


def test_hostile_names_print_literally(make_meet, podium, read_pdf, tmp_path):
    """An entrant called <img src="file:///etc/passwd"> or {{ 7*7 }} is text: escaped in HTML, never a tag,
    never evaluated (no 49), and shown as typed in the PDF."""
    entrants = f'event,name\nms,"{HOSTILE.replace(chr(34), chr(34) * 2)}"\nms,{TEMPLATE_CODE}\nms,Ann\n'
    folder = make_meet(MEET, entrants)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    podium(folder, "print", "draw", "ms", "--html", "-o", str(tmp_path / "d.html"))
    html = (tmp_path / "d.html").read_text(encoding="utf-8")
    assert "&lt;img src=&#34;file:///etc/passwd&#34;&gt;" in html
    assert "<img" not in html
    assert TEMPLATE_CODE in html and ">49<" not in html
    done = podium(folder, "print", "draw", "ms", "-o", str(tmp_path / "d.pdf"))
    assert "Not read" not in done.output  # nothing tried to load /etc/passwd: the name never became a tag
    text = read_pdf(tmp_path / "d.pdf").text()
    assert HOSTILE in text and TEMPLATE_CODE in text


def test_environment_always_autoescapes_and_translates():
    env = environment("zh", [podium_templates()])
    rendered = env.from_string("{{ name }} {{ _('Crosstable') }}").render(name="<b>&</b>")
    assert rendered == "&lt;b&gt;&amp;&lt;/b&gt; 交叉表"


@pytest.mark.parametrize(
    "url",
    [
        "http://example.com/logo.png",
        "https://example.com/font.ttf",
        "ftp://example.com/x",
        "file:///etc/passwd",
        "file://otherhost/share/x.png",
    ],
)
def test_fetcher_refuses_the_network_and_files_outside_the_roots(tmp_path, url):
    assert not is_allowed(url, allowed_roots([tmp_path]))


def test_fetcher_allows_files_inside_the_roots_only(tmp_path):
    inside = tmp_path / "logo.png"
    inside.write_bytes(b"\x89PNG")
    roots = allowed_roots([tmp_path / "meet"])
    (tmp_path / "meet").mkdir()
    escape = tmp_path / "meet" / "link.png"
    os.symlink(inside, escape)
    assert not is_allowed(inside.as_uri(), roots)
    assert not is_allowed((tmp_path / "meet" / ".." / "logo.png").as_uri(), roots)
    assert not is_allowed(escape.as_uri(), roots)  # a link that leads out of the meet folder
    kept = tmp_path / "meet" / "bg.png"
    kept.write_bytes(b"\x89PNG")
    assert is_allowed(kept.as_uri(), roots)


def test_rendering_refuses_what_a_template_asks_outside_the_roots(tmp_path, read_pdf):
    """A (trusted) template that points at the network or /etc still renders; the fetcher refuses those reads."""
    html = (
        "<html><body><p>ok</p><img src='file:///etc/passwd'><img src='http://127.0.0.1:9/x.png'></body></html>"
    )
    out = tmp_path / "x.pdf"
    refused = write_pdf([html], out, base=tmp_path, roots=allowed_roots([tmp_path]))
    assert refused == ["file:///etc/passwd", "http://127.0.0.1:9/x.png"]
    assert "ok" in read_pdf(out).text()
    assert safe_fetcher(allowed_roots([tmp_path])).roots[-1] == tmp_path.resolve()


def test_meet_and_plugin_templates_come_before_podiums(tmp_path):
    """Search order: the meet folder's templates/, then plugin sources, then Podium's own."""
    (tmp_path / "meet" / "templates").mkdir(parents=True)
    (tmp_path / "plugin").mkdir()
    (tmp_path / "meet" / "templates" / "certificate.html").write_text("meet {{ lang }}", encoding="utf-8")
    (tmp_path / "plugin" / "certificate.html").write_text("plugin", encoding="utf-8")
    (tmp_path / "plugin" / "medals.html").write_text("plugin medals", encoding="utf-8")
    sources = search_path([TemplateSource("darts", tmp_path / "plugin")], tmp_path / "meet")
    assert [s.name for s in sources] == ["meet", "darts", "podium"]
    env = environment("en", sources)
    assert env.get_template("certificate.html").render() == "meet en"
    assert env.get_template("medals.html").render() == "plugin medals"
    assert env.get_template("crosstable.html").filename.startswith(str(podium_templates().directory))
