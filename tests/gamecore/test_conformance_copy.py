"""The repository's copies of the shared conformance records must match the originals.

tests/data/conformance/<folder> holds byte-identical copies of ../shared/conformance/<folder>
so that the tests run in a clone without the shared directory. When the shared directory is
present, each copied folder is checked against it.
"""

from pathlib import Path

import pytest

from paths import DATA, SHARED

LOCAL = DATA / "conformance"
REMOTE = SHARED / "conformance"

FOLDERS = sorted(p.name for p in LOCAL.iterdir() if p.is_dir()) if LOCAL.is_dir() else []


def _files(folder: Path) -> dict[str, Path]:
    return {p.relative_to(folder).as_posix(): p for p in folder.rglob("*") if p.is_file()}


@pytest.mark.parametrize("folder", FOLDERS)
def test_copy_matches_shared(folder):
    if not SHARED.is_dir():
        pytest.skip(f"shared directory {SHARED} is absent")
    shared = REMOTE / folder
    if not shared.is_dir():
        pytest.skip(f"{shared} is absent")

    local_files = _files(LOCAL / folder)
    shared_files = _files(shared)

    assert set(local_files) == set(shared_files)
    different = sorted(
        name
        for name in local_files
        if local_files[name].read_bytes() != shared_files[name].read_bytes()
    )
    assert not different, f"files differing from {shared}: {different}"
