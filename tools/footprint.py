#!/usr/bin/env python3
"""footprint.py: the mote footprint table (docs/mote.md, "Footprint") from application images
built the way a user's firmware is.

For each curve and each table-of-G setting it configures the top-level project with
cmake/avr-gcc.cmake (-DSC_AVR_MCU=atmega128 -DSC_CURVES=<curve> [-DSC_WITH_GTAB=ON]), builds and
installs the library (`cmake --install`), then builds examples/footprint against the installed
package once per operation set (sign only, verify only, sign + verify + ECDH, the same through
the restartable API with RESTART_BUDGET field multiplications per step), runs each image
under sc-avrsim (exit code = failed checks) and prints the Markdown table: flash (.text + .data),
static RAM (.data + .bss), deepest stack, RAM total, cycles per operation, ms at 7.3728 MHz and mJ
at 24 mW (MICAz active), the must / goal verdicts, and the published figures of other libraries.

    footprint.py --sim SC-AVRSIM [--build DIR] [--jobs 2] [--curves a,b] [--sets sign,verify,all]
                 [--gtab on,off] [--binary ELF ...] [--top N]
                 (sets: sign, verify, all, restart; default all four)
                 [--save F | --load F] [--write-doc docs/mote.md]
    footprint.py --budget --sim SC-AVRSIM --build DIR [--curves a,b]
                 (the ctests fw_footprint_*: BUDGET's images, sign + verify + ECDH, against its ceilings;
                 the restartable set of the same libraries must pass its checks)
    footprint.py --vectors CURVE OUT.h                    (the expected values of one curve)

The expected values (footprint_vectors.h) are computed here with Python integers: the affine
arithmetic of tools/gen_gtab.py, RFC 6979 section 3.2 on hmac (tools/vectors/gen_fw_kat.py) and
hashlib, independent of seacurve. Sizes and cycles are exact and deterministic. Exit status 0 when
every image built, ran and passed its checks (and, with --budget, stayed within its ceilings).
"""
import argparse
import concurrent.futures
import hashlib
import json
import os
import subprocess
import sys
import threading
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "tools", "vectors"))
from gen_curves import read_params  # noqa: E402
from gen_gtab import Curve  # noqa: E402
from gen_fw_kat import rfc6979_k, bits2int  # noqa: E402
from mote_report import run_sim, avr_size, map_contributors, fmt, table  # noqa: E402

MCU = "atmega128"
HZ = 7.3728e6          # MICAz / IRIS clock
ACTIVE_MW = 24.0       # MICAz active power (mW): energy mJ = seconds * 24
PRIME_CURVES = ["secp160r1", "secp192r1", "secp224r1", "secp256r1", "secp256k1",
                "opf160", "opf192", "opf224", "opf256"]
# The binary curves need their own application (the eb API); none is in the tree yet, so they
# are not among the curves this script builds.
SETS = {"sign": (1, "sign only"), "verify": (2, "verify only"), "all": (3, "sign + verify + ECDH"),
        "restart": (4, "sign + verify + ECDH, restartable")}
RESTART_BUDGET = 32    # the restartable set: field multiplications per sc_op_step call
REGIONS = {1: "pubkey", 2: "SHA-256", 3: "sign", 4: "verify", 5: "ECDH"}
MSG = b"node 17: 21.5 C"

# The must / goal figures (bytes, cycles) of the application (sign + verify + ECDH), ATmega128.
KB = 1024
MUST = {
    ("secp160r1", True): {"ram": 1024, "flash": 48 * KB},
    ("secp160r1", False): {"ram": 1024, "flash": 24 * KB},
}
MUST_OTHER_RAM = 1536                 # every other curve: the same application in <= 1.5 KB of RAM
MUST_P256_ECDH = 27_100_000           # P-256 ECDH no slower than 27.1 M cycles
MUST_BINARY_RAM = 4096 - 2048         # binary curves: the application leaves >= 2 KB of the 4 KB free
GOAL = {("secp160r1", False): {"ram": 600, "flash": 16 * KB}}

# The ctest fw_footprint_budget: these images and their ceilings, the CURRENT measured figures
# (a regression guard: it fails if flash or RAM grows). The one place to edit them; the must
# figures above are printed beside.
BUDGET = {
    # (curve, table of G): {"flash": .text + .data, "ram": .data + .bss + deepest stack}
    ("secp160r1", True): {"flash": 41_116, "ram": 940},
    ("secp160r1", False): {"flash": 24_130, "ram": 966},
    ("secp256r1", True): {"flash": 62_520, "ram": 1_302},
}

