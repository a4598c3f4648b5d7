"""Build Parlour's standalone bundle: one command on Linux, Windows and macOS.

    python packaging/build.py              one folder: dist/parlour/ (run dist/parlour/parlour)
    python packaging/build.py --onefile    one executable: dist/parlour (parlour.exe)
    python packaging/build.py --archive    also pack the folder: dist/parlour-VERSION-OS.tar.gz
                                           (.zip on Windows)

Needs the ``build`` extra (``pip install -e '.[build]'``: PyInstaller, and Pillow for the
Windows and macOS icon files). Steps: draw the icons (build/icons), run PyInstaller on
packaging/parlour.spec, check the bundle (size budget, no excluded module: see
bundle_rules.py), run the bundle's ``--self-test`` offscreen, start it once from an empty
folder to check that it keeps its data and settings in the platform's locations (never in the
bundle or the working folder), and report sizes and times. Exits
non-zero with one line on standard error when any step fails.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from bundle_rules import (  # noqa: E402
    BUDGET_COMPRESSED_MB,
    BUDGET_FOLDER_MB,
    forbidden,
)

DIST = ROOT / "dist"
WORK = ROOT / "build"
MB = 1_000_000


class BuildError(Exception):
    """A step failed; the message is the one-line reason."""


def version() -> str:
    """The project version from pyproject.toml."""
    import tomllib

    with open(ROOT / "pyproject.toml", "rb") as f:
        return str(tomllib.load(f)["project"]["version"])


def folder_size(path: Path) -> int:
    """Bytes in the files under ``path`` (symbolic links not followed)."""
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def check_bundle(folder: Path, budget_mb: float = BUDGET_FOLDER_MB) -> int:
    """Fail when the one-folder bundle at ``folder`` breaks a rule; returns its size."""
    bad = sorted(
        {
            f"{p.relative_to(folder)} ({why})"
            for p in folder.rglob("*")
            if (why := forbidden(p.relative_to(folder).as_posix())) is not None
        }
    )
    if bad:
        raise BuildError(f"the bundle holds {len(bad)} excluded file(s): {', '.join(bad[:5])}")
    size = folder_size(folder)
    if size > budget_mb * MB:
        raise BuildError(f"the bundle is {size / MB:.1f} MB, over its {budget_mb:.0f} MB budget")
    return size


def archive(folder: Path) -> Path:
    """Pack the one-folder bundle as it would be downloaded (zip on Windows, else tar.gz)."""
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    stem = f"parlour-{version()}-{system}-{platform.machine().lower()}"
    if sys.platform == "win32":
        out = DIST / f"{stem}.zip"
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
            for p in sorted(folder.rglob("*")):
                z.write(p, p.relative_to(folder.parent))
    else:
        out = DIST / f"{stem}.tar.gz"
        with tarfile.open(out, "w:gz", compresslevel=9) as t:
            t.add(folder, arcname=folder.name)
    return out


def self_test(executable: Path) -> str:
    """Run the built ``executable --self-test`` offscreen; its one line."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [str(executable), "--self-test"], env=env, capture_output=True, text=True, timeout=600
    )
    line = (done.stdout.strip() or done.stderr.strip()).splitlines()
    if done.returncode != 0:
        raise BuildError(
            f"the bundle's self-test failed (exit {done.returncode}): "
            f"{line[-1] if line else 'no output'}"
        )
    return line[-1] if line else ""


