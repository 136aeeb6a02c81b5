"""1,000 award certificates with Chinese names into one PDF (target: under 15 s on the 2-core machine),
and the speed-up over rendering each certificate as its own PDF (target: at least 50×).

The one-PDF-per-certificate way is measured on a sample of 20 certificates in the same run
and extrapolated to 1,000 (rendering all 1,000 that way would take many minutes). Both ways
use the same template, the same view models and the same fonts; the first render warms up
the font cache and WeasyPrint so that neither way pays a one-off cost.

WeasyPrint subsets fonts with HarfBuzz when the system library libharfbuzz-subset is there
(``scripts/system-deps`` installs it) and with fontTools otherwise. The 50× target was set for
fontTools, which subsets a CJK font slowly, once per PDF; HarfBuzz makes every PDF about six times
faster, the one-per-certificate way most of all. So the one-per-certificate way is measured with
both subsetters and both ratios are printed (see docs/performance.md).
"""

from __future__ import annotations

import datetime as dt
import random
import sys
import tempfile
import time
from pathlib import Path

from podium.faces.print.models import Certificate
from podium.faces.print.pdf import allowed_roots, write_pdf
from podium.faces.print.printing import CERTIFICATES_PER_PART, render_html
from podium.faces.print.templating import podium_templates
from podium.i18n import use_language

COUNT = 1000
SAMPLE = 20
SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤"
GIVEN = "伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍红鹏宇浩然子涵欣怡梓轩雨泽思琪俊豪佳怡晨曦雅婷"
EVENTS = ("男子单打", "女子单打", "混合双打", "男子团体", "中国象棋", "围棋", "五子棋", "袋鼠跳", "拔河", "跳绳")
TITLES = ("冠军", "亚军", "季军", "一等奖", "二等奖", "三等奖", "优秀奖")
MEET = {"name": "2026 年阳光体育节", "date": dt.date(2026, 12, 5), "organiser": "阳光中学体育组", "venue": ""}


def certificates(count: int) -> list[Certificate]:
    rng = random.Random(2026)
    return [
        Certificate(
            meet=MEET["name"],
            event=rng.choice(EVENTS),
            title=rng.choice(TITLES),
            name=rng.choice(SURNAMES) + "".join(rng.choice(GIVEN) for _ in range(rng.randint(1, 2))),
            unit=f"初{rng.choice('一二三')}（{rng.randint(1, 12)}）班",
            date=MEET["date"],
            organiser=MEET["organiser"],
            signatures=("裁判长",),
        )
        for _ in range(count)
    ]


def html(batch: list[Certificate]) -> str:
    return render_html(
        "certificate.html", {"certificates": batch, "background": None},
        lang="zh", title="奖状", meet=MEET, sources=[podium_templates()],
    )


def main() -> int:
    with use_language("zh"):
        return _measure()


def _measure() -> int:
    folder = Path(tempfile.mkdtemp(prefix="podium-bench-certificates-"))
    roots = allowed_roots([podium_templates().directory])
    people = certificates(COUNT)
    write_pdf([html(people[:1])], folder / "warm-up.pdf", base=folder, roots=roots)

    start, cpu = time.perf_counter(), time.process_time()
    parts = [html(people[i : i + CERTIFICATES_PER_PART]) for i in range(0, COUNT, CERTIFICATES_PER_PART)]
    write_pdf(parts, folder / "all.pdf", base=folder, roots=roots)
    batch, batch_cpu = time.perf_counter() - start, time.process_time() - cpu

    def one_per_certificate() -> float:
        start = time.perf_counter()
        for index, person in enumerate(people[:SAMPLE]):
            write_pdf([html([person])], folder / f"one-{index}.pdf", base=folder, roots=roots)
        return (time.perf_counter() - start) / SAMPLE

    from weasyprint.pdf import fonts

    subsetter = "HarfBuzz" if fonts.harfbuzz_subset else "fontTools"
    single = {subsetter: one_per_certificate()}
    if fonts.harfbuzz_subset:
        fonts.harfbuzz_subset = None  # what WeasyPrint does on a machine without libharfbuzz-subset
        single["fontTools"] = one_per_certificate()

    from pypdf import PdfReader

    pages = len(PdfReader(folder / "all.pdf").pages)
    print(f"{COUNT} certificates with Chinese names in one PDF: {batch:.1f} s, {pages} pages, "
          f"{(folder / 'all.pdf').stat().st_size / 1e6:.1f} MB, {batch_cpu:.1f} s of CPU, fonts subset by {subsetter} (target < 15 s)")
    for name, seconds in single.items():
        naive = seconds * COUNT
        print(f"one PDF per certificate, fonts subset by {name}: {seconds:.2f} s each, measured on {SAMPLE} and "
              f"extrapolated to {COUNT}: {naive:.0f} s; one document is {naive / batch:.0f}x faster (target >= 50x)")
    print(f"output in {folder}")
    return 0 if pages == COUNT else 1


if __name__ == "__main__":
    sys.exit(main())
