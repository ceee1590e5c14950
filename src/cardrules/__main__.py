"""``python -m cardrules``: the ``cardrules`` command (see :mod:`cardrules.cli`)."""

import sys

from cardrules.cli import main

if __name__ == "__main__":
    sys.exit(main())
