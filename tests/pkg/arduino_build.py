#!/usr/bin/env python3
"""Builds the Arduino library's sketches the way the Arduino IDE 1.8 does, for the Uno
(atmega328p) and the Mega 2560, against Debian's arduino-core-avr.

    python3 tests/pkg/arduino_build.py --core /usr/share/arduino/hardware/arduino/avr
                                       --work DIR [--jobs N] [--run SIMAVR]

The library folder comes from tools/arduino_lib.py.  Then, per board, the IDE's recipes of
the core's platform.txt with the board's boards.txt entries (build.mcu, build.f_cpu,
build.board, build.variant), warning level "default":

  core        every .c/.cpp/.S of cores/arduino -> core.a (avr-gcc-ar)
  library     every .c/.cpp/.S under libraries/seacurve/src, recursively, with src/ on the
              include path and no -D flag of ours (config.h reads seacurve/arduino_config.h)
  sketch      <Name>.ino -> <Name>.ino.cpp (#include <Arduino.h>, #line) as the IDE writes it
  link        -Os -flto -fuse-linker-plugin -Wl,--gc-sections, the objects, core.a, -lm
  size        avr-size: flash (.text + .data) and static RAM (.data + .bss) against the board's
              upload.maximum_size and upload.maximum_data_size, as the IDE checks them

Fails when a step fails or a sketch does not fit its board.  --run SIMAVR also runs both boards'
two sketches in simavr (its UART log on stdout) and checks what they print with OpenSSL: the
public key of the sketches' private key, the signature over the printed reading, the ECDH
secret.
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BOARDS = [("uno", "atmega328p", "AVR_UNO", "standard", 32256, 2048),
          ("mega", "atmega2560", "AVR_MEGA2560", "mega", 253952, 8192)]
IDE_VERSION = "10819"
# Debian's arduino-core-avr 1.8.7 expects the IDE's avr-gcc 7: its WString.cpp uses DECIMAL_DIG,
# which avr-gcc 5.4's <float.h> leaves undefined in C++.  The core alone gets the value
# (9: double is the 32-bit float on AVR); the library and the sketches get no flag of ours.
CORE_FIX = "-DDECIMAL_DIG=9"


def platform(core):
    props = {}
    for line in open(os.path.join(core, "platform.txt")):
        line = line.strip()
        if line and not line.startswith("#") and "=" in line:
            k, v = line.split("=", 1)
            props[k] = v
    return props


def expand(s, props, depth=0):
    """platform.txt's {key} references, resolved (keys not in props stay as they are)."""
    if depth > 10:
        return s
    out = re.sub(r"\{([^}]+)\}", lambda m: props.get(m.group(1), m.group(0)), s)
    return out if out == s else expand(out, props, depth + 1)


def run(argv):
    p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    if p.returncode != 0:
        raise RuntimeError("%s\n%s" % (" ".join(argv), p.stdout))
    return p.stdout


