"""Synthesise the game's sound palette (art direction §6.9) into assets/sounds/*.wav.

Deterministic and standard-library only: every sound is built sample by sample from sines,
seeded noise and small hand-written filters, then written as 44.1 kHz 16-bit mono WAV.
Running it twice gives byte-identical files (the noise is seeded per sound and variant; on
another platform a different libm could, rarely, move a sample by one step).

    python tools/make_sounds.py              # writes assets/sounds/<name>_<variant>.wav
    python tools/make_sounds.py --out DIR    # somewhere else (the determinism test uses this)

Levels: event sounds peak at -7 dBFS (a few at -8/-9 where they stack), UI sounds (tick,
illegal) at -19 dBFS, i.e. about 12 dB quieter; the sustained turn bell at -22 dBFS so its
loudness, not just its peak, sits that far below.  Variants differ by seed and by a
pitch factor of 1.00 / 0.97 / 1.03 so repeats don't grate.
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

SR = 44100
TAU = 2.0 * math.pi
ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "assets" / "sounds"

PITCHES = (1.0, 0.97, 1.03)  # variant k plays at PITCHES[k] (the ±3 % of §6.9)
EVENT_DB = -7.0
UI_DB = -19.0

Buf = list[float]


# --------------------------------------------------------------------------- primitives


def n_samples(seconds: float) -> int:
    return int(round(seconds * SR))


def silence(seconds: float) -> Buf:
    return [0.0] * n_samples(seconds)


def noise(rng: random.Random, seconds: float) -> Buf:
    return [rng.uniform(-1.0, 1.0) for _ in range(n_samples(seconds))]


def envelope(n: int, attack: float, tau: float, bloom: float = 0.0) -> Buf:
    """Raised-cosine attack of `attack` s, then exponential decay with time constant `tau`.

    `bloom` > 0 makes the partial swell in with that time constant (gong upper modes)."""
    a = max(1, n_samples(attack))
    out = []
    for i in range(n):
        t = i / SR
        g = math.exp(-max(0.0, t - attack) / tau)
        if i < a:
            g *= 0.5 - 0.5 * math.cos(math.pi * i / a)
        if bloom > 0.0:
            g *= 1.0 - math.exp(-t / bloom)
        out.append(g)
    return out


def partial(
    seconds: float,
    freq: float,
    amp: float,
    tau: float,
    attack: float = 0.001,
    glide_from: float | None = None,
    glide_tau: float = 0.02,
    bloom: float = 0.0,
    phase: float = 0.0,
) -> Buf:
    """One decaying sine; with `glide_from` the pitch falls exponentially onto `freq`."""
    n = n_samples(seconds)
    env = envelope(n, attack, tau, bloom)
    out = []
    ph = phase
    for i in range(n):
        f = freq
        if glide_from is not None:
            f = freq + (glide_from - freq) * math.exp(-i / SR / glide_tau)
        out.append(amp * env[i] * math.sin(ph))
        ph += TAU * f / SR
    return out


def shaped(x: Buf, attack: float, tau: float) -> Buf:
    env = envelope(len(x), attack, tau)
    return [a * b for a, b in zip(x, env, strict=True)]


def biquad_coeffs(kind: str, f: float, q: float) -> tuple[float, float, float, float, float]:
    """RBJ audio-EQ-cookbook coefficients, normalised (b0, b1, b2, a1, a2)."""
    f = min(f, SR * 0.45)
    w = TAU * f / SR
    cw, sw = math.cos(w), math.sin(w)
    alpha = sw / (2.0 * q)
    if kind == "lowpass":
        b0, b1, b2 = (1 - cw) / 2, 1 - cw, (1 - cw) / 2
    elif kind == "highpass":
        b0, b1, b2 = (1 + cw) / 2, -(1 + cw), (1 + cw) / 2
    elif kind == "bandpass":  # constant 0 dB peak gain
        b0, b1, b2 = alpha, 0.0, -alpha
    else:
        raise ValueError(kind)
    a0, a1, a2 = 1 + alpha, -2 * cw, 1 - alpha
    return b0 / a0, b1 / a0, b2 / a0, a1 / a0, a2 / a0


def biquad(x: Buf, kind: str, f: float, q: float = 0.7071) -> Buf:
    b0, b1, b2, a1, a2 = biquad_coeffs(kind, f, q)
    x1 = x2 = y1 = y2 = 0.0
    out = []
    for s in x:
        y = b0 * s + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, s, y1, y
        out.append(y)
    return out


def sweep_bandpass(x: Buf, f_of_t: Callable[[float], float], q: float, block: int = 32) -> Buf:
    """Band-pass whose centre follows f_of_t(seconds); coefficients refreshed every block."""
    x1 = x2 = y1 = y2 = 0.0
    out = []
    coeffs = biquad_coeffs("bandpass", f_of_t(0.0), q)
    for i, s in enumerate(x):
        if i % block == 0:
            coeffs = biquad_coeffs("bandpass", f_of_t(i / SR), q)
        b0, b1, b2, a1, a2 = coeffs
        y = b0 * s + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, s, y1, y
        out.append(y)
    return out


def onepole_lowpass(x: Buf, fc: float) -> Buf:
    a = 1.0 - math.exp(-TAU * fc / SR)
    y = 0.0
    out = []
    for s in x:
        y += a * (s - y)
        out.append(y)
    return out


def onepole_highpass(x: Buf, fc: float) -> Buf:
    rc = 1.0 / (TAU * fc)
    a = rc / (rc + 1.0 / SR)
    y = prev = 0.0
    out = []
    for s in x:
        y = a * (y + s - prev)
        prev = s
        out.append(y)
    return out


def mix(dst: Buf, src: Buf, at: float = 0.0, gain: float = 1.0) -> Buf:
    """Add src into dst starting at `at` seconds (src is clipped to dst's length)."""
    off = n_samples(at)
    for i, s in enumerate(src[: max(0, len(dst) - off)]):
        dst[off + i] += gain * s
    return dst


def release(x: Buf, seconds: float) -> Buf:
    """Raised-cosine fade over the last `seconds`, so a ringing tail ends softly."""
    n, m = len(x), min(len(x), n_samples(seconds))
    for i in range(m):
        x[n - m + i] *= 0.5 + 0.5 * math.cos(math.pi * i / m)
    return x


def normalise_peak(x: Buf) -> Buf:
    peak = max(abs(s) for s in x) or 1.0
    return [s / peak for s in x]


def finish(x: Buf, peak_db: float, fade_in: float = 0.0004, fade_out: float = 0.006) -> Buf:
    """Remove DC, raised-cosine fade both ends (no clicks), scale the peak to peak_db."""
    x = onepole_highpass(x, 20.0)
    n = len(x)
    fi, fo = max(1, n_samples(fade_in)), max(1, n_samples(fade_out))
    for i in range(min(fi, n)):
        x[i] *= 0.5 - 0.5 * math.cos(math.pi * i / fi)
    for i in range(min(fo, n)):
        x[n - 1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / fo)
    target = 10.0 ** (peak_db / 20.0)
    peak = max(abs(s) for s in x) or 1.0
    return [s * target / peak for s in x]


def to_pcm16(x: Buf) -> bytes:
    ints = [max(-32768, min(32767, int(round(s * 32767.0)))) for s in x]
    return struct.pack(f"<{len(ints)}h", *ints)


# --------------------------------------------------------------------------- recipes
# Each recipe takes (rng, pitch) and returns an un-normalised buffer; levels come from SOUNDS.


def slide(rng: random.Random, p: float, seconds: float = 0.09) -> Buf:
    """Card slide: noise band-passed 2-6 kHz, fast attack, exponential decay, felt texture."""
    x = noise(rng, seconds)
    x = biquad(x, "highpass", 2000 * p)
    x = biquad(x, "lowpass", 6000 * p)
    x = biquad(x, "highpass", 1600 * p)  # a touch steeper below the band
    grain = onepole_lowpass(noise(rng, seconds), 180.0)  # slow friction flutter
    g = max(abs(s) for s in grain) or 1.0
    x = [s * (1.0 + 0.35 * v / g) for s, v in zip(x, grain, strict=True)]
    return release(shaped(x, 0.004, seconds / 4.0), seconds / 5.0)


def place(rng: random.Random, p: float, seconds: float = 0.06) -> Buf:
    """Card place: 120 Hz sine thump (~20 ms) + a 3 kHz noise tick."""
    out = partial(seconds, 120 * p, 1.0, 0.010, attack=0.0015, glide_from=150 * p,
                  glide_tau=0.008)
    tick = biquad(noise(rng, seconds), "bandpass", 3000 * p, 1.4)
    mix(out, shaped(tick, 0.0003, 0.0035), gain=2.4)
    paper = biquad(noise(rng, seconds), "bandpass", 1100 * p, 0.8)
    mix(out, shaped(paper, 0.0008, 0.008), gain=0.35)
    return out


def shuffle(rng: random.Random, p: float) -> Buf:
    """Shuffle/deal: 25-30 short slide ticks, onsets 15-30 ms apart (about 600 ms)."""
    while True:
        count = rng.randint(25, 30)
        gaps = [rng.uniform(0.015, 0.030) for _ in range(count - 1)]
        if 0.52 <= sum(gaps) <= 0.56:
            break
    tick_len = 0.04
    out = silence(sum(gaps) + tick_len)
    t = 0.0
    for k in range(count):
        q = p * rng.uniform(0.92, 1.08)
        tick = slide(rng, q, tick_len)
        # the riffle swells a little in the middle, like a real bridge of cards
        arc = 0.75 + 0.25 * math.sin(math.pi * k / (count - 1))
        mix(out, tick, at=t, gain=arc * rng.uniform(0.6, 1.0))
        if k < count - 1:
            t += gaps[k]
    return out


def capture(rng: random.Random, p: float) -> Buf:
    """Capture/collect: two place sounds 70 ms apart, the second 5 % lower."""
    out = silence(0.15)
    mix(out, place(rng, p), at=0.0)
    mix(out, place(rng, p * 0.95), at=0.07, gain=0.85)
    return out


def illegal(rng: random.Random, p: float) -> Buf:
    """Illegal move: soft low wooden 'tok' at 300 Hz, 8 ms attack, no buzzer."""
    s = 0.09
    out = partial(s, 300 * p, 1.0, 0.018, attack=0.008)
    mix(out, partial(s, 300 * p * 2.76, 0.28, 0.008, attack=0.008))
    mix(out, partial(s, 300 * p * 5.40, 0.06, 0.004, attack=0.008))
    knock = onepole_lowpass(noise(rng, s), 1200 * p)
    mix(out, shaped(knock, 0.008, 0.006), gain=0.25)
    return out


def turn(rng: random.Random, p: float) -> Buf:
    """Your turn: a single quiet bell, partials 880 + 2200 Hz, ~400 ms decay."""
    s = 0.4
    out = partial(s, 880 * p, 1.0, 0.095, attack=0.002)
    mix(out, partial(s, 880 * p * 1.0035, 0.25, 0.095, attack=0.002, phase=1.0))  # shimmer
    mix(out, partial(s, 2200 * p, 0.38, 0.055, attack=0.002))
    mix(out, partial(s, 2200 * p * 1.6, 0.06, 0.025, attack=0.002))
    strike = biquad(noise(rng, s), "bandpass", 4000 * p, 2.0)
    mix(out, shaped(strike, 0.0005, 0.002), gain=0.08)
    return out


def tick(rng: random.Random, p: float) -> Buf:
    """Timer tick: a 1.5 kHz click, 20 ms."""
    s = 0.02
    out = partial(s, 1500 * p, 1.0, 0.0035, attack=0.0004)
    click = biquad(noise(rng, s), "bandpass", 1500 * p, 3.0)
    mix(out, shaped(click, 0.0003, 0.0015), gain=0.5)
    return out


def pluck(seconds: float, f: float, tau: float = 0.2, brightness: float = 1.0) -> Buf:
    """Harpsichord-ish pluck: inharmonic-stretched harmonics, higher ones die faster."""
    out = silence(seconds)
    for k in range(1, 11):
        fk = k * f * math.sqrt(1.0 + 0.0004 * k * k)
        if fk > SR * 0.42:
            break
        amp = abs(math.sin(math.pi * k * 0.18)) / k ** (1.6 - 0.3 * brightness)
        mix(out, partial(seconds, fk, amp, tau / (1.0 + 0.55 * (k - 1)), attack=0.0012))
    return out


def win(rng: random.Random, p: float) -> Buf:
    """Win: rising pentatonic pluck C-E-G, 120 ms apart, ringing out to 700 ms."""
    s = 0.7
    out = silence(s)
    for k, f in enumerate((523.25, 659.26, 783.99)):
        at = 0.12 * k
        mix(out, pluck(s - at, f * p, tau=0.2 + 0.03 * k), at=at,
            gain=(0.8, 0.9, 1.0)[k] * rng.uniform(0.95, 1.0))
    return release(out, 0.16)


def clack_modes(seconds: float, p: float, modes: tuple[tuple[float, float, float], ...],
                attack: float) -> Buf:
    out = silence(seconds)
    for f, a, tau in modes:
        mix(out, partial(seconds, f * p, a, tau, attack=attack))
    return out


def dukal(rng: random.Random, p: float) -> Buf:
    """Ganjifa Dukal: a wooden clack (two blocks, the second bounce lighter)."""
    s = 0.3
    modes = ((620, 1.0, 0.045), (1480, 0.6, 0.022), (2450, 0.35, 0.012), (3700, 0.18, 0.007))
    out = clack_modes(s, p, modes, 0.0005)
    mix(out, clack_modes(s, p * 1.04, modes, 0.0005), at=0.018, gain=0.35)
    mix(out, partial(s, 190 * p, 0.3, 0.06, attack=0.002))  # body of the block
    hit = biquad(noise(rng, s), "bandpass", 2000 * p, 0.9)
    mix(out, shaped(hit, 0.0002, 0.002), gain=0.9)
    return out


def trump(rng: random.Random, p: float) -> Buf:
    """Ganjifa sun/moon swell: filtered noise rising in pitch and loudness, a glint on top."""
    s = 0.6
    rise = 0.42
    f0, f1 = 380 * p, 3200 * p

    def centre(t: float) -> float:
        u = min(1.0, t / rise)
        return f0 * (f1 / f0) ** (u * u * (3 - 2 * u))

    x = noise(rng, s)
    band = sweep_bandpass(x, centre, 4.0)
    octave = sweep_bandpass(x, lambda t: 2.0 * centre(t), 3.0)
    out = [a + 0.4 * b for a, b in zip(band, octave, strict=True)]
    env = []
    for i in range(len(out)):
        t = i / SR
        if t < rise:
            u = t / rise
            env.append(u * u * (3 - 2 * u))
        else:
            env.append(math.exp(-(t - rise) / 0.035))
    out = [a * e for a, e in zip(out, env, strict=True)]
    out = normalise_peak(out)
    glint = partial(s - rise + 0.02, 1760 * p, 0.22, 0.045, attack=0.004)
    mix(glint, partial(s - rise + 0.02, 2640 * p, 0.08, 0.03, attack=0.004))
    mix(out, glint, at=rise - 0.02)
    return release(out, 0.05)


def checki(rng: random.Random, p: float) -> Buf:
    """Kowah Checki: two hard bamboo/tile clicks at 2.5 kHz."""
    s = 0.12
    modes = ((2500, 1.0, 0.010), (2500 * 2.31, 0.45, 0.005), (2500 * 0.52, 0.3, 0.015))
    out = silence(s)
    for k, (at, q, g) in enumerate(((0.0, 1.0, 1.0), (0.05, 1.02, 0.85))):
        click = clack_modes(s - at, p * q, modes, 0.0002)
        snap = biquad(noise(rng, s - at), "highpass", 3000 * p)
        mix(click, shaped(snap, 0.0001, 0.0008), gain=0.7 + 0.05 * k)
        mix(out, click, at=at, gain=g)
    return out


def drum(rng: random.Random, p: float) -> Buf:
    """Đạo Tâm 'Phản Đòn!': frame drum hit, 80 Hz membrane + noise slap."""
    s = 0.4
    out = partial(s, 80 * p, 1.0, 0.12, attack=0.002, glide_from=100 * p, glide_tau=0.03)
    mix(out, partial(s, 80 * p * 1.59, 0.35, 0.06, attack=0.002))
    mix(out, partial(s, 80 * p * 2.14, 0.18, 0.04, attack=0.002))
    slap = onepole_highpass(onepole_lowpass(noise(rng, s), 2000 * p), 200.0)
    mix(out, shaped(slap, 0.0005, 0.018), gain=1.4)
    return release(out, 0.08)


def gong(rng: random.Random, p: float) -> Buf:
    """Đạo Tâm Nhập Ma: low gong at 110 Hz, inharmonic partials, 2 s tail."""
    s = 2.0
    base = 110 * p
    # (ratio, amp, tau, bloom): upper modes swell in a little after the strike, as gongs do
    modes = (
        (1.000, 1.00, 0.80, 0.0),
        (1.006, 0.45, 0.85, 0.0),  # slow beating with the fundamental
        (1.470, 0.70, 0.60, 0.0),
        (2.090, 0.55, 0.50, 0.05),
        (2.560, 0.45, 0.42, 0.12),
        (2.940, 0.35, 0.35, 0.15),
        (3.610, 0.28, 0.28, 0.10),
        (4.230, 0.20, 0.22, 0.0),
        (5.100, 0.12, 0.15, 0.0),
    )
    out = silence(s)
    for ratio, amp, tau, bloom in modes:
        mix(out, partial(s, base * ratio, amp, tau, attack=0.012, bloom=bloom,
                         phase=rng.uniform(0.0, TAU)))
    mallet = onepole_lowpass(noise(rng, s), 800 * p)
    mix(out, shaped(mallet, 0.003, 0.015), gain=0.6)
    return release(out, 0.4)  # the tail breathes out instead of stopping


def flip(rng: random.Random, p: float) -> Buf:
    """Đạo Tâm token flip: a soft flick of air, then a soft wooden tap."""
    s = 0.2
    out = silence(s)
    air = biquad(noise(rng, s), "bandpass", 1800 * p, 0.8)
    env = []
    for i in range(len(air)):
        t = i / SR
        env.append(math.sin(math.pi * t / 0.08) ** 2 if t < 0.04 else math.exp(-(t - 0.04) / 0.01))
    mix(out, [a * e for a, e in zip(air, env, strict=True)], gain=0.2)
    modes = ((520, 1.0, 0.030), (1340, 0.4, 0.014), (2300, 0.15, 0.008))
    mix(out, clack_modes(s - 0.04, p, modes, 0.002), at=0.04)
    return onepole_lowpass(out, 4500.0)


def coin(rng: random.Random, p: float) -> Buf:
    """Mascarade coin clink: 2.1 + 3.5 kHz partials (with a slight shimmer), 150 ms."""
    s = 0.15
    out = partial(s, 2100 * p, 1.0, 0.045, attack=0.0003)
    mix(out, partial(s, 2113 * p, 0.45, 0.045, attack=0.0003, phase=0.7))
    mix(out, partial(s, 3500 * p, 0.7, 0.032, attack=0.0003))
    mix(out, partial(s, 3521 * p, 0.25, 0.032, attack=0.0003, phase=2.1))
    mix(out, partial(s, 5150 * p, 0.15, 0.015, attack=0.0003))
    tap = biquad(noise(rng, s), "highpass", 4000 * p)
    mix(out, shaped(tap, 0.0001, 0.001), gain=0.5)
    return release(out, 0.04)


# name -> (recipe, variants, peak dBFS)
SOUNDS: dict[str, tuple[Callable[[random.Random, float], Buf], int, float]] = {
    "slide": (slide, 3, EVENT_DB - 1.0),
    "place": (place, 3, EVENT_DB),
    "shuffle": (shuffle, 2, EVENT_DB - 1.0),
    "capture": (capture, 3, EVENT_DB),
    "illegal": (illegal, 3, UI_DB),
    "turn": (turn, 3, UI_DB - 3.0),  # a sustained tone: lower peak for the same loudness
    "tick": (tick, 3, UI_DB),
    "win": (win, 2, EVENT_DB),
    "dukal": (dukal, 3, EVENT_DB),
    "trump": (trump, 2, EVENT_DB),
    "checki": (checki, 3, EVENT_DB),
    "drum": (drum, 3, EVENT_DB),
    "gong": (gong, 2, EVENT_DB),
    "flip": (flip, 3, EVENT_DB - 1.0),
    "coin": (coin, 3, EVENT_DB - 2.0),  # up to six play at once
}


def render(name: str, variant: int) -> bytes:
    """16-bit little-endian PCM of one variant."""
    recipe, _count, peak_db = SOUNDS[name]
    rng = random.Random(f"cardtable-sound:{name}:{variant}")
    return to_pcm16(finish(recipe(rng, PITCHES[variant]), peak_db))


def write_wav(path: Path, pcm: bytes) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SR)
        w.writeframes(pcm)


def measure(pcm: bytes) -> tuple[float, float]:
    """(seconds, peak dBFS) of 16-bit mono PCM."""
    n = len(pcm) // 2
    peak = max(abs(v) for v in struct.unpack(f"<{n}h", pcm)) if n else 0
    return n / SR, (20.0 * math.log10(peak / 32768.0) if peak else -math.inf)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder")
    ap.add_argument("--quiet", action="store_true", help="don't print the measurements")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    total = 0
    for name, (_recipe, count, _db) in SOUNDS.items():
        for v in range(count):
            pcm = render(name, v)
            path = args.out / f"{name}_{v}.wav"
            write_wav(path, pcm)
            total += path.stat().st_size
            if not args.quiet:
                secs, peak = measure(pcm)
                print(f"{path.name:14s} {secs * 1000:7.1f} ms  peak {peak:6.1f} dBFS")
    if not args.quiet:
        print(f"total {total / 1024:.1f} KiB in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
