import ctypes
import os
import random
import shutil

import pytest

import seacurve
from seacurve import _lib

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
VECTORS = os.path.join(REPO, "tests", "vectors", "flat")


# The run's seed, as in the C tests (tests/testutil.h, tu_seed_init): SC_TEST_SEED (decimal or
# 0x hex) when set, else fresh from the OS.  Every random value the tests draw comes from it:
# the library's random source (sc_rng_set: PrivateKey.generate, ecdh_ephemeral), os.urandom
# (the hedged nonces' extra bytes), Python's random module.  Before each test the streams are
# reseeded from (seed, the test's node id), so one test run alone (-k, a node id) draws what it
# drew in the whole run; module-level keys are drawn at collection from (seed, "collection").
# Not from the seed: the CLI's own keygen (a separate process reading the OS) and
# cryptography's ECDSA nonces (its OpenSSL's generator).
def _run_seed():
    env = os.environ.get("SC_TEST_SEED")
    if env:
        try:
            return int(env, 0) & (2**64 - 1)
        except ValueError:
            raise pytest.UsageError(f"SC_TEST_SEED={env} is not a number (decimal or 0x hex)")
    return int.from_bytes(os.urandom(8), "little")


SEED = _run_seed()
SEED_LINE = f"seed: SC_TEST_SEED=0x{SEED:016x}"
_stream = random.Random()


def _reseed(label):
    _stream.seed(f"{SEED:#x}:{label}")
    random.seed(f"{SEED:#x}:{label}:random")


def _draw(n):
    return _stream.randbytes(n)


def _library_source(ctx, out, n):
    ctypes.memmove(out, _draw(n), n)
    return 0


_SOURCE = _lib.sc_rng_fn(_library_source)


def pytest_configure(config):
    _reseed("collection")
    if _lib.sc_rng_set(_SOURCE, None) != 0:
        raise pytest.UsageError("sc_rng_set: the process already has another random source")


def pytest_report_header(config):
    return SEED_LINE


def pytest_sessionstart(session):
    # -q hides the report header; the seed line is printed all the same
    tr = session.config.pluginmanager.get_plugin("terminalreporter")
    if tr is not None and session.config.option.verbose < 0:
        tr.write_line(SEED_LINE)


@pytest.fixture(autouse=True)
def _seeded(request, monkeypatch):
    _reseed(request.node.nodeid)
    monkeypatch.setattr(os, "urandom", _draw)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    rep = (yield).get_result()
    if rep.failed:
        rep.sections.append(("seed", f"reproduce with SC_TEST_SEED=0x{SEED:016x}"))


def pytest_terminal_summary(terminalreporter, exitstatus):
    if exitstatus not in (0, 5):
        terminalreporter.write_line(f"failed; reproduce with SC_TEST_SEED=0x{SEED:016x}")


def all_curve_names():
    return [c.name for c in seacurve.curves()]


@pytest.fixture(scope="session")
def cli():
    """The seacurve command-line tool named by SEACURVE_CLI (a built
    build/<dir>/tools/seacurve/seacurve); the tests that need it are skipped without it."""
    path = os.environ.get("SEACURVE_CLI")
    if not path:
        pytest.skip("SEACURVE_CLI is not set: point it to a built seacurve CLI "
                    "(build/w64/tools/seacurve/seacurve) to run the CLI round trips")
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        pytest.fail(f"SEACURVE_CLI={path} is not an executable file")
    return path


@pytest.fixture(scope="session")
def openssl():
    path = shutil.which("openssl")
    if not path:
        pytest.skip("the openssl command is not installed")
    return path
