"""Writing a file atomically: whoever reads it, even after a crash or a full disk midway,
finds either the previous complete file or the new complete file, never a part of one.

Every file Parlour keeps (records, their side files and journals' headers, statistics) is
written by :func:`write_atomic`. No Qt here.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_atomic(path: str | os.PathLike[str], data: bytes | str) -> None:
    """Replace the file at ``path`` by one holding ``data``, atomically.

    ``data`` is either ``bytes``, written exactly as given, or ``str``, written as a file
    opened with ``open(path, "w", encoding="utf-8")`` would hold it: encoded as UTF-8 (no
    byte order mark), each ``"\\n"`` written as ``os.linesep`` (which only differs on
    Windows). The file's folder must exist; an existing file at ``path`` is replaced whole.

    The steps, and why each is there:

    1. A temporary file ``<name>.<random>.tmp`` is created in the same folder
       (``tempfile.mkstemp``): the same folder so the final rename stays on one file
       system, where it is atomic; the name so leftovers of an interrupted write are
       recognised (``gui.store.persistence.remove_leftovers``). ``mkstemp`` creates it readable
       and writable by its owner only, so the new file has that mode whatever the old one
       had.
    2. ``data`` is written to it, flushed, and ``os.fsync``-ed: the content is on the disk
       before the name points at it, so a crash after the rename cannot leave a file that
       is named but empty or short.
    3. ``os.replace`` renames it over ``path`` in one step: readers see the old file or the
       new one.
    4. On any failure (or interruption, such as ``KeyboardInterrupt``) before the rename
       finished, the temporary file is removed and the error raised again; ``path`` is left
       as it was.

    Raises ``OSError`` when the file cannot be written, unchanged so callers can report it:
    ``FileNotFoundError`` when the folder does not exist, ``PermissionError`` when it is not
    writable, ``NotADirectoryError`` when a part of the folder's path is a file, another
    ``OSError`` (e.g. ``ENOSPC``) when the disk is full, ``IsADirectoryError`` (or another
    ``OSError``) when ``path`` is a folder. A ``str`` that UTF-8 cannot encode (a lone
    surrogate) raises ``UnicodeEncodeError`` before any file is created.
    """
    target = Path(path)
    if isinstance(data, str):
        if os.linesep != "\n":
            data = data.replace("\n", os.linesep)
        data = data.encode("utf-8")
    fd, tmp = tempfile.mkstemp(prefix=target.name + ".", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):  # the original error matters more
            Path(tmp).unlink(missing_ok=True)
        raise
