"""The CLI's aligned tables (podium.faces.cli.output.table): a Chinese character takes two columns of a terminal,
a right-aligned column is padded on the left, trailing spaces are dropped."""

from __future__ import annotations

from podium.faces.cli.output import table


def test_columns_are_as_wide_as_their_widest_text_counting_chinese_characters_as_two():
    """"#" is right-aligned: 1 and 10 take two columns. The names' column is as wide as 名字 and 王芳 (four
    columns each), wider than Ann (three); a line ends at its last character."""
    shown = table(["#", "名字"], [(1, "王芳"), (10, "Ann"), (2, None)], right=(0,))
    assert shown.split("\n") == [
        " #  名字",
        "--  ----",
        " 1  王芳",
        "10  Ann",
        " 2",
    ]


def test_the_same_text_is_padded_alike_in_every_row_and_apart_in_each_column():
    """The same text in two columns of different widths: padded to each column's width."""
    shown = table(["a", "bbbb", "c"], [("x", "x", "x"), ("x", "x", "yy")])
    assert shown.split("\n") == ["a  bbbb  c", "-  ----  --", "x  x     x", "x  x     yy"]
