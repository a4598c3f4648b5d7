"""Build Parlour's standalone bundle: one command on Linux, Windows and macOS.

    python packaging/build.py              one folder: dist/parlour/ (run dist/parlour/parlour)
                                           and on macOS dist/Parlour.app
    python packaging/build.py --onefile    one executable: dist/parlour (parlour.exe)
    python packaging/build.py --archive    also pack it for download, with its SHA-256 sum:
                                           dist/parlour-VERSION-linux-ARCH.tar.xz (the folder),
                                           dist/parlour-VERSION-windows-ARCH.zip (the folder),
                                           dist/parlour-VERSION-macos-ARCH.zip (Parlour.app)

Needs the ``build`` extra (``pip install -e '.[build]'``: PyInstaller, and Pillow for the
Windows and macOS icon files). Steps: draw the icons (build/icons), run PyInstaller on
packaging/parlour.spec, check the bundle (size budget, no excluded module, no second Python
interpreter: see bundle_rules.py), run the bundle's ``--self-test`` offscreen (on Linux from
an empty folder with an empty environment and a C locale, where it must print nothing on
standard error), start it once from an empty folder to check that it keeps its data and
settings in the platform's locations (never in the bundle or the working folder), and report
sizes and times. On macOS the checks are made on ``Parlour.app``, which is what is packed.
Exits non-zero with one line on standard error when any step fails.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile
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
    interpreter,
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
    programs = sorted(
        p.relative_to(folder).as_posix()
        for p in folder.rglob("*")
        if p.is_file() and interpreter(p.relative_to(folder).as_posix())
    )
    if programs:
        raise BuildError(f"the bundle holds a second Python interpreter: {', '.join(programs)}")
    size = folder_size(folder)
    if size > budget_mb * MB:
        raise BuildError(f"the bundle is {size / MB:.1f} MB, over its {budget_mb:.0f} MB budget")
    return size


def system_name() -> str:
    """The system as the archives name it: ``linux``, ``windows`` or ``macos``."""
    return {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)


def archive(bundle: Path) -> Path:
    """Pack ``bundle`` as it is downloaded: on Linux the folder as ``tar.xz`` (xz is on
    every distribution, and the archive is a quarter smaller than gzip's), on Windows the
    folder as ``zip`` (opened by Explorer), on macOS ``Parlour.app`` as ``zip`` made by
    ``ditto``, which keeps the app's symbolic links, permissions and signature, as Finder's
    own Compress does."""
    stem = f"parlour-{version()}-{system_name()}-{platform.machine().lower()}"
    if sys.platform == "win32":
        out = DIST / f"{stem}.zip"
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
            for p in sorted(bundle.rglob("*")):
                z.write(p, p.relative_to(bundle.parent))
    elif sys.platform == "darwin":
        out = DIST / f"{stem}.zip"
        out.unlink(missing_ok=True)
        cmd = ["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(bundle), str(out)]
        if subprocess.run(cmd).returncode != 0:
            raise BuildError(f"ditto could not pack {bundle.name}")
    else:
        out = DIST / f"{stem}.tar.xz"
        with tarfile.open(out, "w:xz", preset=6) as t:
            t.add(bundle, arcname=bundle.name)
    return out


def write_checksum(path: Path) -> Path:
    """Write ``path``'s SHA-256 beside it as ``NAME.sha256``, one line in the format of
    ``sha256sum`` (``shasum -a 256 -c`` on macOS reads it too); returns that file."""
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    out = path.with_name(path.name + ".sha256")
    out.write_text(f"{digest.hexdigest()}  {path.name}\n", encoding="ascii", newline="\n")
    return out


def self_test_environment(home: Path) -> dict[str, str]:
    """The environment the bundle's self-test runs in. On Linux an empty one but for a home
    folder, the C locale and the offscreen platform, as a program started from a bare
    session has: nothing of the build machine's may make it pass. Elsewhere the build's own
    (Windows cannot start a program without its system variables), offscreen."""
    if sys.platform.startswith("linux"):
        return {"HOME": str(home), "LANG": "C", "QT_QPA_PLATFORM": "offscreen"}
    return dict(os.environ, QT_QPA_PLATFORM="offscreen")


def self_test(executable: Path) -> str:
    """Run the built ``executable --self-test`` offscreen from an empty folder; its one
    line. On Linux it must print nothing on standard error (a warning there is the first
    thing a terminal user would see)."""
    with tempfile.TemporaryDirectory(prefix="parlour-self-test-") as tmp:
        cwd, home = Path(tmp, "cwd"), Path(tmp, "home")
        cwd.mkdir()
        home.mkdir()
        done = subprocess.run(
            [str(executable.resolve()), "--self-test"],
            cwd=cwd,
            env=self_test_environment(home),
            capture_output=True,
            text=True,
            timeout=600,
        )
    line = (done.stdout.strip() or done.stderr.strip()).splitlines()
    if done.returncode != 0:
        raise BuildError(
            f"the bundle's self-test failed (exit {done.returncode}): "
            f"{line[-1] if line else 'no output'}"
        )
    if sys.platform.startswith("linux") and done.stderr.strip():
        warnings = done.stderr.strip().splitlines()
        raise BuildError(
            f"the bundle's self-test printed {len(warnings)} line(s) on standard error under "
            f"an empty environment, the first: {warnings[0]}"
        )
    return line[-1] if line else ""


def check_data_locations(executable: Path, bundle: Path) -> str:
    """Start the built app from an empty working folder until its table is painted, with the
    platform's data and settings locations pointed at a scratch home: nothing may appear in
    the working folder or the bundle, and Parlour's data folder must appear in the data
    location (Linux follows XDG_*; elsewhere only the first two are checked)."""
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


def run_pyinstaller(icons: Path, onefile: bool) -> tuple[Path, float]:
    """Run PyInstaller on the spec; returns the output (the folder, or the one-file folder)
    and the seconds it took."""
    target = DIST / ("parlour" if not onefile else "parlour-onefile")
    if target.exists():
        shutil.rmtree(target) if target.is_dir() else target.unlink()
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
        str(HERE / "parlour.spec"),
        "--",
        "--icons",
        str(icons),
    ]
    if onefile:
        cmd.append("--onefile")
    t0 = time.perf_counter()
    if subprocess.run(cmd, cwd=ROOT).returncode != 0:
        raise BuildError("PyInstaller failed (its messages are above)")
    return target, time.perf_counter() - t0


def shipped(folder: Path) -> tuple[Path, Path]:
    """(the bundle that is checked and packed, its program): on macOS ``Parlour.app``
    beside ``folder``, elsewhere ``folder`` itself."""
    if sys.platform == "darwin":
        app = folder.parent / "Parlour.app"
        return app, app / "Contents" / "MacOS" / "parlour"
    return folder, folder / ("parlour.exe" if sys.platform == "win32" else "parlour")


def pack_checked(bundle: Path, budget_mb: float) -> None:
    """Pack ``bundle`` for download with its SHA-256 file, and hold the archive to
    ``budget_mb``."""
    out = archive(bundle)
    packed = out.stat().st_size
    sums = write_checksum(out)
    print(
        f"build: {out.relative_to(ROOT)}: {packed / MB:.1f} MB (budget {budget_mb:.0f} MB), "
        f"SHA-256 in {sums.name}"
    )
    if packed > budget_mb * MB:
        raise BuildError(f"the archive is {packed / MB:.1f} MB, over its {budget_mb:.0f} MB budget")


def build(
    onefile: bool = False,
    pack: bool = False,
    run_self_test: bool = True,
    folder_mb: float = BUDGET_FOLDER_MB,
    archive_mb: float = BUDGET_COMPRESSED_MB,
) -> None:
    """Every step; prints a report line per step. ``folder_mb`` and ``archive_mb`` are the
    size budgets (MB) of the bundle and of its archive."""
    started = time.perf_counter()
    from make_icons import make_icons

    icons = WORK / "icons"
    make_icons(icons)
    print(f"build: icons in {icons.relative_to(ROOT)}")
    target, pyinstaller_s = run_pyinstaller(icons, onefile)
    if onefile:
        executable = target / ("parlour.exe" if sys.platform == "win32" else "parlour")
        print(
            f"build: {executable.relative_to(ROOT)}: {executable.stat().st_size / MB:.1f} MB "
            f"(PyInstaller {pyinstaller_s:.0f} s)"
        )
        if run_self_test:
            print(f"build: {self_test(executable)}")
        print(f"build: done in {time.perf_counter() - started:.0f} s")
        return
    bundle, executable = shipped(target)
    size = check_bundle(bundle, folder_mb)
    print(
        f"build: {bundle.relative_to(ROOT)}/: {size / MB:.1f} MB (budget {folder_mb:.0f} MB), "
        f"no excluded modules (PyInstaller {pyinstaller_s:.0f} s)"
    )
    if run_self_test:
        print(f"build: {self_test(executable)}")
        line = check_data_locations(executable, bundle)
        print(f"build: data and settings outside the bundle and working folder ({line})")
    if pack:
        pack_checked(bundle, archive_mb)
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
        help="also pack the bundle as it is downloaded (tar.xz / zip), with its SHA-256 sum",
    )
    parser.add_argument(
        "--no-self-test", action="store_true", help="skip running the built bundle's --self-test"
    )
    parser.add_argument(
        "--folder-budget-mb",
        type=float,
        default=BUDGET_FOLDER_MB,
        metavar="MB",
        help=f"size budget of the bundle (default: Linux's, {BUDGET_FOLDER_MB:.0f})",
    )
    parser.add_argument(
        "--archive-budget-mb",
        type=float,
        default=BUDGET_COMPRESSED_MB,
        metavar="MB",
        help=f"size budget of the archive (default: Linux's, {BUDGET_COMPRESSED_MB:.0f})",
    )
    args = parser.parse_args(argv)
    try:
        build(
            onefile=args.onefile,
            pack=args.archive,
            run_self_test=not args.no_self_test,
            folder_mb=args.folder_budget_mb,
            archive_mb=args.archive_budget_mb,
        )
    except BuildError as e:
        print(f"build: FAILED: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
