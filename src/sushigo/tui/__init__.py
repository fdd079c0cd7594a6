"""Terminal front ends: ``sushigo play`` (a human against bots) and ``sushigo score``."""