# Published figures (their own measurements, not rerun here), ATmega128 / MICAz.
PUBLISHED = [
    ("[micro-ecc], fast setting", "secp160r1", "ECDSA, ECDH",
     "19,054", "-", "460-750", "-", "sign ~9.9 M, verify ~10.0 M, ECDH 7.87 M"),
    ("[micro-ecc], small setting", "secp160r1", "ECDH", "8,976", "-", "460-750", "-", "ECDH 16.1 M"),
    ("[TinyECC]", "secp160r1", "ECDSA", "13,858", "1,440 (static)", "-", "1,440+", "-"),
    ("[WM-ECC] Tables 1-4", "secp160r1", "ECDSA", "18,604", "1,180 (static)", "-", "1,180+",
     "sign 1.35 s, verify 1.96 s at 7.37 MHz (9.95 M / 14.45 M)"),
    ("[MoTE-ECC]", "its own 160-bit curves", "ECDH", "-", "-", "-", "380", "-"),
]

DOC_BEGIN = "<!-- footprint table: tools/footprint.py -->"
DOC_END = "<!-- end of the footprint table -->"

_print_lock = threading.Lock()


def say(msg):
    with _print_lock:
        print(msg, file=sys.stderr, flush=True)


# ---- expected values ----

def vectors(curve):
    """The header of footprint.c's expected values for one curve."""
    cv = Curve(read_params()[curve])
    p, n, G = cv.p, cv.n, cv.g
    flen, nlen = (p.bit_length() + 7) // 8, (n.bit_length() + 7) // 8
    pt = lambda P: b"\x04" + P[0].to_bytes(flen, "big") + P[1].to_bytes(flen, "big")
    seed = lambda label: int.from_bytes(hashlib.sha512(("seacurve footprint %s %s" % (curve, label)).encode())
                                        .digest(), "big") % (n - 1) + 1
    d, d2 = seed("node key"), seed("peer key")
    Q, Q2 = cv.mul(d, G), cv.mul(d2, G)
    assert cv.on_curve(Q) and cv.on_curve(Q2)
    e = hashlib.sha256(MSG).digest()
    k = rfc6979_k(d, e, n, "sha256")
    r = cv.mul(k, G)[0] % n
    s = pow(k, -1, n) * (bits2int(e, n) + r * d) % n
    z = cv.mul(d, Q2)[0]
    assert z == cv.mul(d2, Q)[0]
    arr = lambda name, b: ("static const uint8_t %s[%d] PROGMEM = {\n" % (name, len(b)) +
                           "".join("    " + ", ".join("0x%02x" % x for x in b[i:i + 12]) + ",\n"
                                   for i in range(0, len(b), 12)) + "};\n")
    return ("/* footprint_vectors.h for %s, written by tools/footprint.py (Python integers, RFC 6979 on\n"
            " * hmac, hashlib; independent of seacurve). */\n" % curve +
            arr("fv_msg", MSG) + arr("fv_digest", e) + arr("fv_d", d.to_bytes(nlen, "big")) +
            arr("fv_pub", pt(Q)) + arr("fv_sig", r.to_bytes(nlen, "big") + s.to_bytes(nlen, "big")) +
            arr("fv_peer", pt(Q2)) + arr("fv_z", z.to_bytes(flen, "big")))


# ---- building and running ----

def sh(cmd, log):
    with open(log, "a") as f:
        f.write("$ " + " ".join(cmd) + "\n")
        f.flush()
        r = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, env=clean_env())
    if r.returncode != 0:
        raise RuntimeError("%s failed (exit %d), log %s" % (" ".join(cmd[:3]), r.returncode, log))


def clean_env():
    env = dict(os.environ)
    for v in ("CC", "CFLAGS", "LDFLAGS", "CPPFLAGS", "CMAKE_PREFIX_PATH", "PKG_CONFIG_PATH"):
        env.pop(v, None)
    return env


