"""Playing games: the game loop, simulations, tournaments."""

from sushigo.play.loop import play_game, record_game

__all__ = ["play_game", "record_game"]
