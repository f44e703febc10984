#!/usr/bin/env python3
"""Times vibromaf 0.0.8's st_sim + spqi per pair and direction on the signals written by
`hapt-bench pairwise-signals DIR` (one-second 8 kHz renders of generated patterns), for
the comparison with hapt's pairwise engine in the README. A throwaway measurement tool:
hapt itself never runs Python.

Usage: pip install vibromaf==0.0.8; python3 Scripts/vibromaf-timing.py DIR
"""
import glob
import sys
import time
import warnings

import numpy as np
from vibromaf.metrics.spqi import spqi
from vibromaf.metrics.stsim import st_sim

warnings.filterwarnings("ignore")
signals = [np.fromfile(p, dtype="<f8") for p in sorted(glob.glob(sys.argv[1] + "/*.f64"))]
pairs = [(a, b) for i, a in enumerate(signals) for j, b in enumerate(signals) if i != j]
start = time.perf_counter()
for a, b in pairs:
    st_sim(a, b)
    spqi(a, b)
elapsed = time.perf_counter() - start
print(f"vibromaf st_sim+spqi: {len(pairs)} pair-directions, {elapsed / len(pairs) * 1e6:.1f} us per pair and direction")
