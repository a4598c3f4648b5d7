"""Trim ICU's data library (``libicudata.so.NN``, Linux) to the items Qt reads.

Qt's Linux builds link ICU, whose data library is one 32 MB read-only symbol,
``icudtNN_dat``: an ICU *common data* package (format ``CmnD``) holding about 3,900 items
(every locale's names, calendars, collation rules, break dictionaries, transliterators, legacy
converters). Qt reads a handful of them: the root collation for ``QCollator`` (the file
dialog sorts with it), the time-zone names of ``QTimeZone``, and the locale fallbacks those
use. :func:`trim_library` writes a copy of the library whose package holds only the items a
predicate keeps (``bundle_rules.keep_icu_item``); ICU falls back to the root locale for any
locale left out, without a warning.

The library is rewritten, not rebuilt: no compiler or ICU tool is needed. ICU's ``pkgdata``
lays it out as an ELF shared object with the symbol alone in ``.rodata``; the new package is
put in its place and everything after it moves by a whole number of pages, so every segment
keeps its page alignment and nothing else in the file changes. A library of any other layout
raises :class:`IcuDataError` rather than being guessed at.

Plain Python (no Qt, no PyInstaller): the spec and the tests import it.
"""

from __future__ import annotations

import re
import struct
from collections.abc import Callable
from pathlib import Path

__all__ = ["IcuDataError", "read_library", "read_package", "trim_library", "write_package"]

# ELF64 little-endian layouts (the only kind Qt's Linux wheels ship).
_EHDR = struct.Struct("<16sHHIQQQIHHHHHH")
_PHDR = struct.Struct("<IIQQQQQQ")
_SHDR = struct.Struct("<IIQQQQIIQQ")
_SYM = struct.Struct("<IBBHQQ")
_PAGE = 0x1000
_SYMBOL = re.compile(rb"icudt\d+_dat")


class IcuDataError(Exception):
    """The library or its package is not laid out as expected; the message says how."""


def read_package(blob: bytes) -> tuple[bytes, dict[str, bytes]]:
    """Split an ICU common-data package ``blob`` into its header and items.

    Returns ``(header, items)``: the header's bytes as they are, and each item's bytes by
    name (``"icudt73l/coll/root.res"``), in the package's (sorted) order. An item runs to the
    next item's start, so it keeps the padding ICU put after it. Raises
    :class:`IcuDataError` when ``blob`` is not a little-endian ``CmnD`` package."""
    if len(blob) < 32:
        raise IcuDataError("the ICU data package is too short")
    header_size, magic1, magic2 = struct.unpack_from("<HBB", blob, 0)
    big_endian, data_format = blob[8], blob[12:16]
    if (magic1, magic2) != (0xDA, 0x27) or data_format != b"CmnD" or big_endian:
        raise IcuDataError("the ICU data is not a little-endian common-data (CmnD) package")
    (count,) = struct.unpack_from("<I", blob, header_size)
    toc = []
    for i in range(count):
        name_at, data_at = struct.unpack_from("<II", blob, header_size + 4 + 8 * i)
        start = header_size + name_at
        name = blob[start : blob.index(b"\0", start)].decode("ascii")
        toc.append((name, header_size + data_at))
    starts = sorted(at for _, at in toc) + [len(blob)]
    end_of = {at: starts[i + 1] for i, at in enumerate(starts[:-1])}
    return blob[:header_size], {name: blob[at : end_of[at]] for name, at in toc}


def write_package(header: bytes, items: dict[str, bytes]) -> bytes:
    """A common-data package with ``header`` (from :func:`read_package`) and ``items``.

    ICU finds an item by binary search over the names, so they are written sorted; each
    item starts on a 16-byte boundary, as ICU's own packages do."""
    names = sorted(items)
    toc_size = 4 + 8 * len(names)
    name_table = b"".join(n.encode("ascii") + b"\0" for n in names)
    name_offsets, at = [], toc_size
    for n in names:
        name_offsets.append(at)
        at += len(n) + 1
    data_start = _align(len(header) + toc_size + len(name_table), 16)
    body, data_offsets = bytearray(), []
    for n in names:
        data_offsets.append(data_start + len(body) - len(header))
        body += items[n] + b"\0" * (_align(len(items[n]), 16) - len(items[n]))
    toc = struct.pack("<I", len(names)) + b"".join(
        struct.pack("<II", a, d) for a, d in zip(name_offsets, data_offsets, strict=True)
    )
    front = header + toc + name_table
    return front + b"\0" * (data_start - len(front)) + bytes(body)


def read_library(path: Path) -> tuple[bytes, dict[str, bytes]]:
    """:func:`read_package` of the package in the ICU data library at ``path``. Raises
    :class:`IcuDataError` as :func:`trim_library` does."""
    elf = bytearray(path.read_bytes())
    section = _data_section(elf)
    return read_package(bytes(elf[section[4] : section[4] + section[5]]))