def unit(args, curve, gtab, sets):
    """Library for (curve, gtab), installed; then each set's image built and run."""
    tag = "%s_%s" % (curve, "gtab" if gtab else "nogtab")
    if args.fault_checks is not None:
        tag += "_fc%d" % args.fault_checks
    base = os.path.join(args.build, tag)
    os.makedirs(base, exist_ok=True)
    log = os.path.join(base, "build.log")
    open(log, "w").close()
    tc = os.path.join(ROOT, "cmake", "avr-gcc.cmake")
    vec = os.path.join(base, "vectors", "footprint_vectors.h")
    os.makedirs(os.path.dirname(vec), exist_ok=True)
    with open(vec, "w") as f:
        f.write(vectors(curve))
    sh(["cmake", "-S", ROOT, "-B", os.path.join(base, "lib"), "-DCMAKE_TOOLCHAIN_FILE=" + tc,
        "-DSC_AVR_MCU=" + MCU, "-DSC_CURVES=" + curve, "-DSC_WITH_GTAB=" + ("ON" if gtab else "OFF")] +
       (["-DSC_FAULT_CHECKS=%d" % args.fault_checks] if args.fault_checks is not None else []), log)
    sh(["cmake", "--build", os.path.join(base, "lib"), "-j1"], log)
    sh(["cmake", "--install", os.path.join(base, "lib"), "--prefix", os.path.join(base, "prefix")], log)
    out = []
    for s in sets:
        ops = SETS[s][0]
        b = os.path.join(base, "app_" + s)
        sh(["cmake", "-S", os.path.join(ROOT, "examples", "footprint"), "-B", b, "-DCMAKE_TOOLCHAIN_FILE=" + tc,
            "-DSC_AVR_MCU=" + MCU, "-DCMAKE_PREFIX_PATH=" + os.path.join(base, "prefix"),
            "-DFOOTPRINT_OPS=%d" % ops, "-DFOOTPRINT_BUDGET=%d" % RESTART_BUDGET,
            "-DFOOTPRINT_VECTORS=" + vec], log)
        sh(["cmake", "--build", b], log)
        elf = os.path.join(b, "footprint.elf")
        t0 = time.time()
        rc, js, err = run_sim_mcu(args, elf)
        out.append(measure(curve, gtab, s, elf, rc, js, err))
        say("  %-9s %-7s %-6s exit %s, %.1f s" % (curve, "gtab" if gtab else "no gtab", s, rc, time.time() - t0))
    return out


def run_sim_mcu(args, elf):
    cmd = [args.sim, "--json", "--mcu", MCU, "--timeout", str(args.timeout), elf]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        js = json.loads(p.stdout)
    except ValueError:
        js = None
    return p.returncode, js, p.stderr.strip()


def measure(curve, gtab, s, elf, rc, js, err):
    sec = avr_size(elf) or {}
    text, data, bss = sec.get(".text", 0), sec.get(".data", 0), sec.get(".bss", 0)
    r = {"curve": curve, "gtab": gtab, "set": s, "elf": elf, "exit": rc, "error": err,
         "flash": text + data, "sram": data + bss, "stack": js["stack"] if js else None, "cycles": {},
         "op_stack": {}, "base": None}
    if js:
        for reg in js["regions"]:
            if reg["id"] in REGIONS:
                r["cycles"][REGIONS[reg["id"]]] = reg["cycles"]
                r["op_stack"][REGIONS[reg["id"]]] = reg["stack"]
                r["base"] = reg["base"]
    per_obj, per_sec = map_contributors(os.path.join(os.path.dirname(elf), "footprint.map"))
    r["top"] = sorted(per_obj.items(), key=lambda kv: -kv[1])[:12]
    r["top_sec"] = sorted(per_sec.items(), key=lambda kv: -kv[1])[:12]
    return r


# ---- the table ----

def ms(c):
    return c / HZ * 1e3


def op_cell(r, op):
    c = r["cycles"].get(op)
    if c is None:
        return "-"
    return "%s / %s / %.1f" % (fmt(c), fmt(round(ms(c))), ms(c) * ACTIVE_MW / 1e3)


