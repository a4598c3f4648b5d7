"""The release's pieces that can be checked here: the archive's checksum file, the self-test's
environment, the release workflow's Linux budgets (the same as bundle_rules') and the README's
Download section (the archive names build.py makes). The workflow itself runs only on
GitHub's hosted runners; .ci/run checks it with actionlint."""

from __future__ import annotations

import hashlib
import importlib.util
import re
import sys
from types import ModuleType

import pytest

from paths import ROOT

sys.path.insert(0, str(ROOT / "packaging"))
import bundle_rules  # noqa: E402


def _load_build() -> ModuleType:
    """packaging/build.py, by its path: the name ``build`` is also the build output folder's
    and a PyPI package's."""
    spec = importlib.util.spec_from_file_location("parlour_build", ROOT / "packaging" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _load_build()

WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"


def test_the_checksum_file_is_in_sha256sums_format(tmp_path) -> None:
    archive = tmp_path / "parlour-0.1.0-linux-x86_64.tar.xz"
    archive.write_bytes(b"abc")
    sums = build.write_checksum(archive)
    assert sums.name == "parlour-0.1.0-linux-x86_64.tar.xz.sha256"
    assert sums.read_bytes() == (
        hashlib.sha256(b"abc").hexdigest().encode() + b"  parlour-0.1.0-linux-x86_64.tar.xz\n"
    )
    assert hashlib.sha256(b"abc").hexdigest().startswith("ba7816bf")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's empty environment")
def test_the_linux_self_test_runs_in_an_empty_environment_under_the_c_locale(tmp_path) -> None:
    assert build.self_test_environment(tmp_path) == {
        "HOME": str(tmp_path),
        "LANG": "C",
        "QT_QPA_PLATFORM": "offscreen",
    }


def _matrix_rows() -> list[dict[str, str]]:
    """The build matrix's rows, as ``key: value`` text (no YAML reader is installed)."""
    text = WORKFLOW.read_text(encoding="utf-8")
    rows = re.findall(
        r"- name: ([^\n]+)\n\s+os: (\S+)\n\s+folder_mb: (\d+)\n\s+archive_mb: (\d+)", text
    )
    return [dict(name=n, os=o, folder_mb=f, archive_mb=a) for n, o, f, a in rows]


def test_the_workflow_builds_on_linux_windows_and_macos_with_budgets() -> None:
    rows = _matrix_rows()
    assert [r["os"] for r in rows] == ["ubuntu-22.04", "windows-2022", "macos-14"]
    linux = rows[0]
    assert float(linux["folder_mb"]) == bundle_rules.BUDGET_FOLDER_MB
    assert float(linux["archive_mb"]) == bundle_rules.BUDGET_COMPRESSED_MB
    assert rows[2]["name"] == "macOS arm64"  # macos-14 runners are Apple silicon


def test_the_workflow_runs_the_build_on_tags_and_by_hand() -> None:
    text = WORKFLOW.read_text(encoding="utf-8")
    assert 'tags: ["v*"]' in text and "workflow_dispatch:" in text
    assert text.count("packaging/build.py --archive") == 1  # Linux and macOS
    assert text.count("packaging\\build.py --archive") == 1  # Windows
    assert "dist/parlour-*.sha256" in text


def test_the_readme_starts_with_the_download_section_naming_the_archives() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", readme, flags=re.MULTILINE)
    assert headings[0] == "Download"
    download = " ".join(readme.split("## Download", 1)[1].split("\n## ", 1)[0].split())
    for name in (
        "parlour-VERSION-linux-x86_64.tar.xz",
        "parlour-VERSION-windows-amd64.zip",
        "parlour-VERSION-macos-arm64.zip",
    ):
        assert name in download, name
    assert "Open Anyway" in download and "Run anyway" in download
    assert "--install-desktop-entry" in download
