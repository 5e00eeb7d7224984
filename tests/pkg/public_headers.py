#!/usr/bin/env python3
"""Each public header alone, as ISO C11 and as C++, with every compiler at hand.

    python3 tests/pkg/public_headers.py [--jobs N] [--cc gcc,clang] [--cxx g++,clang++]
                                        [--avr avr-gcc,avr-g++]

For every header of include/seacurve/ and every limb width (SC_WORD_BITS 8, 16,
32, 64), a translation unit that includes the header twice (include guard) is
compiled with -fsyntax-only:

  C    gcc, clang          -std=c11 -pedantic -Wall -Wextra -Werror
  C++  g++, clang++        -std=c++11 and -std=c++17, -pedantic -Wall -Wextra -Werror
  AVR  avr-gcc, avr-g++    the same, -mmcu=atmega128 (the mote's own width 8 and the others),
                           and as the Arduino IDE would include them (-DARDUINO, atmega328p)

so a public header may use no extension (unsigned __int128, __flash, statement
expressions, zero-length arrays ...) and no C-only construct.  Each header must also
carry the extern "C" guard, checked on its text here and by linking C++ against the
library (tests/pkg/cxx_link.cpp).  A compiler that is not installed is skipped with a
line saying so; the test fails if gcc is missing.  Exit status 0 when every
compilation passed.
"""
import argparse
import concurrent.futures
import glob
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
INCLUDE = os.path.join(ROOT, "include")
WARN = ["-pedantic", "-Wall", "-Wextra", "-Werror"]
WIDTHS = (8, 16, 32, 64)
# An Arduino build (config.h then reads arduino_config.h), on the Uno's MCU and the Mega's.
ARDUINO = ["-DARDUINO=10819", "-mmcu=atmega328p"]


def jobs_for(compilers, lang, stds, extra):
    """[(label, argv-without-source, suffix)] for the compilers found on PATH."""
    out = []
    for cc in compilers:
        if not cc:
            continue
        if not shutil.which(cc):
            print("public_headers: %s not installed, skipped" % cc)
            continue
        for std in stds:
            for w in WIDTHS:
                argv = [cc, "-x", lang, "-std=" + std] + WARN + extra + [
                    "-DSC_WORD_BITS=%d" % w, "-I", INCLUDE, "-fsyntax-only"]
                out.append(("%s -std=%s W=%d" % (cc, std, w), argv))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--cc", default="gcc,clang")
    ap.add_argument("--cxx", default="g++,clang++")
    ap.add_argument("--avr", default="avr-gcc,avr-g++")
    a = ap.parse_args()
    if not shutil.which("gcc"):
        print("public_headers: gcc not found")
        return 1
    headers = sorted(glob.glob(os.path.join(INCLUDE, "seacurve", "*.h")))
    bad = []
    for h in headers:
        text = open(h).read()
        if 'extern "C" {' not in text or "#ifdef __cplusplus" not in text:
            bad.append("%s: no extern \"C\" guard" % os.path.relpath(h, ROOT))
    cc = a.cc.split(",")
    cxx = a.cxx.split(",")
    avr = a.avr.split(",") + ["", ""]
    configs = (jobs_for(cc, "c", ["c11"], []) + jobs_for(cxx, "c++", ["c++11", "c++17"], []) +
               jobs_for([avr[0]], "c", ["c11"], ["-mmcu=atmega128"]) +
               jobs_for([avr[1]], "c++", ["c++11", "c++17"], ["-mmcu=atmega128"]) +
               jobs_for([avr[0]], "c", ["c11"], ARDUINO) +
               jobs_for([avr[1]], "c++", ["c++11"], ARDUINO))
    tmp = tempfile.mkdtemp(prefix="sc-headers-")
    tasks = []
    for h in headers:
        name = os.path.basename(h)
        src = os.path.join(tmp, name + ".in")
        with open(src, "w") as f:
            # (the typedef: ISO C forbids an empty translation unit, e.g. of macros alone)
            f.write("#include <seacurve/%s>\n#include <seacurve/%s>\ntypedef int sc_tu_not_empty;\n"
                    % (name, name))
        for label, argv in configs:
            tasks.append(("%s: %s" % (name, label), argv + [src]))

    def run(task):
        label, argv = task
        p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True)
        return label, p.returncode, p.stdout

    with concurrent.futures.ThreadPoolExecutor(max(1, a.jobs)) as ex:
        for label, rc, out in ex.map(run, tasks):
            if rc != 0:
                bad.append("%s: failed\n%s" % (label, out.strip()))
    shutil.rmtree(tmp, ignore_errors=True)
    print("public_headers: %d headers, %d compilations (%d configurations), %d failures"
          % (len(headers), len(tasks), len(configs), len(bad)))
    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
