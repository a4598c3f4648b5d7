"""What is kept on disk: records, the autosave, settings, the table lock, the data folder.
Qt-free but for QtCore (docs/architecture.md)."""
