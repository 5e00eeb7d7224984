"""The signed-reading dataset shared by generate.py and verify.py: its schema, the message a mote
signs, the mote keys derived from a seed, and the verdicts and reasons.

A reading is signed by its mote with ECDSA over SHA-256 of `message` (20 bytes, big-endian:
mote id u32, sequence number u32, timestamp in ms i64, value IEEE-754 binary32), the signature in
P1363 form r || s as a mote sends it, the mote's public key as SEC1 bytes beside it.
"""
import hashlib
import struct
from typing import Optional, Tuple

import pyarrow as pa

import seacurve

MESSAGE = struct.Struct(">IIqf")

# One Parquet row per reading.  `curve` is a name as seacurve.get_curve takes it.
READINGS_SCHEMA = pa.schema([
    ("mote_id", pa.int32()),
    ("seq", pa.int32()),
    ("ts", pa.timestamp("ms", tz="UTC")),
    ("value", pa.float32()),
    ("curve", pa.string()),
    ("pubkey", pa.binary()),
    ("message", pa.binary()),
    ("signature", pa.binary()),
])

# The generator's ground truth, one row per reading, joined on (mote_id, seq); `damage` names what
# was done to the record ("" for none).
TRUTH_SCHEMA = pa.schema([
    ("mote_id", pa.int32()),
    ("seq", pa.int32()),
    ("verdict", pa.string()),
    ("reason", pa.string()),
    ("damage", pa.string()),
])

# The verifier's output, one row per reading; `detail` is the library's message for a reject.
VERDICTS_SCHEMA = pa.schema([
    ("mote_id", pa.int32()),
    ("seq", pa.int32()),
    ("curve", pa.string()),
    ("verdict", pa.string()),
    ("reason", pa.string()),
    ("detail", pa.string()),
])

ACCEPTED, FORGED, MALFORMED = "accepted", "forged", "malformed"

# The exception seacurve's verification returns, to (verdict, reason).  A well-formed record whose
# signature does not verify is forged; every other failure is malformed.
REASONS = {
    seacurve.InvalidSignature: (FORGED, "bad-signature"),
    seacurve.SignatureRangeError: (MALFORMED, "signature-range"),
    seacurve.LengthError: (MALFORMED, "wrong-length"),
    seacurve.EncodingError: (MALFORMED, "bad-encoding"),
    seacurve.PointError: (MALFORMED, "bad-point"),
    seacurve.InfinityError: (MALFORMED, "bad-point"),
    seacurve.RangeError: (MALFORMED, "bad-point"),
    seacurve.CurveError: (MALFORMED, "unknown-curve"),
}


def classify(err: Optional[BaseException]) -> Tuple[str, str]:
    """A verdict of seacurve.verify_batch (None or an exception) to (verdict, reason)."""
    if err is None:
        return ACCEPTED, "ok"
    for cls in type(err).__mro__:
        if cls in REASONS:
            return REASONS[cls]
    return MALFORMED, "error-" + type(err).__name__


def message(mote_id: int, seq: int, ts_ms: int, value: float) -> bytes:
    return MESSAGE.pack(mote_id, seq, ts_ms, value)


def mote_key(seed: int, mote_id: int, curve: str) -> seacurve.PrivateKey:
    """The mote's private key, a function of (seed, mote id): SHA-512 of both with a counter,
    cut to the order's bit length and rejected until it lies in [1, n-1] (the library checks the
    range: PrivateKey raises ScalarError outside it).  For a reproducible dataset only: a real
    mote generates its key from its own random source."""
    c = seacurve.get_curve(curve)
    size, spare = c.private_key_size, 8 * c.private_key_size - c.order_bits
    for ctr in range(1000):
        h = bytearray(hashlib.sha512(f"seacurve-gateway:{seed}:{mote_id}:{ctr}".encode()).digest())
        d = bytes([h[0] & (0xFF >> spare)]) + bytes(h[1:size])
        try:
            return seacurve.PrivateKey(c, d)
        except seacurve.ScalarError:
            continue
    raise RuntimeError("no key found")  # probability below 2^-1000
