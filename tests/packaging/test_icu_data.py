"""Trimming ICU's data library (packaging/icu_data.py): the package format round trip, and the
real library from the installed PySide6 trimmed, loaded by the dynamic loader and read back."""

from __future__ import annotations

import ctypes
import struct
import sys
from pathlib import Path

import pytest

from paths import ROOT

sys.path.insert(0, str(ROOT / "packaging"))
import bundle_rules  # noqa: E402
import icu_data  # noqa: E402


def _header() -> bytes:
    """A common-data header as ICU writes it: size, magic, then the data info."""
    info = struct.pack("<HHBBBB4s4s4s", 20, 0, 0, 0, 2, 0, b"CmnD", b"\1\0\0\0", b"\3\0\0\0")
    return struct.pack("<HBB", 32, 0xDA, 0x27) + info + b"\0" * 8


def test_a_package_reads_back_as_it_was_written() -> None:
    items = {"icudt73l/b.res": b"B" * 16, "icudt73l/a.res": b"A" * 32, "icudt73l/c/d.icu": b"D"}
    header, read = icu_data.read_package(icu_data.write_package(_header(), items))
    assert header == _header()
    assert list(read) == ["icudt73l/a.res", "icudt73l/b.res", "icudt73l/c/d.icu"]
    # Each item starts on a 16-byte boundary, so a short one reads back with its padding.
    assert read == {
        "icudt73l/a.res": b"A" * 32,
        "icudt73l/b.res": b"B" * 16,
        "icudt73l/c/d.icu": b"D" + b"\0" * 15,
    }


def test_items_start_on_16_byte_boundaries() -> None:
    blob = icu_data.write_package(_header(), {"x/a": b"1", "x/bb": b"22", "x/ccc": b"333"})
    (count,) = struct.unpack_from("<I", blob, 32)
    offsets = [struct.unpack_from("<II", blob, 36 + 8 * i)[1] + 32 for i in range(count)]
    assert count == 3 and [o % 16 for o in offsets] == [0, 0, 0]
    assert [blob[o : o + 3] for o in offsets] == [b"1\0\0", b"22\0", b"333"]


def test_what_is_not_a_common_data_package_is_refused() -> None:
    bad = bytearray(icu_data.write_package(_header(), {"x/a": b"1"}))
    bad[12:16] = b"ToCP"
    with pytest.raises(icu_data.IcuDataError):
        icu_data.read_package(bytes(bad))
    with pytest.raises(icu_data.IcuDataError):
        icu_data.read_package(b"\0" * 8)


def test_what_is_not_an_elf_library_is_refused(tmp_path) -> None:
    src = tmp_path / "libicudata.so.73"
    src.write_bytes(b"MZ" + b"\0" * 200)
    with pytest.raises(icu_data.IcuDataError):
        icu_data.trim_library(src, tmp_path / "out.so", bundle_rules.keep_icu_item)


def _installed_library() -> Path | None:
    import importlib.util

    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    found = sorted(Path(spec.submodule_search_locations[0], "Qt", "lib").glob("libicudata.so.*"))
    return found[0] if found else None


@pytest.mark.skipif(_installed_library() is None, reason="this PySide6 has no ICU data library")
def test_the_installed_icu_library_trims_to_the_items_kept(tmp_path) -> None:
    src = _installed_library()
    assert src is not None
    out = tmp_path / src.name
    kept, total = icu_data.trim_library(src, out, bundle_rules.keep_icu_item)

    _, before = icu_data.read_library(src)
    wanted = {n: b for n, b in before.items() if bundle_rules.keep_icu_item(n)}
    assert total == len(before) and kept == len(wanted) and 100 < kept < total // 10
    assert out.stat().st_size < src.stat().st_size // 10

    # The dynamic loader loads the new library, and its symbol is the trimmed package.
    library = ctypes.CDLL(str(out))
    symbol = f"icudt{src.name.split('.so.')[1]}_dat"
    first = (ctypes.c_ubyte * 64).in_dll(library, symbol)
    header_size = struct.unpack_from("<H", bytes(first), 0)[0]
    size = header_size + 4 + 8 * kept
    package = bytes((ctypes.c_ubyte * size).in_dll(library, symbol))
    assert package[2:4] == b"\xda\x27" and package[12:16] == b"CmnD"
    assert struct.unpack_from("<I", package, header_size)[0] == kept

    _, after = icu_data.read_library(out)
    assert list(after) == sorted(wanted)
    for name, data in wanted.items():  # each item whole; only the last may gain padding
        assert after[name][: len(data)] == data
        assert not after[name][len(data) :].strip(b"\0")