def check_data_locations(executable: Path, bundle: Path) -> str:
    """Start the built app from an empty working folder until its table is painted, with the
    platform's data and settings locations pointed at a scratch home: nothing may appear in
    the working folder or the bundle, and Parlour's data folder must appear in the data
    location (Linux follows XDG_*; elsewhere only the first two are checked)."""
    import tempfile

    before = {p for p in bundle.rglob("*") if "__pycache__" not in p.parts}
    with tempfile.TemporaryDirectory(prefix="parlour-data-check-") as tmp:
        cwd, home = Path(tmp, "cwd"), Path(tmp, "home")
        cwd.mkdir()
        env = dict(
            os.environ,
            QT_QPA_PLATFORM="offscreen",
            HOME=str(home),
            XDG_DATA_HOME=str(home / "data"),
            XDG_CONFIG_HOME=str(home / "config"),
        )
        env.pop("PARLOUR_DATA_DIR", None)
        done = subprocess.run(
            [str(executable.resolve()), "--startup-probe"],
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        if done.returncode != 0:
            raise BuildError(
                f"the bundle did not start (exit {done.returncode}): "
                f"{(done.stderr.strip() or 'no output').splitlines()[-1]}"
            )
        if any(cwd.iterdir()):
            raise BuildError(
                f"the app wrote into its working folder: {sorted(p.name for p in cwd.iterdir())}"
            )
        if sys.platform.startswith("linux") and not (home / "data" / "Parlour").is_dir():
            raise BuildError("the app's data folder is not in the platform data location")
    after = {p for p in bundle.rglob("*") if "__pycache__" not in p.parts}
    if after != before:
        raise BuildError(f"the app wrote into its bundle: {sorted(map(str, after - before))[:3]}")
    return done.stdout.strip().splitlines()[-1] if done.stdout.strip() else "started"


def build(onefile: bool = False, pack: bool = False, run_self_test: bool = True) -> None:
    """Every step; prints a report line per step."""
    started = time.perf_counter()
    from make_icons import make_icons

    icons = WORK / "icons"
    make_icons(icons)
    print(f"build: icons in {icons.relative_to(ROOT)}")

    target = DIST / ("parlour" if not onefile else "parlour-onefile")
    if target.exists():
        shutil.rmtree(target) if target.is_dir() else target.unlink()
    spec = HERE / "parlour.spec"
    cmd = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--log-level",
        "WARN",
        "--distpath",
        str(DIST if not onefile else target),
        "--workpath",
        str(WORK / "pyinstaller"),
        str(spec),
        "--",
        "--icons",
        str(icons),
    ]
    if onefile:
        cmd.append("--onefile")
    t0 = time.perf_counter()
    if subprocess.run(cmd, cwd=ROOT).returncode != 0:
        raise BuildError("PyInstaller failed (its messages are above)")
    pyinstaller_s = time.perf_counter() - t0
    exe_name = "parlour.exe" if sys.platform == "win32" else "parlour"
    if onefile:
        executable = target / exe_name
        size = executable.stat().st_size
        print(
            f"build: {executable.relative_to(ROOT)}: {size / MB:.1f} MB "
            f"(PyInstaller {pyinstaller_s:.0f} s)"
        )
    else:
        size = check_bundle(target)
        executable = target / exe_name
        print(
            f"build: {target.relative_to(ROOT)}/: {size / MB:.1f} MB "
            f"(budget {BUDGET_FOLDER_MB:.0f} MB), no excluded modules "
            f"(PyInstaller {pyinstaller_s:.0f} s)"
        )
    if run_self_test:
        print(f"build: {self_test(executable)}")
        if not onefile:
            line = check_data_locations(executable, target)
            print(f"build: data and settings outside the bundle and working folder ({line})")
    if pack and not onefile:
        out = archive(target)
        packed = out.stat().st_size
        print(
            f"build: {out.relative_to(ROOT)}: {packed / MB:.1f} MB "
            f"(budget {BUDGET_COMPRESSED_MB:.0f} MB)"
        )
        if packed > BUDGET_COMPRESSED_MB * MB:
            raise BuildError(
                f"the archive is {packed / MB:.1f} MB, over its "
                f"{BUDGET_COMPRESSED_MB:.0f} MB budget"
            )
    print(f"build: done in {time.perf_counter() - started:.0f} s")


def main(argv: list[str] | None = None) -> int:
    """The command line; returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="packaging/build.py",
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--onefile", action="store_true", help="one self-unpacking executable instead of a folder"
    )
    parser.add_argument(
        "--archive",
        action="store_true",
        help="also pack the folder as it would be downloaded (tar.gz / zip)",
    )
    parser.add_argument(
        "--no-self-test", action="store_true", help="skip running the built bundle's --self-test"
    )
    args = parser.parse_args(argv)
    try:
        build(onefile=args.onefile, pack=args.archive, run_self_test=not args.no_self_test)
    except BuildError as e:
        print(f"build: FAILED: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
