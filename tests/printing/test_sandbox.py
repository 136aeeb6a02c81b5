"""Every template is rendered in the sandbox: Podium's own print, a hostile one is refused or prints nothing of
what it reaches for (issue 15, class 1).

A meet's own ``templates/`` travels with the meet folder, so a template is code from a stranger. The
first test renders every template Podium ships, through the sandbox, for the documents of two played
meets (every sport, format, score sheet and award document) and of a drawn athletics day, and checks that
each template file was used. The property test then writes a hostile ``templates/draw.html`` into a meet — attribute chains
towards ``os.popen``, ``__subclasses__`` and ``__globals__``, format-string tricks, includes of files
outside the folder, memory bombs — and prints it: the print is refused with one sentence, or the
document holds nothing the template reached for (no command ran, no outside file was read).
"""

from __future__ import annotations

import shutil
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from podium.errors import PodiumError
from podium.faces.print.printing import KINDS, SHEETS, PrintOptions, prepare
from podium.faces.print.templating import FolderLoader
from podium.services.meet import Meet
from tests.reliability.corpus import build_played

SECRET = "TOP-SECRET-4711"
"""Written into a file beside the meet folder: a template that prints it has read outside its folder."""


@pytest.fixture(scope="module")
def meets(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The corpus's two played meets (tests/bad_inputs/README.md): every sport, and every format with the order of
    play; and the school-athletics day with its events that hold records drawn (athletics score sheets, records)."""
    found = {base: build_played(tmp_path_factory.mktemp(f"sandbox-{base}").resolve(), base) for base in ("played", "tournament")}
    found["athletics"] = _athletics_day(tmp_path_factory.mktemp("sandbox-athletics").resolve() / "day")
    return found


def _athletics_day(folder: Path) -> Path:
    """The school-athletics template with its entrants, the events that hold records drawn."""
    from podium.services.draws import make_draw
    from podium.services.initialise import ENTRANTS_FILE, initialise
    from podium.services.registration import import_entrants

    initialise(folder, "school-athletics", "en")
    meet = Meet(folder)
    import_entrants(meet, folder / ENTRANTS_FILE)
    for key, event in meet.config.events.items():
        if event.records:
            make_draw(meet, key, seed=1)
    return folder


def shipped_templates() -> set[str]:
    root = Path(str(files("podium.templates")))
    return {str(p.relative_to(root)) for p in root.rglob("*.html")}


def test_every_shipped_template_renders_in_the_sandbox(meets, monkeypatch):
    """Every document of every drawn event (and of the meet) that the meets' state allows is rendered; together they
    use every template Podium ships, and none of them is refused by the sandbox."""
    loaded: set[str] = set()
    original = FolderLoader.get_source

    def recording(self, environment, template):  # noqa: ANN001, ANN202
        loaded.add(template)
        return original(self, environment, template)

    monkeypatch.setattr(FolderLoader, "get_source", recording)
    rendered = 0
    for folder in meets.values():
        meet = Meet(folder)
        events = [e.key for e in meet.state().events() if e.drawn]
        for kind, (_title, needs_event) in KINDS.items():
            options = [PrintOptions(everything=True, blank=1)]
            if kind == "scoresheets":
                options += [PrintOptions(sheet=sheet, blank=1) for sheet in SHEETS]
            if kind in ("certificates", "unitcertificates"):
                options += [PrintOptions(style="traditional")]
            if kind in ("entry-cards", "scoresheets"):  # with the QR codes of entry links
                options += [PrintOptions(url="http://192.168.1.10:8000", everything=True, blank=1)]
            for event in events if needs_event else [None]:
                for option in options:
                    try:
                        prepared = prepare(meet, kind, event, lang="en", options=option)
                    except PodiumError as error:  # not every document fits every event (no crosstable of heats…)
                        assert "was refused" not in error.message, error.message
                        continue
                    rendered += 1
                    assert all("<html" in part for part in prepared.parts)
    assert rendered > 20
    assert shipped_templates() <= loaded, sorted(shipped_templates() - loaded)
    print(f"\nsandbox: {rendered} documents rendered with all {len(shipped_templates())} shipped templates")


ROOTS = ("meet", "sheet", "layouts", "lang", "title", "_", "gettext", "range", "namespace", "dict", "cycler", "joiner",
         "lipsum", "self", "loop", "config", "request", "''", "()", "[]", "{}", "1", "sheet.stages[0]", "meet.name",
         "sheet.stages", "font_face", "page_size", "_('x')")
STEPS = (".__class__", ".__mro__[1]", ".__mro__[-1]", ".__subclasses__()", ".__globals__", ".__init__", ".__builtins__",
         "['__import__']('os')", ".os", ".popen('touch CANARY')", ".read()", ".system('touch CANARY')", ".__self__",
         ".__func__", ".__dict__", ".mro()", "|attr('__class__')", "|attr('__globals__')",
         "|map(attribute='__class__')|list", ".format", ".__getitem__('os')", ".get('__builtins__')", "[0]", ".items()",
         ".values()", ".__reduce_ex__(2)", ".__code__", ".f_back", ".gi_frame", ".__closure__", ".__module__",
         ".copy()", ".pop()", ".append(1)", ".update({})", ".environment", ".__getattribute__('__class__')")
WRAPPERS = (
    "{{{{ {expr} }}}}",
    "{{% set x = {expr} %}}{{{{ x }}}}",
    "{{{{ '{{0.__class__.__init__.__globals__}}'.format({expr}) }}}}",
    "{{{{ '{{0!r:>10}}'.format({expr}) }}}}",
    "{{% for x in {expr} %}}{{{{ x }}}}{{% endfor %}}",
    "{{% if {expr} %}}yes{{% endif %}}",
    "{{{{ ({expr})|string|length }}}}",
)
RAW = (
    "{% include '../secret.txt' %}",
    "{% include '/etc/passwd' %}",
    "{% extends '../../secret.txt' %}",
    "{% import '../secret.txt' as s %}",
    "{{ 'x' * 1000000000 }}",
    "{{ [0] * 999999999 }}",
    "{{ 9 ** 9 ** 9 }}",
    "{% for i in range(10 ** 9) %}{% endfor %}",
    "{{ lipsum(999999) }}",
    "{{ meet|attr('__class__') }}",
)


@st.composite
def hostile(draw: st.DrawFn) -> str:
    """A hostile template: an attribute chain from a name a template may see, in one of several wrappings, or a
    known way out (an include of an outside file, a bomb)."""
    if draw(st.integers(0, 5)) == 0:
        return draw(st.sampled_from(RAW))
    expression = draw(st.sampled_from(ROOTS)) + "".join(draw(st.lists(st.sampled_from(STEPS), min_size=1, max_size=5)))
    return draw(st.sampled_from(WRAPPERS)).format(expr=expression)


@pytest.fixture(scope="module")
def hostile_meet(meets, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the played meet with a secret file beside it (outside the meet folder)."""
    root = tmp_path_factory.mktemp("hostile-templates").resolve()
    shutil.copytree(meets["played"], root / "meet")
    (root / "secret.txt").write_text(SECRET, encoding="utf-8")
    (root / "meet" / "templates").mkdir()
    return root / "meet"


TALLY = {"refused": 0, "inert": 0}
"""What the property test saw, printed for benchmarks/bench_reliability.py (run with -s)."""


@pytest.fixture(scope="module", autouse=True)
def tally() -> Any:
    yield
    if sum(TALLY.values()):
        print(f"\nsandbox: {sum(TALLY.values())} hostile templates, {TALLY['refused']} refused in one sentence, "
              f"{TALLY['inert']} printed nothing they reached for")


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(template=hostile())
def test_a_hostile_template_is_refused_or_renders_inert(hostile_meet, monkeypatch, template):
    """The print is refused with one sentence (a PodiumError), or its document holds nothing the template reached
    for: no command ran (no CANARY file in the working folder), no outside file was read (no secret, no passwd)."""
    monkeypatch.chdir(hostile_meet)
    (hostile_meet / "templates" / "draw.html").write_text(template, encoding="utf-8")
    try:
        prepared = prepare(Meet(hostile_meet), "draw", "ms", lang="en")
    except PodiumError as error:
        assert "\n" not in error.message and error.message.endswith(".")
        html = ""
        TALLY["refused"] += 1
    else:
        html = "".join(prepared.parts)
        TALLY["inert"] += 1
    assert not (hostile_meet / "CANARY").exists()
    assert SECRET not in html and "root:x:0:0" not in html
    assert "<module" not in html and "<class 'os" not in html and "subprocess" not in html


def test_a_chinese_document_fills_in_a_chinese_name_without_the_spaces_of_a_latin_one():
    """The sandbox's own ``str.format`` spaces names as Chinese is written (docs/architecture.md, "Spaces beside
    names in Chinese"): 王芳已退出男子单打, Xu Wei 已退出男子单打; a value stays escaped; English is as before."""
    from podium.faces.print.templating import environment

    source = '{{ _("{name} withdrawn from {event}.").format(name=name, event=event) }}'
    chinese = environment("zh", []).from_string(source)
    assert chinese.render(name="王芳", event="男子单打") == "王芳已退出男子单打。"
    assert chinese.render(name="Xu Wei", event="<b>单打") == "Xu Wei 已退出 &lt;b&gt;单打。"  # begins with <: the space stays
    english = environment("en", []).from_string(source)
    assert english.render(name="王芳", event="男子单打") == "王芳 withdrawn from 男子单打."
