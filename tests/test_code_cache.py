"""The compiled methods of attrs classes kept between runs (:mod:`podium.code_cache`): a second process takes them
from the cache, whatever its hash seed, and its classes behave as attrs makes them; the cache follows Python's
rules for bytecode and survives a damaged file."""

from __future__ import annotations

import importlib.util
import json
import marshal
import os
import subprocess
import sys
from pathlib import Path

from podium import code_cache

PROBE = """
import json
import attrs
import podium
from attr import _make
from podium.views.standings import Column

kept = _make._compile_and_eval.__self__

@attrs.frozen
class Probe:
    name: str
    score: float = 0.0
    tags: tuple = attrs.field(factory=tuple)

a, b, c = Probe("x", 1.5), Probe("x", 1.5), Probe("y")
print(json.dumps({
    "used": len(kept.used),
    "fresh": len(kept.fresh),
    "equal": a == b and a != c and hash(a) == hash(b) and len({a, b, c}) == 2,
    "defaults": [c.score, list(c.tags)],
    "repr": repr(a),
    "frozen": not hasattr(a, "__dict__"),
    "column": Column("points", "P") == Column("points", "P"),
}))
"""


def probe(prefix: Path, *, seed: str, write: bool = True) -> dict:
    """Run :data:`PROBE` in a fresh process whose bytecode (and so the cache) goes under ``prefix``."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPYCACHEPREFIX=str(prefix), PYTHONHASHSEED=seed)
    if not write:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    done = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def kept_file(prefix: Path) -> Path:
    """Where a process with ``PYTHONPYCACHEPREFIX=prefix`` keeps the methods: beside the module's bytecode, which
    Python writes to the prefix followed by the source's folder (with no ``__pycache__``)."""
    source = Path(code_cache.__file__).resolve()
    return Path(str(prefix) + str(source.parent)) / f"attrs-methods.{sys.implementation.cache_tag}.marshal"


def test_a_second_process_takes_every_method_from_the_cache_whatever_its_hash_seed(tmp_path):
    first = probe(tmp_path, seed="1")
    assert first["fresh"] > 0 and kept_file(tmp_path).exists()
    second = probe(tmp_path, seed="2")  # another seed: another number in each __hash__ attrs writes
    assert second["fresh"] == 0 and second["used"] == first["fresh"]
    for run in (first, second):
        assert run["equal"] and run["frozen"] and run["column"]
        assert run["defaults"] == [0.0, []]
        assert run["repr"] == "Probe(name='x', score=1.5, tags=())"


def test_nothing_is_kept_where_python_writes_no_bytecode(tmp_path):
    run = probe(tmp_path, seed="1", write=False)
    assert run["fresh"] > 0 and not kept_file(tmp_path).exists()


def test_a_damaged_file_or_one_of_another_python_is_compiled_past_and_replaced(tmp_path):
    path = kept_file(tmp_path)
    path.parent.mkdir(parents=True)
    for damaged in (b"not marshal at all", b"\x00\x00\r\n" + marshal.dumps({b"k": 1}), importlib.util.MAGIC_NUMBER + b"\xff"):
        path.write_bytes(damaged)
        run = probe(tmp_path, seed="1")
        assert run["fresh"] > 0 and run["equal"]
        assert code_cache.read(path), "the file was written again, readable"


def test_a_kept_method_that_is_not_code_is_compiled_again(tmp_path):
    """Each method is read when its class is made: one whose bytes are damaged, or are not code, is compiled."""
    first = probe(tmp_path, seed="1")
    path = kept_file(tmp_path)
    kept = code_cache.read(path)
    damaged = dict.fromkeys(kept, b"\xff")
    damaged[next(iter(kept))] = marshal.dumps(12)
    code_cache.write(path, {}, damaged)
    run = probe(tmp_path, seed="2")
    assert run["fresh"] == first["fresh"] and run["equal"] and run["repr"] == "Probe(name='x', score=1.5, tags=())"


def test_past_the_limit_only_what_this_run_used_and_compiled_is_kept(tmp_path, monkeypatch):
    path = tmp_path / "kept.marshal"
    old = {bytes([n]): marshal.dumps(compile(f"x = {n}", "<old>", "exec")) for n in range(5)}
    code_cache.write(path, {}, old)
    used = {b"u": marshal.dumps(compile("y = 1", "<used>", "exec"))}
    fresh = {b"f": marshal.dumps(compile("z = 2", "<fresh>", "exec"))}
    monkeypatch.setattr(code_cache, "KEPT_AT_MOST", 5)
    code_cache.write(path, used, fresh)
    assert set(code_cache.read(path)) == {b"u", b"f"}
    monkeypatch.setattr(code_cache, "KEPT_AT_MOST", 100)
    code_cache.write(path, {}, old)
    assert set(code_cache.read(path)) == {b"u", b"f", *old}  # under the limit, what was kept stays


def test_a_folder_that_cannot_be_made_or_written_only_means_nothing_is_kept(tmp_path):
    (tmp_path / "file").write_text("a file where the cache folder would be", encoding="utf-8")
    path = tmp_path / "file" / "kept.marshal"
    code_cache.write(path, {}, {b"k": marshal.dumps(compile("x = 1", "<x>", "exec"))})  # no error: the process ends as it would have
    assert code_cache.read(path) == {}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]
