"""Write src/sushigo/web/static/types.js: the web protocol's JSDoc typedefs, from the
JSON Schema the server serves (sushigo.web.protocol.jsdoc_typedefs)."""

from pathlib import Path

from sushigo.web.protocol import jsdoc_typedefs

TARGET = Path(__file__).resolve().parent.parent / "src" / "sushigo" / "web" / "static" / "types.js"

if __name__ == "__main__":
    TARGET.write_text(jsdoc_typedefs(), encoding="utf-8")
    print(f"wrote {TARGET}")
