"""Spoil Five (rules spec section 7): its own trick-taking engine on the shared card, match
and record layers."""
