"""The web server: frames, tables, storage, the Starlette app and the static front end."""
