"""A UTF-8 character locale for Qt, chosen before Qt starts.

Qt on Linux and the other Unix systems (not macOS) needs a UTF-8 locale. Started under a
locale that is not (``LANG=C``, as a bare session, a service or ``env -i`` gives), it
switches its character locale to a UTF-8 one itself, but prints four lines about it first,
the first thing a terminal user would see. :func:`use_utf8_locale` makes that switch quietly
before Qt starts, by the same rule: the same locale with ``.UTF-8``, else ``C.UTF-8``, else
``C.utf8``, the first that exists; only the character locale (``LC_CTYPE``) changes, so
messages, numbers and dates stay as the person chose. Python's own interpreter does the
same for itself (PEP 538) but a frozen bundle's embedded interpreter does not.

No Qt here: it runs before Qt is imported.
"""

from __future__ import annotations

import locale
import os
import sys
from collections.abc import Callable, Mapping, MutableMapping

__all__ = ["codeset_of", "use_utf8_locale", "utf8_locale_changes"]

# What an empty or unset locale means to the C library.
_DEFAULT = "C"


def codeset_of(name: str) -> str | None:
    """The character encoding of the locale ``name`` on this system (``"UTF-8"``,
    ``"ANSI_X3.4-1968"``...), or ``None`` when the system has no such locale. The process's
    own character locale is left as it was."""
    saved = locale.setlocale(locale.LC_CTYPE)
    try:
        locale.setlocale(locale.LC_CTYPE, name)
        return locale.nl_langinfo(locale.CODESET)
    except locale.Error:
        return None
    finally:
        locale.setlocale(locale.LC_CTYPE, saved)


def _is_utf8(codeset: str | None) -> bool:
    return codeset is not None and codeset.replace("-", "").upper() == "UTF8"


def utf8_locale_changes(
    environ: Mapping[str, str], codeset: Callable[[str], str | None] = codeset_of
) -> dict[str, str | None]:
    """The changes to ``environ`` (name → new value, ``None`` to remove) that give it a
    UTF-8 character locale; empty when its character locale is UTF-8 already, or when the
    system has no UTF-8 locale to switch to. ``codeset(name)`` says a locale's encoding, or
    ``None`` when it does not exist.

    The character locale is ``LC_ALL``, else ``LC_CTYPE``, else ``LANG`` (the first set and
    not empty), as the C library reads them; a locale the system lacks counts as ``C``.
    When ``LC_ALL`` is set it overrides every category, so it is moved to ``LANG`` (every
    other ``LC_*`` variable removed, which it was overriding) and ``LC_CTYPE`` set alone."""
    chosen = next((environ[k] for k in ("LC_ALL", "LC_CTYPE", "LANG") if environ.get(k)), _DEFAULT)
    current = codeset(chosen)
    if _is_utf8(current):
        return {}
    base = chosen if current is not None else _DEFAULT
    base = base.split("@")[0].split(".")[0]
    target = next((c for c in (f"{base}.UTF-8", "C.UTF-8", "C.utf8") if _is_utf8(codeset(c))), None)
    if target is None:
        return {}
    changes: dict[str, str | None] = {"LC_CTYPE": target}
    if environ.get("LC_ALL"):
        changes.update({k: None for k in environ if k.startswith("LC_")})
        changes["LANG"] = environ["LC_ALL"]
        changes["LC_CTYPE"] = target
    return changes


def use_utf8_locale(environ: MutableMapping[str, str] | None = None) -> dict[str, str | None]:
    """Apply :func:`utf8_locale_changes` to ``environ`` (default: ``os.environ``, which Qt
    reads when it starts, as do the search workers this process starts); returns the
    changes made. Nothing changes on Windows and macOS, where Qt does not use the C
    library's locale for text."""
    if sys.platform in ("win32", "darwin"):
        return {}
    env = os.environ if environ is None else environ
    changes = utf8_locale_changes(env)
    for name, value in changes.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return changes
