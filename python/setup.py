"""Build of the seacurve Python package.

The package lives in python/ of the seacurve repository; the C sources are one level up.  The
build configures CMake on the repository root with only the library (no tests, tools or AVR
images), builds the shared library (target seacurve_shared) and copies it into the package as
seacurve/libseacurve.so, which seacurve/_lib.py loads with ctypes.  The version is the one of
the top-level CMakeLists.txt's project() line, so the package and the C library never disagree.

Environment: SEACURVE_SOURCE_DIR overrides the repository root (default: ..), and
CMAKE_BUILD_PARALLEL_LEVEL the build's parallelism (default 2).
"""
import os
import re
import shutil
import sys

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.environ.get("SEACURVE_SOURCE_DIR", os.path.join(HERE, "..")))
LIBNAME = "libseacurve.so"


def cmake_version() -> str:
    path = os.path.join(ROOT, "CMakeLists.txt")
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        sys.exit(
            f"seacurve: {path}: {e.strerror}; the package builds from the seacurve repository "
            "(pip install ./python), or set SEACURVE_SOURCE_DIR to its root"
        )
    m = re.search(r"project\s*\(\s*seacurve\b[^)]*?\bVERSION\s+([0-9]+(?:\.[0-9]+)*)", text)
    if not m:
        sys.exit(f"seacurve: no 'project(seacurve VERSION x.y.z' line in {path}")
    return m.group(1)


class BuildPyWithLibrary(build_py):
    """build_py, then the C library built by CMake and copied into the package."""

    def run(self) -> None:
        super().run()
        build_dir = os.path.join(HERE, "build", "cmake")
        cache = os.path.join(build_dir, "CMakeCache.txt")
        if os.path.isfile(cache):  # a build tree of another checkout (moved or copied): start over
            with open(cache, encoding="utf-8", errors="replace") as f:
                home = re.search(r"^CMAKE_HOME_DIRECTORY:INTERNAL=(.*)$", f.read(), re.M)
            if not home or os.path.realpath(home.group(1)) != os.path.realpath(ROOT):
                shutil.rmtree(build_dir)
        cmake = shutil.which("cmake")
        if cmake is None:
            sys.exit("seacurve: cmake is needed to build the C library (apt-get install cmake)")
        self.spawn([
            cmake, "-S", ROOT, "-B", build_dir, "-DCMAKE_BUILD_TYPE=Release",
            "-DSC_BUILD_TESTS=OFF", "-DSC_BUILD_TOOLS=OFF", "-DSC_FIRMWARE=OFF",
        ])
        env_jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", "2")
        self.spawn([cmake, "--build", build_dir, "--target", "seacurve_shared", "-j", env_jobs])
        lib = os.path.realpath(os.path.join(build_dir, LIBNAME))
        if not os.path.isfile(lib):
            sys.exit(f"seacurve: the build did not produce {lib}")
        # an editable install (pip install -e) imports the package from the source tree
        pkg = HERE if getattr(self, "editable_mode", False) else self.build_lib
        dest = os.path.join(pkg, "seacurve")
        self.mkpath(dest)
        self.copy_file(lib, os.path.join(dest, LIBNAME), preserve_mode=True)
        with open(os.path.join(dest, "_version.py"), "w", encoding="utf-8") as f:
            f.write(
                "# Written by setup.py from the CMake project version; not in the source tree.\n"
                f'__version__ = "{self.distribution.get_version()}"\n'
            )


class BinaryDistribution(Distribution):
    """The wheel carries a native library: platform-specific, never pure Python."""

    def has_ext_modules(self) -> bool:
        return True


cmdclass = {"build_py": BuildPyWithLibrary}
try:
    from setuptools.command.bdist_wheel import bdist_wheel as _bdist_wheel
except ImportError:  # setuptools before 70.1: the wheel package's command
    from wheel.bdist_wheel import bdist_wheel as _bdist_wheel


class BdistWheelAnyPython(_bdist_wheel):
    """Tag py3-none-<platform>: the library is loaded with ctypes, so no Python ABI is involved."""

    def finalize_options(self) -> None:
        super().finalize_options()
        self.root_is_pure = False

    def get_tag(self):
        _, _, plat = super().get_tag()
        return "py3", "none", plat


cmdclass["bdist_wheel"] = BdistWheelAnyPython

setup(
    version=cmake_version(),
    license="MIT",
    cmdclass=cmdclass,
    distclass=BinaryDistribution,
    zip_safe=False,
)
