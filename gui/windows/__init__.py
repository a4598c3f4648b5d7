"""The main window and the windows, dialogs and bars around the table
(docs/architecture.md)."""
