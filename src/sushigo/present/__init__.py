"""What a person is shown of a game: option parsers, rules texts, and (as they
move here) names, card texts, score breakdowns and score-sheet readers.

Plain text and plain data, free of rich and Starlette, so that every front end
(the terminal in :mod:`sushigo.tui`, the browser in :mod:`sushigo.web`) shows
the same thing. This layer imports ``core``, ``games``, ``agents`` and ``play``
only, and no third-party package (tests/test_layers.py checks it).
"""
