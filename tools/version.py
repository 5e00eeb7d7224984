#!/usr/bin/env python3
"""The one version number and the one license, and every place that repeats them.

    python3 tools/version.py [--build DIR]   check (exit 0 when every copy agrees)
    python3 tools/version.py --set X.Y.Z     write X.Y.Z into every committed copy

The version is CMakeLists.txt's project(seacurve VERSION X.Y.Z).  Committed copies, which
builds without CMake read (the Arduino IDE, PlatformIO): SEACURVE_VERSION and its parts in
include/seacurve/seacurve.h, "version" in library.json.  Configured from CMake, so equal by
construction and checked with --build: seacurve.pc, seacurveConfigVersion.cmake,
`seacurve --version`, the shared library's file name; the Arduino library's
library.properties (tools/arduino_lib.py) and the Python package (python/) read
CMakeLists.txt themselves.  CHANGELOG.md must have a section for the version.
The license is MIT: LICENSE, library.json's "license", the Python package's (pyproject.toml or
setup.py).
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read(rel):
    with open(os.path.join(ROOT, rel)) as f:
        return f.read()


def write(rel, text):
    with open(os.path.join(ROOT, rel), "w") as f:
        f.write(text)


PROJECT = re.compile(r"(project\(seacurve VERSION )([0-9]+\.[0-9]+\.[0-9]+)")
HEADER = re.compile(r'(#define SEACURVE_VERSION ")([0-9.]+)(")')
PARTS = ("MAJOR", "MINOR", "PATCH")


def project_version():
    m = PROJECT.search(read("CMakeLists.txt"))
    if not m:
        sys.exit("version: no project(seacurve VERSION X.Y.Z) in CMakeLists.txt")
    return m.group(2)


def header_parts(text):
    out = {}
    for p in PARTS:
        m = re.search(r"#define SEACURVE_VERSION_%s ([0-9]+)" % p, text)
        out[p] = m.group(1) if m else None
    return out


def check_committed(ver, bad):
    h = read("include/seacurve/seacurve.h")
    m = HEADER.search(h)
    if not m or m.group(2) != ver:
        bad.append("include/seacurve/seacurve.h: SEACURVE_VERSION %s, not %s" % (m and m.group(2), ver))
    parts = header_parts(h)
    if [parts[p] for p in PARTS] != ver.split("."):
        bad.append("include/seacurve/seacurve.h: SEACURVE_VERSION_MAJOR/MINOR/PATCH %s, not %s"
                   % ([parts[p] for p in PARTS], ver))
    lj = json.loads(read("library.json"))
    if lj.get("version") != ver:
        bad.append("library.json: version %s, not %s" % (lj.get("version"), ver))
    if lj.get("license") != "MIT":
        bad.append("library.json: license %r, not MIT" % lj.get("license"))
    if "@VERSION@" not in read("arduino/library.properties"):
        bad.append("arduino/library.properties: no @VERSION@ (tools/arduino_lib.py fills it in)")
    lic = read("LICENSE")
    if not lic.startswith("MIT License"):
        bad.append("LICENSE: not the MIT license")
    if not re.search(r"^## \[?%s\]?" % re.escape(ver), read("CHANGELOG.md"), re.M):
        bad.append("CHANGELOG.md: no section for %s" % ver)
    pp = os.path.join(ROOT, "python", "pyproject.toml")
    if os.path.exists(pp):
        t = read("python/pyproject.toml")
        lic = re.search(r'^license\s*=\s*(\{\s*text\s*=\s*)?"MIT"', t, re.M) or (
            re.search(r'^dynamic\s*=.*"license"', t, re.M) and
            re.search(r'^\s*license="MIT",', read("python/setup.py"), re.M))
        if not lic:
            bad.append("python/pyproject.toml (or setup.py): license is not MIT")
        if re.search(r'^version\s*=', t, re.M):
            bad.append("python/pyproject.toml: a hand-written version (it must come from CMakeLists.txt)")


def check_build(ver, build, bad):
    def one(pattern):
        hits = glob.glob(os.path.join(build, pattern), recursive=True)
        return hits[0] if hits else None

    pc = one("seacurve.pc")
    if not pc or not re.search(r"^Version: %s$" % re.escape(ver), open(pc).read(), re.M):
        bad.append("%s: no Version: %s" % (pc or build + "/seacurve.pc", ver))
    cv = one("seacurveConfigVersion.cmake")
    if not cv or 'set(PACKAGE_VERSION "%s")' % ver not in open(cv).read():
        bad.append("%s: PACKAGE_VERSION is not %s" % (cv or build + "/seacurveConfigVersion.cmake", ver))
    if not one("libseacurve.so.%s" % ver):
        bad.append("%s: no libseacurve.so.%s" % (build, ver))
    cli = one("tools/seacurve/seacurve")
    if cli:
        out = subprocess.run([cli, "--version"], capture_output=True, text=True).stdout
        if not out.startswith("seacurve %s " % ver):
            bad.append("seacurve --version: %r, not seacurve %s" % (out.strip(), ver))


def set_version(ver):
    if not re.fullmatch(r"[0-9]+\.[0-9]+\.[0-9]+", ver):
        sys.exit("version: %r is not X.Y.Z" % ver)
    write("CMakeLists.txt", PROJECT.sub(lambda m: m.group(1) + ver, read("CMakeLists.txt"), 1))
    h = HEADER.sub(lambda m: m.group(1) + ver + m.group(3), read("include/seacurve/seacurve.h"), 1)
    for p, v in zip(PARTS, ver.split(".")):
        h = re.sub(r"(#define SEACURVE_VERSION_%s )[0-9]+" % p, lambda m: m.group(1) + v, h)
    write("include/seacurve/seacurve.h", h)
    write("library.json", re.sub(r'("version": ")[0-9.]+(")', lambda m: m.group(1) + ver + m.group(2),
                                 read("library.json"), 1))
    print("version: %s written; add its section to CHANGELOG.md" % ver)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", help="a configured and built host build directory to check too")
    ap.add_argument("--set", metavar="X.Y.Z", help="write this version into every committed copy")
    a = ap.parse_args()
    if a.set:
        set_version(a.set)
        return 0
    ver = project_version()
    bad = []
    check_committed(ver, bad)
    if a.build:
        check_build(ver, os.path.abspath(a.build), bad)
    for b in bad:
        print("version: " + b, file=sys.stderr)
    if not bad:
        print("version: %s and the MIT license agree everywhere%s" % (ver, " (and in the build)" if a.build else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
