"""`python -m bench`: run every benchmark and print the summary table (see bench/run.py)."""

import sys

from bench.run import main

sys.exit(main())