def sources(d, exts=(".c", ".cpp", ".S")):
    out = []
    for dirpath, dirnames, files in os.walk(d):
        dirnames.sort()
        out += [os.path.join(dirpath, f) for f in sorted(files) if f.endswith(exts)]
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--core", required=True, help="the AVR core (platform.txt, cores/, variants/)")
    ap.add_argument("--work", required=True)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--run", metavar="SIMAVR")
    a = ap.parse_args()
    pt = platform(a.core)
    if os.path.exists(a.work):
        shutil.rmtree(a.work)
    os.makedirs(a.work)
    run([sys.executable, os.path.join(ROOT, "tools", "arduino_lib.py"), os.path.join(a.work, "libraries")])
    lib = os.path.join(a.work, "libraries", "seacurve")
    sketches = sorted(os.listdir(os.path.join(lib, "examples")))
    bad = []
    pool = concurrent.futures.ThreadPoolExecutor(max(1, a.jobs))
    for board, mcu, bname, variant, max_flash, max_ram in BOARDS:
        props = dict(pt)
        props.update({"compiler.warning_flags": pt.get("compiler.warning_flags.default", ""),
                      "build.mcu": mcu, "build.f_cpu": "16000000L", "build.board": bname,
                      "build.arch": "AVR", "runtime.ide.version": IDE_VERSION, "build.extra_flags": ""})
        bdir = os.path.join(a.work, board)
        core_dir = os.path.join(a.core, "cores", "arduino")
        var_dir = os.path.join(a.core, "variants", variant)

        def compile_one(src, obj, includes, extra=""):
            ext = os.path.splitext(src)[1]
            recipe = {".c": "recipe.c.o.pattern", ".cpp": "recipe.cpp.o.pattern", ".S": "recipe.S.o.pattern"}[ext]
            p = dict(props)
            p.update({"includes": " ".join('"-I%s"' % i for i in includes), "source_file": src,
                      "object_file": obj, "build.extra_flags": extra})
            os.makedirs(os.path.dirname(obj), exist_ok=True)
            cmd = expand(pt[recipe], p)
            return run(["sh", "-c", cmd])

        try:
            # the core, archived as the IDE does
            objs = []
            jobs = []
            for s in sources(core_dir):
                o = os.path.join(bdir, "core", os.path.relpath(s, core_dir) + ".o")
                jobs.append(pool.submit(compile_one, s, o, [core_dir, var_dir], CORE_FIX))
                objs.append(o)
            for j in jobs:
                j.result()
            core_a = os.path.join(bdir, "core.a")
            for o in objs:
                p = dict(props)
                p.update({"archive_file_path": core_a, "object_file": o})
                run(["sh", "-c", expand(pt["recipe.ar.pattern"], p)])
            # the library, every source under src/
            inc = [core_dir, var_dir, os.path.join(lib, "src")]
            lib_objs, jobs = [], []
            for s in sources(os.path.join(lib, "src")):
                o = os.path.join(bdir, "libraries", "seacurve", os.path.relpath(s, os.path.join(lib, "src")) + ".o")
                jobs.append(pool.submit(compile_one, s, o, inc))
                lib_objs.append(o)
            for j in jobs:
                warn = j.result()
                if warn.strip():
                    print(warn.strip())
            sketch_dirs = {}
            for name in sketches:
                sdir = os.path.join(bdir, "sketch", name)
                os.makedirs(sdir, exist_ok=True)
                ino = os.path.join(lib, "examples", name, name + ".ino")
                cpp = os.path.join(sdir, name + ".ino.cpp")
                with open(cpp, "w") as f:
                    f.write('#include <Arduino.h>\n#line 1 "%s"\n' % ino)
                    f.write(open(ino).read())
                o = cpp + ".o"
                compile_one(cpp, o, inc)
                p = dict(props)
                p.update({"build.path": sdir, "build.project_name": name + ".ino",
                          "object_files": " ".join('"%s"' % x for x in [o] + lib_objs),
                          "archive_file": os.path.relpath(core_a, sdir)})
                link = expand(pt["recipe.c.combine.pattern"], p)
                run(["sh", "-c", link])
                elf = os.path.join(sdir, name + ".ino.elf")
                sizes = run(["avr-size", "-A", elf])
                sec = {m.group(1): int(m.group(2)) for m in re.finditer(r"^(\.\w+)\s+(\d+)", sizes, re.M)}
                flash = sec.get(".text", 0) + sec.get(".data", 0)
                ram = sec.get(".data", 0) + sec.get(".bss", 0)
                fits = flash <= max_flash and ram <= max_ram
                print("arduino %-5s %-10s %-12s flash %6d of %6d B, RAM (data+bss) %5d of %5d B%s" % (
                    board, mcu, name, flash, max_flash, ram, max_ram, "" if fits else "  DOES NOT FIT"))
                if not fits:
                    bad.append("%s on %s does not fit" % (name, board))
                sketch_dirs[name] = sdir
            if a.run:
                bad += run_sketches(a.run, board, mcu, lib, sketch_dirs, bdir)
        except RuntimeError as e:
            bad.append("%s: %s" % (board, e))
            break
    pool.shutdown()
    for b in bad:
        print("arduino_build: " + b)
    return 1 if bad else 0


def sim_lines(simavr, mcu, elf, want, limit=120):
    """The serial output of elf in simavr (-v -v logs the UART), label -> value of the first
    line of each wanted label; the run stops when all are there or after limit seconds."""
    p = subprocess.Popen([simavr, "-v", "-v", "-m", mcu, "-f", "16000000", elf],
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True,
                         errors="replace")
    timer = threading.Timer(limit, p.kill)
    timer.start()
    got = {}
    try:
        for line in p.stdout:
            line = re.sub(r"\x1b\[[0-9;]*m", "", line).strip()
            if line.endswith(".."):
                line = line[:-2]
            print("  | " + line)
            if ": " in line:
                k, v = line.split(": ", 1)
                if k in want and k not in got:
                    got[k] = v
            if all(k in got for k in want):
                break
    finally:
        timer.cancel()
        p.kill()
        p.wait()
    return got


