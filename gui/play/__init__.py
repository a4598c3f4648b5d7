"""The play loop: the controller that runs a session at the table and the thinker that
runs the computer players (docs/architecture.md)."""
