"""The seed of a randomised check run by a script (the generators' --selftest, tests/*.py), as
tests/testutil.h's tu_seed_init does it for the C tests: SC_TEST_SEED from the environment
(decimal or 0x hex) if set, else a fresh one from os.urandom; printed once as
"seed: SC_TEST_SEED=0x<16 hex digits>" on stdout, and named again by fail_line()."""
import os
import random
import sys

_seed = None


def seed():
    """The run's seed (drawn or read, and printed, on the first call)."""
    global _seed
    if _seed is None:
        env = os.environ.get("SC_TEST_SEED")
        if env:
            try:
                _seed = int(env, 0) & (2**64 - 1)
            except ValueError:
                sys.exit("SC_TEST_SEED=%s is not a number (decimal or 0x hex)" % env)
        else:
            _seed = int.from_bytes(os.urandom(8), "little")
        print("seed: SC_TEST_SEED=0x%016x" % _seed, flush=True)
    return _seed


def rng(label):
    """A generator of its own for each label, from the run's seed: a check's draws do not move
    when another check draws more or fewer values."""
    return random.Random("%#x:%s" % (seed(), label))


def fail_line(name):
    """The line a failed run ends with."""
    return "%s: failed; reproduce with SC_TEST_SEED=0x%016x" % (name, seed())
