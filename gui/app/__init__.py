"""Start-up: the command line, the checks before Qt loads, the self-test and the benches.
Nothing else in ``gui`` imports this room (docs/architecture.md)."""
