import os
import shutil

import pytest

import seacurve

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
VECTORS = os.path.join(REPO, "tests", "vectors", "flat")


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
