#!/usr/bin/env python3
"""Checks library.json (the PlatformIO manifest) against the tree it describes.

    python3 tests/pkg/platformio_manifest.py

PlatformIO builds the files its build.srcFilter selects under build.srcDir with build.flags,
and hands build.includeDir to the project.  Here, without PlatformIO: the manifest is valid
JSON with the fields the registry requires; its version is the project's (CMakeLists.txt);
the filter, read as PlatformIO reads it (+<glob> adds, -<glob> removes, in order), selects
exactly the sources the mote library is built from (those of firmware/sclib.cmake: src/*/*.c
but the host-only src/batch, src/*/gen/*.c and port/avr/gen/*.S), at least one of each kind;
every -I directory of the flags and the include directory exist, the include directory holds the header the manifest
names, every exported path exists and every example glob matches a sketch.  Exit status 0
when all hold.
"""
import fnmatch
import glob
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def all_files(base):
    out = set()
    for dirpath, dirnames, files in os.walk(base):
        dirnames[:] = [d for d in dirnames if not d.startswith(".") and d != "build" and
                       not d.startswith("build")]
        for f in files:
            out.add(os.path.relpath(os.path.join(dirpath, f), base))
    return out


def select(files, filters):
    chosen = set()
    for f in filters:
        m = re.fullmatch(r"([+-])<(.*)>", f.strip())
        if not m:
            raise ValueError("srcFilter entry %r" % f)
        sign, pat = m.groups()
        hit = {p for p in files if fnmatch.fnmatchcase(p, pat) and
               p.count("/") == pat.count("/")} if pat != "*" else set(files)
        chosen = chosen | hit if sign == "+" else chosen - hit
    return chosen


def main():
    bad = []
    m = json.load(open(os.path.join(ROOT, "library.json")))
    for k in ("name", "version", "description", "keywords", "platforms", "frameworks", "build"):
        if k not in m:
            bad.append("field %s missing" % k)
    cm = re.search(r"project\(seacurve VERSION ([0-9.]+)", open(os.path.join(ROOT, "CMakeLists.txt")).read())
    if not cm or m.get("version") != cm.group(1):
        bad.append("version %s, CMakeLists.txt has %s" % (m.get("version"), cm and cm.group(1)))
    b = m.get("build", {})
    base = os.path.join(ROOT, b.get("srcDir", "src"))
    got = select(all_files(base), b.get("srcFilter", ["+<*>"]))
    want = {os.path.relpath(p, base) for p in
            glob.glob(os.path.join(ROOT, "src/*/*.c")) + glob.glob(os.path.join(ROOT, "src/*/gen/*.c")) +
            glob.glob(os.path.join(ROOT, "port/avr/gen/*.S"))
            if not p.startswith(os.path.join(ROOT, "src", "batch") + os.sep)}
    if got != want:
        bad.append("srcFilter selects %d files, the mote library has %d: extra %s, missing %s" % (
            len(got), len(want), sorted(got - want)[:5], sorted(want - got)[:5]))
    for ext in (".c", ".S"):
        if not any(p.endswith(ext) for p in got):
            bad.append("srcFilter selects no %s file" % ext)
    for fl in b.get("flags", []):
        for d in re.findall(r"-I\s*(\S+)", fl):
            if not os.path.isdir(os.path.join(ROOT, d)):
                bad.append("flags: -I %s: no such directory" % d)
    inc = os.path.join(ROOT, b.get("includeDir", "include"))
    for h in m.get("headers", []):
        if not os.path.isfile(os.path.join(inc, h)):
            bad.append("headers: %s not in %s" % (h, b.get("includeDir")))
    for p in m.get("export", {}).get("include", []):
        if not os.path.exists(os.path.join(ROOT, p)):
            bad.append("export: %s does not exist" % p)
    for g in m.get("examples", []):
        if not glob.glob(os.path.join(ROOT, g)):
            bad.append("examples: %s matches nothing" % g)
    print("platformio_manifest: %d sources selected (%d .c, %d .S), %d problems" % (
        len(got), sum(p.endswith(".c") for p in got), sum(p.endswith(".S") for p in got), len(bad)))
    for x in bad:
        print("platformio_manifest: " + x)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
