"""The web page and the JSON API of ``sonneborn serve``: the only part of sonneborn that knows HTTP.

``create_app()`` builds the ASGI app (FastAPI); ``serve(host, port)`` runs it
with uvicorn, on 127.0.0.1:8000 unless told otherwise. Nothing is kept on
disk: an uploaded file lives in memory for its request only.
"""

from __future__ import annotations

from sonneborn.web.app import create_app
from sonneborn.web.server import DEFAULT_HOST, DEFAULT_PORT, serve

__all__ = ["DEFAULT_HOST", "DEFAULT_PORT", "create_app", "serve"]
