"""write_atomic: the content written, an old file replaced whole, and a failure midway
leaving the old file intact and no temporary file behind."""

import errno
import os
import stat
import sys

import pytest

from gamecore import atomicfile
from gamecore.atomicfile import write_atomic


def test_bytes_are_written_exactly(tmp_path):
    path = tmp_path / "a.bin"
    data = bytes(range(256)) + b"\r\n\n"
    write_atomic(path, data)
    assert path.read_bytes() == data
    assert [p.name for p in tmp_path.iterdir()] == ["a.bin"]


def test_text_is_utf8_with_the_platform_line_ends(tmp_path):
    path = tmp_path / "a.json"
    write_atomic(str(path), "Anné ♠\nBen\n")  # a str path too
    assert path.read_bytes() == "Anné ♠\nBen\n".replace("\n", os.linesep).encode("utf-8")
    assert path.read_text(encoding="utf-8") == "Anné ♠\nBen\n"


def test_an_existing_file_is_replaced_whole(tmp_path):
    path = tmp_path / "a.json"
    path.write_bytes(b"x" * 10_000)
    write_atomic(path, b"short")
    assert path.read_bytes() == b"short"
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes")
def test_the_file_is_private_to_its_owner(tmp_path):
    path = tmp_path / "a.json"
    path.write_bytes(b"old")
    path.chmod(0o644)
    write_atomic(path, b"new")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def _fails(*_a, **_k):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.mark.parametrize("where", ["fsync", "replace", "write"])
def test_a_failure_midway_keeps_the_old_file_and_no_temporary(tmp_path, monkeypatch, where):
    path = tmp_path / "a.json"
    path.write_bytes(b"old")
    if where == "write":
        real_fdopen = os.fdopen

        def fdopen(fd, *a, **k):
            f = real_fdopen(fd, *a, **k)
            f.write = _fails
            return f

        monkeypatch.setattr(atomicfile.os, "fdopen", fdopen)
    else:
        monkeypatch.setattr(atomicfile.os, where, _fails)
    with pytest.raises(OSError) as e:
        write_atomic(path, b"new content")
    assert e.value.errno == errno.ENOSPC
    monkeypatch.undo()
    assert path.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]


def test_an_interruption_midway_keeps_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    path = tmp_path / "a.json"
    path.write_bytes(b"old")

    def interrupted(*_a):
        raise KeyboardInterrupt

    monkeypatch.setattr(atomicfile.os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(path, "new")
    monkeypatch.undo()
    assert path.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]


def test_a_failed_cleanup_does_not_hide_the_error(tmp_path, monkeypatch):
    monkeypatch.setattr(atomicfile.os, "replace", _fails)
    monkeypatch.setattr(atomicfile.Path, "unlink", lambda *_a, **_k: _fails())
    with pytest.raises(OSError) as e:
        write_atomic(tmp_path / "a.json", b"new")
    assert e.value.errno == errno.ENOSPC


def test_text_utf8_cannot_encode_creates_no_file(tmp_path):
    with pytest.raises(UnicodeEncodeError):
        write_atomic(tmp_path / "a.json", "lone \udc80 surrogate")
    assert list(tmp_path.iterdir()) == []


def test_a_missing_folder_raises_file_not_found(tmp_path):
    with pytest.raises(FileNotFoundError):
        write_atomic(tmp_path / "nowhere" / "a.json", b"x")
    assert list(tmp_path.iterdir()) == []


def test_a_file_in_the_folder_path_raises_not_a_directory(tmp_path):
    (tmp_path / "file").write_bytes(b"")
    with pytest.raises(NotADirectoryError):
        write_atomic(tmp_path / "file" / "a.json", b"x")


@pytest.mark.skipif(
    sys.platform == "win32" or (hasattr(os, "geteuid") and os.geteuid() == 0),
    reason="POSIX folder permissions, which root ignores",
)
def test_a_folder_that_is_not_writable_raises_permission_error(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    (folder / "a.json").write_bytes(b"old")
    folder.chmod(0o555)
    try:
        with pytest.raises(PermissionError):
            write_atomic(folder / "a.json", b"new")
        assert (folder / "a.json").read_bytes() == b"old"
        assert [p.name for p in folder.iterdir()] == ["a.json"]
    finally:
        folder.chmod(0o755)


def test_a_folder_at_the_path_raises_os_error_and_stays(tmp_path):
    (tmp_path / "a.json").mkdir()
    with pytest.raises(OSError):
        write_atomic(tmp_path / "a.json", b"x")
    assert (tmp_path / "a.json").is_dir()
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]


def test_a_refused_temporary_file_raises_permission_error(tmp_path, monkeypatch):
    """The same as above where permissions cannot be tried (as root): creating the temporary
    file is refused, and that PermissionError comes out unchanged."""
    path = tmp_path / "a.json"
    path.write_bytes(b"old")
    real_open = os.open

    def refused(file, *a, **k):
        if os.path.dirname(os.fspath(file)) == str(tmp_path):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), file)
        return real_open(file, *a, **k)

    monkeypatch.setattr(os, "open", refused)
    with pytest.raises(PermissionError):
        write_atomic(path, b"new")
    monkeypatch.undo()
    assert path.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]
