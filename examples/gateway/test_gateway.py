"""The gateway example end to end on a small dataset and a real Dask LocalCluster (2 worker
processes): every verdict equals the generator's ground truth, every kind of damage is rejected
with its reason, and the P-256 records get the same accept/reject from pyca cryptography
(OpenSSL), an independent implementation.  secp160r1 is not among cryptography's curves.

Run: python -m pytest examples/gateway (scripts/check.sh, step gateway).
"""
import json
import os
import subprocess
import sys

import pyarrow.parquet as pq
import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

HERE = os.path.dirname(os.path.abspath(__file__))
READINGS, MOTES = 2000, 50


def run(script, *args):
    return subprocess.run([sys.executable, os.path.join(HERE, script), *map(str, args)],
                          cwd=HERE, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def damaged(tmp_path_factory):
    """2,000 readings of 50 motes, 5 % forged and 5 % malformed, verified on 2 workers."""
    d = tmp_path_factory.mktemp("gw")
    g = run("generate.py", "--readings", READINGS, "--motes", MOTES, "--out", d / "data",
            "--seed", 7, "--forged-rate", 0.05, "--malformed-rate", 0.05, "--jobs", 2)
    assert g.returncode == 0, g.stderr
    v = run("verify.py", d / "data", "--out", d / "out", "--workers", 2)
    return d, v


def test_exit_status_and_summary(damaged):
    d, v = damaged
    assert v.returncode == 1, v.stdout + v.stderr   # some records were rejected
    s = json.loads((d / "out" / "summary.json").read_text())
    truth = pq.read_table(d / "data" / "truth").to_pandas()
    assert s["readings"] == READINGS == len(truth)
    assert s["workers"] == 2 and not s["shuffled"]
    assert len(s["per_worker"]) == 2
    for want in ("accepted", "forged", "malformed"):
        assert s[want] == (truth["verdict"] == want).sum()
    rejects = (d / "out" / "rejects.csv").read_text().splitlines()
    assert len(rejects) == 1 + s["forged"] + s["malformed"]


def test_verdicts_equal_ground_truth(damaged):
    d, _ = damaged
    truth = pq.read_table(d / "data" / "truth").to_pandas()
    got = pq.read_table(d / "out" / "verdicts.parquet").to_pandas()
    m = truth.merge(got, on=["mote_id", "seq"], how="outer", suffixes=("_want", "_got"))
    assert len(m) == READINGS
    assert (m["verdict_want"] == m["verdict_got"]).all()
    assert (m["reason_want"] == m["reason_got"]).all()
    # every kind of damage occurs and is rejected with its reason
    want = {"": ("accepted", "ok"),
            "sig-bitflip": ("forged", "bad-signature"),
            "msg-bitflip": ("forged", "bad-signature"),
            "other-key": ("forged", "bad-signature"),
            "sig-truncated": ("malformed", "wrong-length"),
            "sig-zero-s": ("malformed", "signature-range"),
            "pubkey-off-curve": ("malformed", "bad-point"),
            "pubkey-truncated": ("malformed", "wrong-length"),
            "unknown-curve": ("malformed", "unknown-curve")}
    seen = set()
    for r in m.itertuples():
        assert (r.verdict_got, r.reason_got) == want[r.damage], r
        seen.add(r.damage)
    assert seen == set(want)


def test_p256_agrees_with_cryptography(damaged):
    d, _ = damaged
    recs = pq.read_table(d / "data" / "readings").to_pandas()
    got = pq.read_table(d / "out" / "verdicts.parquet").to_pandas().set_index(["mote_id", "seq"])
    recs = recs[recs["curve"] == "P-256"]
    assert len(recs) > 500
    accepted = rejected = 0
    for r in recs.itertuples():
        sig = bytes(r.signature)
        try:
            if len(sig) != 64:
                raise ValueError("P-256 P1363 signature is 64 bytes")
            key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), bytes(r.pubkey))
            key.verify(encode_dss_signature(int.from_bytes(sig[:32], "big"),
                                            int.from_bytes(sig[32:], "big")),
                       bytes(r.message), ec.ECDSA(hashes.SHA256()))
            ok = True
        except (InvalidSignature, ValueError):
            ok = False
        assert ok == (got.loc[(r.mote_id, r.seq), "verdict"] == "accepted"), r
        accepted += ok
        rejected += not ok
    assert accepted and rejected


def test_clean_dataset_on_a_running_scheduler(tmp_path):
    """No damage: exit 0; the verifier connects to a scheduler it did not start."""
    from distributed import LocalCluster
    g = run("generate.py", "--readings", 400, "--motes", 10, "--out", tmp_path / "data",
            "--forged-rate", 0, "--malformed-rate", 0, "--jobs", 1)
    assert g.returncode == 0, g.stderr
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster:
        v = run("verify.py", tmp_path / "data", "--out", tmp_path / "out",
                "--scheduler", cluster.scheduler_address)
    assert v.returncode == 0, v.stdout + v.stderr
    s = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert s["accepted"] == s["readings"] == 400
    assert s["forged"] == s["malformed"] == 0


def test_generator_is_deterministic(tmp_path):
    """A seed gives the same records and truth whatever the number of processes."""
    tables = []
    for jobs in (1, 2):
        out = tmp_path / f"j{jobs}"
        g = run("generate.py", "--readings", 300, "--motes", 12, "--out", out, "--seed", 3,
                "--forged-rate", 0.2, "--malformed-rate", 0.2, "--jobs", jobs)
        assert g.returncode == 0, g.stderr
        tables.append((pq.read_table(out / "readings"), pq.read_table(out / "truth")))
    assert tables[0][0].equals(tables[1][0]) and tables[0][1].equals(tables[1][1])
    assert tables[0][0].num_rows == 300


def test_motes_spread_over_files_are_shuffled(damaged, tmp_path):
    """Every mote in every file: verify.py sorts on mote_id first; the verdicts stay true."""
    d, _ = damaged
    t = pq.read_table(d / "data" / "readings")
    (tmp_path / "readings").mkdir()
    for k in range(3):
        pq.write_table(t.take(list(range(k, t.num_rows, 3))),
                       tmp_path / "readings" / f"part-{k}.parquet")
    v = run("verify.py", tmp_path, "--out", tmp_path / "out", "--workers", 2)
    assert v.returncode == 1, v.stdout + v.stderr
    s = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert s["shuffled"] and s["readings"] == READINGS
    truth = pq.read_table(d / "data" / "truth").to_pandas()
    got = pq.read_table(tmp_path / "out" / "verdicts.parquet").to_pandas()
    m = truth.merge(got, on=["mote_id", "seq"], how="outer", suffixes=("_want", "_got"))
    assert len(m) == READINGS
    assert (m["verdict_want"] == m["verdict_got"]).all()
    assert (m["reason_want"] == m["reason_got"]).all()
