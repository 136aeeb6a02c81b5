"""Commands for plugin authors: ``podium new-sport``, and the report of ``podium sports SPORT --check``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from podium.faces.cli.output import echo_json
from podium.i18n import _


@click.command(
    "new-sport",
    help=_(
        "Create the package of a new sport plugin in DIR (default: podium-NAME): the sport with the podium "
        "entry point, a score-sheet template, Chinese messages and tests that pass — its rules and Podium's "
        "conformance suite. NAME is what meet.toml will say: sport = \"NAME\". See docs/plugins.md.\n\n"
        "\b\nExample:\n  podium new-sport curling ./curling-plugin\n  pip install -e ./curling-plugin\n"
        "  podium sports curling --check"
    ),
)
@click.argument("name")
@click.argument("folder", metavar="[DIR]", required=False, type=click.Path(path_type=Path))
@click.option("--title", metavar="TEXT", help=_("English name of the sport (default: from NAME)."))
@click.option("--title-zh", metavar="TEXT", help=_("Chinese name of the sport (default: the English name)."))
def new_sport(name: str, folder: Path | None, title: str | None, title_zh: str | None) -> None:
    from podium.registry import registry
    from podium.scaffold import create, default_folder, names

    new = names(name, title, title_zh)
    target = folder or default_folder(name)
    for path in create(new, target, registry()):
        click.echo(_("wrote {path}").format(path=path))
    click.echo(
        _("Next: pip install -e {folder} (podium sports will list {name}), then run pytest in {folder}.").format(
            folder=target, name=name
        )
    )


def check_installed(name: str, as_json: bool) -> None:
    """Run the conformance suite on the installed sport ``name``; print what each check found; exit 1 on a problem."""
    from podium.registry import plugin_manager, registry
    from podium.testing import CHECKS, check_plugin

    reg = registry()
    reg.sport(name)
    provider = reg.provider("sport", name)
    plugin = plugin_manager().get_plugin(provider.plugin)
    (report,) = check_plugin(plugin, sport=name)
    checks: list[dict[str, Any]] = []
    for check, what in CHECKS.items():
        problems = [str(p) for p in report.of(check)]
        status = "failed" if problems else "skipped" if check in report.skipped else "ok"
        checks.append({"name": check, "status": status, "what": _(what), "problems": problems, "reason": report.skipped.get(check)})
    if as_json:
        echo_json({"sport": name, "provided_by": f"{provider.distribution} {provider.version}".strip(), "cases": report.cases,
                   "results": report.results, "ok": report.ok, "checks": checks})
    else:
        click.echo(_("{sport} ({dist}): {cases} cases, {results} results checked").format(
            sport=name, dist=f"{provider.distribution} {provider.version}".strip(), cases=report.cases, results=report.results
        ))
        labels = {"ok": _("ok"), "failed": _("FAILED"), "skipped": _("skipped")}
        for item in checks:
            click.echo(f"  {labels[item['status']]:<8} {item['name']}: {item['what']}")
            for line in item["problems"]:
                click.echo(f"           - {line}")
            if item["status"] == "skipped":
                click.echo(f"           {item['reason']}")
    if not report.ok:
        sys.exit(1)
