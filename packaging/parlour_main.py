"""Entry point of the frozen Parlour bundle: the same ``parlour`` command as the installed
console script (``gui.app.cli:main``)."""

import multiprocessing
import sys

from gamecore.search.launch import watch_parent_from_argv

# A search worker watches the app before the app's heavy imports below, so that one whose
# app is killed while it starts does not live on for their seconds.
watch_parent_from_argv(sys.argv)

from gui.app.cli import main  # noqa: E402 (after the watch, on purpose)

if __name__ == "__main__":
    # Computer players may think in worker processes ("spawn"): in a frozen app each worker
    # is this executable started again, and freeze_support() turns it into the worker.
    multiprocessing.freeze_support()
    sys.exit(main())
