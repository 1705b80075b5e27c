"""tools.phone_bench runs end to end (a short run): the figures it prints are real."""

import json

from tools import phone_bench


def test_phone_bench_short_run(capsys):
    assert phone_bench.main(["--intents", "40", "--phones", "3", "--timeout", "60"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["intents"] >= 40 and out["phones"] == 3
    assert 0 < out["rtt_ms"]["p50"] <= out["rtt_ms"]["p95"] <= out["rtt_ms"]["max"]
    assert out["pump_ms"]["frames"] > 0


def test_percentile():
    assert phone_bench.percentile([], 50) == 0.0
    assert phone_bench.percentile([3.0, 1.0, 2.0], 50) == 2.0
    assert phone_bench.percentile(list(range(101)), 95) == 95
