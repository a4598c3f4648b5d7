"""Parlour's table (PySide6). Importing this package does not import Qt; ``gui.app.cli`` is the
entry point and loads Qt only on the path that opens a window."""
