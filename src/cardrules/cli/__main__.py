"""``python -m cardrules.cli``: the ``cardrules`` command without the installed script."""

import sys

from cardrules.cli import main

sys.exit(main())
