"""``python -m sonneborn``: the same as the ``sonneborn`` command."""

from sonneborn.cli import main

main()