def verdicts(r):
    if r["set"] != "all" or r["stack"] is None:
        return "-"
    ram = r["sram"] + r["stack"]
    key = (r["curve"], r["gtab"])
    out = []
    if key in MUST:
        m = MUST[key]
        ok = ram <= m["ram"] and r["flash"] <= m["flash"]
        out.append("must <= %s B / %s KB: %s" % (fmt(m["ram"]), m["flash"] // KB, "met" if ok else "**missed**"))
    else:
        out.append("must RAM <= 1,536 B: %s" % ("met" if ram <= MUST_OTHER_RAM else "**missed**"))
    if r["curve"] == "secp256r1" and "ECDH" in r["cycles"]:
        out.append("ECDH <= 27.1 M: %s" % ("met" if r["cycles"]["ECDH"] <= MUST_P256_ECDH else "**missed**"))
    if key in GOAL:
        g = GOAL[key]
        ok = ram <= g["ram"] and r["flash"] <= g["flash"]
        out.append("goal <= %d B / %d KB: %s" % (g["ram"], g["flash"] // KB, "met" if ok else "missed"))
    return "; ".join(out)


def report(results, extra, top):
    head = ["curve", "operation set", "table of G", "flash (B)", "static RAM (B)", "stack (B)",
            "RAM total (B)", "pubkey: cycles / ms / mJ", "sign", "verify", "ECDH", "must / goal"]
    rows = []
    order = {c: i for i, c in enumerate(PRIME_CURVES)}
    so = {"sign": 0, "verify": 1, "all": 2, "restart": 3}
    for r in sorted(results, key=lambda r: (order.get(r["curve"], 99), not r["gtab"], so[r["set"]])):
        ok = r["exit"] == 0 and r["stack"] is not None
        stack = fmt(r["stack"]) if ok else "FAILED (exit %s)" % r["exit"]
        total = fmt(r["sram"] + r["stack"]) if ok else "-"
        rows.append([r["curve"], SETS[r["set"]][1], "yes" if r["gtab"] else "no", fmt(r["flash"]), fmt(r["sram"]),
                     stack, total] + [op_cell(r, op) for op in ("pubkey", "sign", "verify", "ECDH")] + [verdicts(r)])
    for r in extra:
        ok = r["exit"] == 0 and r["stack"] is not None
        rows.append([r["label"], r["kind"], "-", fmt(r["flash"]), fmt(r["sram"]),
                     fmt(r["stack"]) if ok else "FAILED (exit %s)" % r["exit"],
                     fmt(r["sram"] + r["stack"]) if ok else "-"] +
                    [op_cell(r, op) for op in ("pubkey", "sign", "verify", "ECDH")] +
                    ["must RAM <= %s B (2 KB left): %s" % (fmt(MUST_BINARY_RAM), "met" if ok and r["sram"] + r["stack"]
                                                            <= MUST_BINARY_RAM else "**missed**")])
    out = [table(rows, head, True), ""]
    srows = []
    for r in sorted(results, key=lambda r: (order.get(r["curve"], 99), not r["gtab"], so[r["set"]])):
        if r["set"] == "all" and r["op_stack"]:
            srows.append([r["curve"], "yes" if r["gtab"] else "no", fmt(r["base"])] +
                         [fmt(r["op_stack"][op]) if op in r["op_stack"] else "-"
                          for op in ("pubkey", "SHA-256", "sign", "verify", "ECDH")])
    if srows:
        out.append("Deepest stack of each operation in the sign + verify + ECDH image (bytes below RAMEND, "
                   "`main`'s frame included; \"main\" is the depth at the regions' start):")
        out.append("")
        out.append(table(srows, ["curve", "table of G", "main", "pubkey", "SHA-256", "sign", "verify", "ECDH"], True))
        out.append("")
    out.append("Published figures of other libraries (their papers and documentation, not measured here; "
               "RAM is static data where the source gives no stack):")
    out.append("")
    out.append(table([list(p) for p in PUBLISHED],
                     ["library", "curve", "operations", "flash (B)", "static RAM (B)", "stack (B)",
                      "RAM total (B)", "cycles"], True))
    if top:
        for r in sorted(results, key=lambda r: (order.get(r["curve"], 99), not r["gtab"], so[r["set"]])):
            if r["set"] == "all" and r["curve"] in ("secp160r1", "secp256r1") and r["top"]:
                out += ["", "#### %s, %s the table of G: largest flash contributors" %
                        (r["curve"], "with" if r["gtab"] else "without"), ""]
                out.append(table([[o, fmt(b)] for o, b in r["top"][:top]], ["object", "flash (B)"], True))
                out.append("")
                out.append(table([[o, fmt(b)] for o, b in r.get("top_sec", [])[:top]],
                                 ["section (object)", "flash (B)"], True))
    return "\n".join(out)


def extra_rows(args):
    """Images built elsewhere: the binary curves' applications (firmware/footprint_binary.c). They
    use footprint.c's region ids (1 pubkey, 2 SHA-256, 3 sign, 4 verify, 5 ECDH) and run on the MCU
    their .mmcu record names."""
    out = []
    for kind, elfs in (("binary curve", args.binary),):
        for elf in elfs or []:
            p = subprocess.run([args.sim, "--json", "--timeout", str(args.timeout), elf],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            try:
                js = json.loads(p.stdout)
            except ValueError:
                js = None
            r = measure(None, None, "all", elf, p.returncode, js, p.stderr.strip())
            r["label"], r["kind"] = os.path.basename(elf)[:-4], "%s (%s)" % (kind, js["mcu"] if js else "?")
            out.append(r)
            say("  %s exit %s" % (elf, p.returncode))
    return out


def budget_check(results):
    bad = 0
    print("footprint budget (ceilings: tools/footprint.py BUDGET; must figures beside):")
    for r in results:
        key = (r["curve"], r["gtab"])
        if key not in BUDGET or r["set"] != "all":
            continue
        b = BUDGET[key]
        if r["exit"] != 0 or r["stack"] is None:
            print("  %s gtab=%s: the image failed (exit %s) %s" % (r["curve"], r["gtab"], r["exit"], r["error"]))
            bad += 1
            continue
        ram = r["sram"] + r["stack"]
        must = MUST.get(key, {"ram": MUST_OTHER_RAM, "flash": None})
        for what, v in (("flash", r["flash"]), ("ram", ram)):
            ok = v <= b[what]
            bad += not ok
            mv = must[what]
            print("  %-9s %-8s %-5s %7s B, ceiling %7s B: %-16s (must %s)" %
                  (r["curve"], "gtab" if r["gtab"] else "no gtab", what, fmt(v), fmt(b[what]),
                   "ok" if ok else "OVER THE CEILING",
                   "<= %s B: %s" % (fmt(mv), "met" if v <= mv else "missed") if mv else "-"))
        if r["curve"] == "secp256r1":
            print("  secp256r1 ECDH %s cycles (must <= 27.1 M; not asserted)" % fmt(r["cycles"].get("ECDH", 0)))
    for r in results:
        if r["set"] == "restart":
            print("  %-9s %-8s restartable sign + verify + ECDH: %s" %
                  (r["curve"], "gtab" if r["gtab"] else "no gtab",
                   "checks passed, RAM %s B" % fmt(r["sram"] + r["stack"]) if r["exit"] == 0 and r["stack"]
                   else "FAILED (exit %s)" % r["exit"]))
    return bad


def write_doc(path, text):
    with open(path) as f:
        doc = f.read()
    a, b = doc.find(DOC_BEGIN), doc.find(DOC_END)
    if a < 0 or b < a:
        raise SystemExit("footprint.py: %s has no %s ... %s markers" % (path, DOC_BEGIN, DOC_END))
    with open(path, "w") as f:
        f.write(doc[:a + len(DOC_BEGIN)] + "\n\n" + text + "\n\n" + doc[b:])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sim")
    ap.add_argument("--build", default=os.path.join(ROOT, "build", "footprint"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--curves", default=",".join(PRIME_CURVES))
    ap.add_argument("--sets", default="sign,verify,all,restart")
    ap.add_argument("--gtab", default="on,off")
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("--binary", nargs="*", help="the binary curves' application images")
    ap.add_argument("--top", type=int, default=8)
    ap.add_argument("--save")
    ap.add_argument("--load")
    ap.add_argument("--budget", action="store_true")
    ap.add_argument("--fault-checks", type=int, choices=(0, 1, 2),
                    help="the library's SC_FAULT_CHECKS (default: config.h's); docs/mote.md \"Fault checks\"")
    ap.add_argument("--vectors", nargs=2, metavar=("CURVE", "OUT"))
    ap.add_argument("--write-doc", metavar="MD", help="also put the table into MD between the markers " +
                    DOC_BEGIN + " and " + DOC_END)
    args = ap.parse_args()

    if args.vectors:
        with open(args.vectors[1], "w") as f:
            f.write(vectors(args.vectors[0]))
        return 0
    if args.load:
        with open(args.load) as f:
            saved = json.load(f)
        text = report(saved["results"], saved.get("extra", []), args.top)
        print(text)
        if args.write_doc:
            write_doc(args.write_doc, text)
        return 0
    if not args.sim:
        ap.error("--sim SC-AVRSIM is required")
    args.build = os.path.abspath(args.build)
    if args.budget:
        want = args.curves.split(",")
        units = [(c, g, ["all", "restart"]) for c, g in BUDGET if c in want]
    else:
        sets = args.sets.split(",")
        gt = [g == "on" for g in args.gtab.split(",")]
        units = [(c, g, sets) for c in args.curves.split(",") for g in gt]
    t0 = time.time()
    results, fails = [], 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        futs = {ex.submit(unit, args, c, g, s): (c, g) for c, g, s in units}
        for f in concurrent.futures.as_completed(futs):
            try:
                results += f.result()
            except RuntimeError as e:
                say("  %s gtab=%s: %s" % (futs[f][0], futs[f][1], e))
                fails += 1
    extra = extra_rows(args)
    say("footprint: %d images in %.0f s" % (len(results), time.time() - t0))
    fails += sum(1 for r in results + extra if r["exit"] != 0)
    if args.save:
        with open(args.save, "w") as f:
            json.dump({"results": results, "extra": extra}, f, indent=1)
    if args.budget:
        fails += budget_check(results)
    else:
        text = report(results, extra, args.top)
        print(text)
        if args.write_doc:
            write_doc(args.write_doc, text)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
