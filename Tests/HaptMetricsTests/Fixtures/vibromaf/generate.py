"""Golden values for hapt's ST-SIM and SPQI, computed with the reference package.

Run with vibromaf 0.0.8 installed (pip install vibromaf==0.0.8):

    python3 generate.py

Writes, next to this script:
  signals.csv  one signal per line: NAME,x0,x1,... (8 kHz samples, quantised to 1e-6 so
               that the decimal text is exact: Swift and Python parse it to the same doubles)
  pairs.csv    distorted,reference,st_sim,st_sim_imag,spqi: vibromaf's st_sim(d, r) and
               spqi(d, r) on the signals as given (same length or distorted longer; the remainder after the
               last whole 512-sample block is dropped, as vibromaf does)
  padded.csv   a,b,st_sim_ab,st_sim_ab_imag,st_sim_ba,st_sim_ba_imag,spqi_ab,spqi_ba: both signals zero-padded to the
               common length rounded up to a multiple of 512 first (hapt's pattern-pair
               rule, Docs/Model.md §6.1); "ab" means st_sim(distorted=a, reference=b)
st_sim is complex when the mean temporal similarity is negative (vibromaf computes
pow(temporal, 2/3) with Python's pow, which returns the principal complex value for a
negative base): the *_imag columns hold its imaginary part, 0 otherwise.
The signals come from numpy's PCG64 with fixed seeds, so rerunning reproduces the files.
"""

import warnings
from pathlib import Path

import numpy as np
import vibromaf
from vibromaf.metrics.spqi import spqi
from vibromaf.metrics.stsim import st_sim

FS = 8000.0
HERE = Path(__file__).resolve().parent


def q(x):
    """Quantise to multiples of 1e-6 (exact decimal text, shortest repr)."""
    return np.round(np.asarray(x, dtype=float), 6) + 0.0  # + 0.0 turns -0.0 into 0.0


def t(n):
    return np.arange(n) / FS


def burst(n, f, amp, start_s, dur_s):
    tt = t(n)
    on = (tt >= start_s) & (tt < start_s + dur_s)
    return q(amp * np.sin(2 * np.pi * f * (tt - start_s)) * on)


def taps(n, f, amp, period_s, tau_s, first_s=0.01):
    tt = t(n)
    x = np.zeros(n)
    start = first_s
    while start < n / FS:
        local = tt - start
        on = local >= 0
        x += on * amp * np.exp(-np.where(on, local, 0) / tau_s) * np.sin(2 * np.pi * f * np.where(on, local, 0))
        start += period_s
    return q(x)


def stsim_text(distorted, reference):
    """'real,imag' of vibromaf's st_sim (complex when the temporal similarity is negative)."""
    value = complex(st_sim(distorted, reference))
    return f"{value.real!r},{value.imag!r}"


def main():
    rng = np.random.default_rng(20261129)
    n = 1536  # three blocks
    signals = {}
    signals["noise_a"] = q(0.3 * rng.standard_normal(n))
    signals["noise_b"] = q(0.3 * rng.standard_normal(n))
    signals["noise_a_distorted"] = q(signals["noise_a"] + 0.03 * rng.standard_normal(n))
    signals["burst_170"] = burst(n, 170, 0.5, 0.05, 0.1)
    signals["burst_250_quiet"] = burst(n, 250, 0.1, 0.04, 0.08)
    signals["taps_170"] = taps(n, 170, 0.8, 0.06, 0.015)
    signals["taps_170_coarse"] = q(np.round(signals["taps_170"] * 8) / 8)  # 3-bit-ish quantiser
    signals["taps_150_slow"] = taps(n, 150, 0.6, 0.09, 0.02)
    signals["silence"] = np.zeros(n)
    signals["faint_noise"] = q(1e-4 * rng.standard_normal(n))
    step = np.zeros(n)
    step[512:1024] = 0.25  # a constant (DC) block: exercises the z-normalisation's std
    step[1024:] = q(0.2 * np.sin(2 * np.pi * 120 * t(512)))
    signals["step_dc"] = q(step)
    same_length = list(signals)

    # Lengths that are not a multiple of 512, a longer distorted signal, one-second taps.
    signals["noise_tail_1700"] = q(0.2 * rng.standard_normal(1700))
    signals["noise_tail_1700_b"] = q(signals["noise_tail_1700"] + 0.05 * rng.standard_normal(1700))
    signals["taps_170_long_2000"] = taps(2000, 170, 0.8, 0.06, 0.015)
    signals["taps_1s"] = taps(8000, 170, 0.7, 0.05, 0.012)
    signals["taps_1s_softer"] = q(0.6 * signals["taps_1s"] + 0.002 * rng.standard_normal(8000))
    # Short patterns of different lengths for the zero-padding rule.
    signals["tap_short_600"] = taps(600, 170, 0.8, 1.0, 0.015)
    signals["tap_short_1300"] = taps(1300, 170, 0.75, 1.0, 0.015)
    signals["tiny_300"] = taps(300, 200, 0.5, 1.0, 0.01)

    pairs = [(d, r) for d in same_length for r in same_length]
    pairs += [
        ("noise_tail_1700", "noise_tail_1700_b"),
        ("noise_tail_1700_b", "noise_tail_1700"),
        ("taps_170_long_2000", "taps_170"),  # distorted longer: vibromaf truncates it
        ("taps_1s", "taps_1s_softer"),
        ("taps_1s_softer", "taps_1s"),
        ("taps_1s", "taps_1s"),
    ]
    padded = [
        ("tap_short_600", "tap_short_1300"),
        ("tap_short_600", "taps_170"),
        ("tiny_300", "tap_short_600"),
        ("tiny_300", "silence"),
        ("taps_1s", "tap_short_1300"),
        ("tap_short_1300", "tap_short_1300"),
    ]

    lines = []
    for name, x in signals.items():
        lines.append(name + "," + ",".join(repr(float(v)) for v in x))
    (HERE / "signals.csv").write_text("\n".join(lines) + "\n")

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = ["distorted,reference,st_sim,st_sim_imag,spqi"]
        for d, r in pairs:
            out.append(f"{d},{r},{stsim_text(signals[d], signals[r])},{float(spqi(signals[d], signals[r]))!r}")
        (HERE / "pairs.csv").write_text("\n".join(out) + "\n")

        out = ["a,b,st_sim_ab,st_sim_ab_imag,st_sim_ba,st_sim_ba_imag,spqi_ab,spqi_ba"]
        for a, b in padded:
            length = 512 * int(np.ceil(max(signals[a].size, signals[b].size) / 512))
            pa = np.pad(signals[a], (0, length - signals[a].size))
            pb = np.pad(signals[b], (0, length - signals[b].size))
            vals = [stsim_text(pa, pb), stsim_text(pb, pa), repr(float(spqi(pa, pb))), repr(float(spqi(pb, pa)))]
            out.append(f"{a},{b}," + ",".join(vals))
        (HERE / "padded.csv").write_text("\n".join(out) + "\n")
    print("vibromaf", getattr(vibromaf, "__version__", "0.0.8"), "numpy", np.__version__)


if __name__ == "__main__":
    main()