def trim_library(src: Path, dst: Path, keep: Callable[[str], bool]) -> tuple[int, int]:
    """Write to ``dst`` the ICU data library ``src`` with only the items ``keep(name)``
    accepts; returns ``(items kept, items in src)``. Raises :class:`IcuDataError` when
    ``src`` is not laid out as ICU's ``pkgdata`` lays it out (see the module's text)."""
    elf = bytearray(src.read_bytes())
    rodata = _data_section(elf)
    start, size = rodata[4], rodata[5]
    header, items = read_package(bytes(elf[start : start + size]))
    kept = {n: b for n, b in items.items() if keep(n)}
    package = write_package(header, kept)
    shift = -((size - len(package)) // _PAGE) * _PAGE  # whole pages: alignment unchanged
    new_size = size + shift
    new = elf[:start] + package + b"\0" * (new_size - len(package)) + elf[start + size :]
    _move_after(new, start, size, shift)
    _patch_symbols(new, start, size, shift)
    dst.write_bytes(bytes(new))
    return len(kept), len(items)


def _align(n: int, to: int) -> int:
    return (n + to - 1) // to * to


def _sections(elf: bytearray) -> list[list[int]]:
    ehdr = _EHDR.unpack_from(elf, 0)
    if ehdr[0][:6] != b"\x7fELF\x02\x01":
        raise IcuDataError("the ICU data library is not a 64-bit little-endian ELF file")
    shoff, shentsize, shnum = ehdr[6], ehdr[11], ehdr[12]
    return [list(_SHDR.unpack_from(elf, shoff + i * shentsize)) for i in range(shnum)]


def _data_section(elf: bytearray) -> list[int]:
    """The header of the section holding the ``icudtNN_dat`` symbol, after checking that
    the symbol fills that section exactly."""
    sections = _sections(elf)
    dynsym = next((s for s in sections if s[1] == 11), None)  # SHT_DYNSYM
    if dynsym is None:
        raise IcuDataError("the ICU data library has no dynamic symbol table")
    strtab = sections[dynsym[6]]
    for at in range(dynsym[4], dynsym[4] + dynsym[5], _SYM.size):
        name_at, _info, _other, shndx, value, size = _SYM.unpack_from(elf, at)
        start = strtab[4] + name_at
        name = bytes(elf[start : elf.index(b"\0", start)])
        if _SYMBOL.fullmatch(name):
            section = sections[shndx]
            if section[3] != value or section[5] != size:
                raise IcuDataError("the ICU data symbol does not fill its section alone")
            if section[3] != section[4]:
                raise IcuDataError("the ICU data section's address is not its file offset")
            return section
    raise IcuDataError("the ICU data library has no icudtNN_dat symbol")


def _move_after(elf: bytearray, start: int, size: int, shift: int) -> None:
    """Move every segment, section and the section table that lie after the data (at file
    offset ``start``, ``size`` bytes long) by ``shift`` bytes, and grow the segment that
    holds the data by ``shift``. Addresses equal file offsets up to the data, so one shift
    serves both."""
    end = start + size
    ehdr = list(_EHDR.unpack_from(elf, 0))
    phoff, phentsize, phnum, shentsize = ehdr[5], ehdr[9], ehdr[10], ehdr[11]
    for i in range(phnum):
        at = phoff + i * phentsize
        p = list(_PHDR.unpack_from(elf, at))  # type, flags, offset, vaddr, paddr, filesz, memsz
        if p[2] >= end:
            p[2:5] = [p[2] + shift, p[3] + shift, p[4] + shift]
        elif p[2] <= start and p[2] + p[5] >= end:
            if p[5] != p[6]:
                raise IcuDataError("the segment holding the ICU data has a zero-filled tail")
            p[5:7] = [p[5] + shift, p[6] + shift]
        _PHDR.pack_into(elf, at, *p)
    if ehdr[6] >= end:  # the section table, read below at its new place
        ehdr[6] += shift
        _EHDR.pack_into(elf, 0, *ehdr)
    sections = _sections(elf)
    for i, s in enumerate(sections):
        if s[4] == start and s[5] == size:
            s[5] += shift
        elif s[4] >= end:
            s[4] += shift
            if s[3]:
                s[3] += shift
        _SHDR.pack_into(elf, ehdr[6] + i * shentsize, *s)
    _check_dynamic(elf, sections, start)


def _check_dynamic(elf: bytearray, sections: list[list[int]], data_start: int) -> None:
    """No address in the dynamic section may point at or past the data's start (ICU's
    layout has none; one would need relocating, which this module does not do)."""
    pointers = {3, 4, 5, 6, 7, 12, 13, 17, 23, 25, 26, 0x6FFFFEF5}  # DT_* that hold addresses
    for s in sections:
        if s[1] != 6:  # SHT_DYNAMIC
            continue
        for at in range(s[4], s[4] + s[5], 16):
            tag, value = struct.unpack_from("<qQ", elf, at)
            if tag in pointers and value >= data_start:
                raise IcuDataError("the ICU data library's dynamic section points past the data")


def _patch_symbols(elf: bytearray, start: int, size: int, shift: int) -> None:
    """In every symbol table (the dynamic one, and the full one of an unstripped library),
    give the data symbol its new size and move the symbols that lie after the data."""
    for s in _sections(elf):
        if s[1] not in (2, 11):  # SHT_SYMTAB, SHT_DYNSYM
            continue
        for at in range(s[4], s[4] + s[5], _SYM.size):
            fields = list(_SYM.unpack_from(elf, at))
            if fields[4] == start and fields[5] == size:
                fields[5] += shift
            elif fields[4] >= start + size:
                fields[4] += shift
            _SYM.pack_into(elf, at, *fields)
