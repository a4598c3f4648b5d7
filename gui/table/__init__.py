"""The table scene: the view, its items, the card art, the staking panel and the privacy
screen (docs/architecture.md)."""
