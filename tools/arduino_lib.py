#!/usr/bin/env python3
"""Writes seacurve as an Arduino library (the IDE's 1.5 library format) from the repository.

    python3 tools/arduino_lib.py OUT [--zip]

OUT/seacurve/ becomes the library folder, to copy (or link) into the sketchbook's
libraries/ folder; --zip also writes OUT/seacurve-<version>.zip for the IDE's
"Sketch > Include Library > Add .ZIP Library".  The layout (docs/integration.md):

  library.properties          arduino/library.properties, with the version of CMakeLists.txt
  LICENSE                     the repository's (MIT)
  examples/<Name>/<Name>.ino  arduino/examples/ (sign a sensor reading; ECDH)
  src/seacurve.h              the one include line of a sketch: #include <seacurve.h>
  src/seacurve/*.h            the public headers (include/seacurve/), arduino_config.h among them:
                              the build's configuration, which the user edits
  src/<layer>/...             the library's sources and private headers (src/), as in the
                              repository, so "curves/gtab.h"-style includes resolve from src/;
                              not src/batch/ and batch.h (the gateway's threaded layer, host only)
  src/*_avr.h, src/avr/*.S    the AVR kernels and their headers (port/avr/gen/), found as
                              <mp_avr.h> from src/

The IDE compiles every .c/.S/.cpp under src/ with src/ on the include path and no -D flags of
ours: config.h reads src/seacurve/arduino_config.h when ARDUINO is defined.  The repository
keeps one copy of every file; this script only arranges them (git holds no second copy).
"""
import argparse
import os
import re
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def version():
    text = open(os.path.join(ROOT, "CMakeLists.txt")).read()
    m = re.search(r"project\(seacurve VERSION ([0-9.]+)", text)
    if not m:
        sys.exit("arduino_lib: no project version in CMakeLists.txt")
    return m.group(1)


# The batch layer starts POSIX threads and allocates: a gateway's part, never a mote's.
HOST_ONLY_LAYERS = ("batch",)
HOST_ONLY_HEADERS = ("batch.h",)


def copy(src, dst):
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    shutil.copyfile(src, dst)


def write(out):
    lib = os.path.join(out, "seacurve")
    if os.path.exists(lib):
        shutil.rmtree(lib)
    ver = version()
    ard = os.path.join(ROOT, "arduino")
    os.makedirs(lib)
    with open(os.path.join(ard, "library.properties")) as f:
        props = f.read().replace("@VERSION@", ver)
    with open(os.path.join(lib, "library.properties"), "w") as f:
        f.write(props)
    copy(os.path.join(ROOT, "LICENSE"), os.path.join(lib, "LICENSE"))
    for dirpath, _, files in os.walk(os.path.join(ard, "examples")):
        for name in files:
            s = os.path.join(dirpath, name)
            copy(s, os.path.join(lib, os.path.relpath(s, ard)))
    src = os.path.join(lib, "src")
    os.makedirs(src)
    with open(os.path.join(src, "seacurve.h"), "w") as f:
        f.write("/* seacurve for Arduino: the umbrella header (include/seacurve/seacurve.h). */\n"
                "#include \"seacurve/seacurve.h\"\n")
    n = 0
    inc = os.path.join(ROOT, "include", "seacurve")
    for name in sorted(os.listdir(inc)):
        if name.endswith(".h") and name not in HOST_ONLY_HEADERS:
            copy(os.path.join(inc, name), os.path.join(src, "seacurve", name))
            n += 1
    for dirpath, dirnames, files in os.walk(os.path.join(ROOT, "src")):
        dirnames[:] = sorted(d for d in dirnames if d not in HOST_ONLY_LAYERS)
        for name in sorted(files):
            if name.endswith((".c", ".h")):
                s = os.path.join(dirpath, name)
                copy(s, os.path.join(src, os.path.relpath(s, os.path.join(ROOT, "src"))))
                n += 1
    gen = os.path.join(ROOT, "port", "avr", "gen")
    for name in sorted(os.listdir(gen)):
        if name.endswith(".h"):
            copy(os.path.join(gen, name), os.path.join(src, name))
        elif name.endswith(".S"):
            copy(os.path.join(gen, name), os.path.join(src, "avr", name))
        else:
            continue
        n += 1
    return lib, ver, n


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out")
    ap.add_argument("--zip", action="store_true")
    a = ap.parse_args()
    lib, ver, n = write(os.path.abspath(a.out))
    print("arduino_lib: %s (seacurve %s, %d files)" % (lib, ver, n))
    if a.zip:
        z = shutil.make_archive(os.path.join(os.path.abspath(a.out), "seacurve-" + ver), "zip",
                                os.path.abspath(a.out), "seacurve")
        print("arduino_lib: %s" % z)
    return 0


if __name__ == "__main__":
    sys.exit(main())