def ino_bytes(ino, name):
    """The bytes of `static const uint8_t name[...] PROGMEM = {...};` in a sketch."""
    m = re.search(r"%s\[\d+\] PROGMEM = \{([^}]*)\}" % name, open(ino).read())
    return bytes(int(x, 16) for x in re.findall(r"0x([0-9a-fA-F]{2})", m.group(1)))


def openssl(args, data=None):
    p = subprocess.run(["openssl"] + args, input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return p.returncode, p.stdout


def run_sketches(simavr, board, mcu, lib, sdirs, work):
    """A board's two sketches in simavr, their results checked with OpenSSL: the public key
    of the sketch's private key, the signature over the printed reading, the ECDH secret."""
    bad = []
    oid = bytes.fromhex("06052b81040008")  # secp160r1
    node = ino_bytes(os.path.join(lib, "examples", "Ecdh", "Ecdh.ino"), "node_key")
    gw = ino_bytes(os.path.join(lib, "examples", "Ecdh", "Ecdh.ino"), "gateway_pub")
    body = b"\x02\x01\x01\x04" + bytes([len(node)]) + node + b"\xa0" + bytes([len(oid)]) + oid
    ecpriv = b"\x30" + bytes([len(body)]) + body  # SEC1 ECPrivateKey, version 1
    spki_head = b"\x30\x10\x06\x07\x2a\x86\x48\xce\x3d\x02\x01" + oid
    def spki(pt):
        body = spki_head + b"\x03" + bytes([len(pt) + 1]) + b"\x00" + pt
        return b"\x30" + bytes([len(body)]) + body
    keyf = os.path.join(work, "node.der")
    open(keyf, "wb").write(ecpriv)
    rc, pubder = openssl(["ec", "-inform", "DER", "-in", keyf, "-pubout", "-outform", "DER",
                          "-conv_form", "compressed"])
    node_pub = pubder[-21:] if rc == 0 else b""

    got = sim_lines(simavr, mcu, os.path.join(sdirs["Ecdh"], "Ecdh.ino.elf"),
                    ["node public key", "shared secret"])
    gwf = os.path.join(work, "gateway_pub.der")
    open(gwf, "wb").write(spki(gw))
    outf = os.path.join(work, "secret.bin")
    rc, _ = openssl(["pkeyutl", "-derive", "-inkey", keyf, "-keyform", "DER", "-peerkey", gwf,
                     "-peerform", "DER", "-out", outf])
    ossl = open(outf, "rb").read().hex() if rc == 0 else "(openssl failed)"
    print("arduino %-5s Ecdh: OpenSSL: public key %s, secret %s" % (board, node_pub.hex(), ossl))
    if got.get("node public key", "").lower() != node_pub.hex():
        bad.append("Ecdh on %s: public key differs from OpenSSL's" % board)
    if got.get("shared secret", "").lower() != ossl:
        bad.append("Ecdh on %s: secret differs from OpenSSL's" % board)

    got = sim_lines(simavr, mcu, os.path.join(sdirs["SignReading"], "SignReading.ino.elf"),
                    ["public key", "reading", "signature"])
    try:
        pub = bytes.fromhex(got["public key"])
        sig = bytes.fromhex(got["signature"])
        reading = bytes.fromhex(got["reading"])
    except (KeyError, ValueError):
        return bad + ["SignReading on %s: output incomplete: %s" % (board, got)]
    def der_int(b):
        b = b.lstrip(b"\0") or b"\0"
        b = b"\0" + b if b[0] & 0x80 else b
        return b"\x02" + bytes([len(b)]) + b
    half = len(sig) // 2
    body = der_int(sig[:half]) + der_int(sig[half:])
    sigf = os.path.join(work, "sig.der")
    open(sigf, "wb").write(b"\x30" + bytes([len(body)]) + body)
    msgf = os.path.join(work, "reading.bin")
    open(msgf, "wb").write(reading)
    pubf = os.path.join(work, "pub.der")
    open(pubf, "wb").write(spki(pub))
    rc, out = openssl(["dgst", "-sha256", "-keyform", "DER", "-verify", pubf, "-signature", sigf, msgf])
    print("arduino %-5s SignReading: OpenSSL: %s" % (board, out.decode(errors="replace").strip()))
    if rc != 0 or pub != node_pub:
        bad.append("SignReading on %s: OpenSSL does not verify the signature with the key's public key" % board)
    return bad


if __name__ == "__main__":
    sys.exit(main())
