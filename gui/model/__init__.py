"""The view model: snapshots of the table and the sentences it shows. Never imports Qt
(docs/architecture.md)."""
