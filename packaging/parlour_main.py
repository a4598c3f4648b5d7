"""Entry point of the frozen Parlour bundle: the same ``parlour`` command as the installed
console script (``gui.app.cli:main``)."""

import multiprocessing
import sys

from gui.app.cli import main

if __name__ == "__main__":
    # Computer players may think in worker processes ("spawn"): in a frozen app each worker
    # is this executable started again, and freeze_support() turns it into the worker.
    multiprocessing.freeze_support()
    sys.exit(main())
