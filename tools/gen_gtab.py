#!/usr/bin/env python3
"""Generate src/curves/gen/gtab_<curve>.c: fixed-base tables for the generators.

For each curve and window j = 0 .. nwin-1 (nwin = ceil((bits(n) + 1) / w)),
the affine points (2t+1) * 2^(w*j) * G for t = 0 .. 2^(w-1)-1, computed with
plain Python integer arithmetic (affine addition with modular inverses; no
seacurve code is involved), written as SC_W64 / SC_GT_W32 constants so one
file serves every limb width (curves in MONT64 also carry a Montgomery-form
copy for 64-bit limbs, selected by SC_GTAB_MONT_<CURVE> of gtab.h).  The layout is described in src/curves/gtab.h.

For secp256k1 it also writes the constants of the GLV endomorphism (Gallant,
Lambert, Vanstone, CRYPTO 2001): beta (a cube root of unity mod p), lambda (one
mod n) with lambda*(x, y) = (beta*x, y), the reduced basis (a1, b1), (a2, b2)
of the lattice {(x, y) : x + y*lambda = 0 mod n} from the extended Euclidean
algorithm (Guide to ECC, Alg. 3.74 and the text before it), and the rounding
constants g1 = round(2^384*b2/n), g2 = round(2^384*(-b1)/n) with which
sc_ec_mul2_var splits k = k1 + k2*lambda mod n (struct sc_ec_glv, gtab.h).

It also writes src/curves/gen/gtab_w0.c: for builds without the tables of G
(SC_NO_GTAB, the mote's default), window 0 alone, G, 3G, .., (2^w0-1)G (w0 =
W0 below, 2^(w0-1) affine points, a few hundred bytes of flash), the table of
G's odd multiples that sc_ec_mul2_var (verification) reads in place of the
window 0 of the full table, so that no such table is computed onto the stack.

And src/curves/gen/gtab_wide.c: for the gateway (64-bit limbs, with the tables of
G) window 0 of width WV alone, G, 3G, .., (2^WV-1)G, which sc_ec_mul2_var reads for
G's digits in place of the window 0 of the full table.

Usage: python3 tools/gen_gtab.py [--check] [--w CURVE=W ...] [--w0 W]
  --check  recompute every table, verify each point is on the curve and equals
           (2t+1)*2^(w*j)*G by an independent double-and-add, and fail if a
           file would change.
  --w0 W   the digit width of gtab_w0.c (default W0).
"""
import os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_curves import read_params  # noqa: E402  (one parser for sec2-params.txt)
from genfiles import header_line  # noqa: E402
import testseed  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTDIR = os.path.join(ROOT, "src/curves/gen")

# digit width per curve (chosen by measurement, see the report in tests/test_ec.c)
WIDTH = {"secp160r1": 6, "secp192r1": 6, "secp224r1": 6, "secp256r1": 6, "secp256k1": 6,
         "opf160": 6, "opf192": 6, "opf224": 6, "opf256": 6}
# On AVR (SC_WITH_GTAB firmware builds) avr-gcc allows no object over 32 KiB and the
# table must sit in the low 64 KiB of flash for LPM: the widest window under 32 KiB,
# except secp160r1, sized for a 48 KB mote image: w = 4 (13,120 bytes) costs k*G 4.0%
# against w = 5 (21,120 bytes; 2,142,503 against 2,060,662 cycles, ATmega128).
AVR_WIDTH = {"secp160r1": 4, "secp192r1": 5, "secp224r1": 4, "secp256r1": 3, "secp256k1": 3,
             "opf160": 5, "opf192": 5, "opf224": 4, "opf256": 3}
AVR_MAX_BYTES = 32767
# gtab_w0.c: w0 = 4, 8 points, as the window 0 of the AVR table of secp160r1 (whose
# verification reads that window with G's digits of width 5): the no-table build then
# verifies as the table build does (flash: 320 bytes at 160 bits, 512 at 256).
W0 = 4
# gtab_wide.c: the gateway's verification table, window 0 of width WV (128 points):
# G's digits of width WV + 1 in sc_ec_mul2_var, about bits / (WV + 2) additions against
# bits / 8 from the window 0 of the width-6 table (secp160r1: 16 against 20)
WV = 8
# curves whose field is in Montgomery form at 64-bit limbs (src/curves/gen/params.c):
# their table is also written as x * 2^(64 * ceil(bits / 64)) mod p under
# SC_GTAB_MONT_<CURVE> (src/curves/gtab.h), the canonical one otherwise
MONT64 = {"secp224r1", "secp256r1"}
# curves whose field is in Montgomery form at every limb width (the OPF reducer):
# R = 2^(64 * ceil(bits / 64)) at 64-bit limbs, 2^bits at 8/16/32 (bits is a
# multiple of 32), also on AVR
MONT_ALL = {"opf160", "opf192", "opf224", "opf256"}


def mont_forms(name, bits):
    """The host table's forms: ([(#if condition or None for #else, R)], mont expression)."""
    r64 = 1 << (64 * ((bits + 63) // 64))
    if name in MONT_ALL:
        return [("SC_WORD_BITS == 64", r64), (None, 1 << bits)], "1"
    if name in MONT64:
        return [("SC_GTAB_MONT_%s" % name.upper(), r64), (None, 1)], "SC_GTAB_MONT_%s" % name.upper()
    return [(None, 1)], "0"


def emit_forms(forms, body):
    """body(R) once per form, under #if / #else when there are two."""
    if len(forms) == 1:
        return body(forms[0][1])
    (cond, r1), (_, r2) = forms
    return ["#if %s" % cond] + body(r1) + ["#else"] + body(r2) + ["#endif"]
# curves with a GLV endomorphism (a = 0, p = 1 mod 3): struct sc_ec_glv sc_glv_<curve>
GLV = {"secp256k1"}


class Curve:
    def __init__(self, d):
        self.p, self.a, self.b = (int(d[k], 16) for k in ("p", "a", "b"))
        self.n = int(d["n"], 16)
        self.g = (int(d["Gx"], 16), int(d["Gy"], 16))

    def on_curve(self, P):
        x, y = P
        return (y * y - (x * x * x + self.a * x + self.b)) % self.p == 0

    def add(self, P, Q):
        """Affine addition (None = infinity), the textbook chord-and-tangent rule."""
        p = self.p
        if P is None:
            return Q
        if Q is None:
            return P
        if P[0] == Q[0]:
            if (P[1] + Q[1]) % p == 0:
                return None
            lam = (3 * P[0] * P[0] + self.a) * pow(2 * P[1], -1, p) % p
        else:
            lam = (Q[1] - P[1]) * pow(Q[0] - P[0], -1, p) % p
        x = (lam * lam - P[0] - Q[0]) % p
        return (x, (lam * (P[0] - x) - P[1]) % p)

    def mul(self, k, P):
        """Left-to-right double-and-add (independent check of the tables)."""
        R = None
        for bit in bin(k)[2:]:
            R = self.add(R, R)
            if bit == "1":
                R = self.add(R, P)
        return R


GLV_SHIFT = 384


def cube_root_of_unity(m):
    """The two nontrivial cube roots of 1 mod the prime m (m = 1 mod 3)."""
    for g in range(2, 1000):
        r = pow(g, (m - 1) // 3, m)
        if r != 1:
            return sorted([r, r * r % m])
    raise ValueError("no cube root of unity")


def glv(cv):
    """GLV constants of an a = 0 curve; raises AssertionError if a check fails."""
    p, n = cv.p, cv.n
    lam = cube_root_of_unity(n)[0]
    lg = cv.mul(lam, cv.g)
    betas = [b for b in cube_root_of_unity(p) if lg == (b * cv.g[0] % p, cv.g[1])]
    assert cv.a == 0 and len(betas) == 1
    beta = betas[0]
    assert pow(beta, 3, p) == 1 and beta != 1 and pow(lam, 3, n) == 1 and lam != 1
    # extended Euclid on (n, lambda): r_i = s_i*n + t_i*lambda, so (r_i, -t_i) is in the lattice
    seq, (r0, r1), (t0, t1) = [(n, 0), (lam, 1)], (n, lam), (0, 1)
    while r1:
        q = r0 // r1
        r0, r1, t0, t1 = r1, r0 - q * r1, t1, t0 - q * t1
        seq.append((r1, t1))
    l = max(i for i, (r, _) in enumerate(seq) if r * r >= n)
    a1, b1 = seq[l + 1][0], -seq[l + 1][1]
    cand = [(seq[l][0], -seq[l][1]), (seq[l + 2][0], -seq[l + 2][1])]
    a2, b2 = min(cand, key=lambda v: v[0] ** 2 + v[1] ** 2)
    assert (a1 + b1 * lam) % n == 0 and (a2 + b2 * lam) % n == 0 and a1 * b2 - a2 * b1 == n
    assert a1 > 0 and b1 < 0 and a2 > 0 and b2 > 0
    g1 = (b2 * 2**GLV_SHIFT + n // 2) // n
    g2 = (-b1 * 2**GLV_SHIFT + n // 2) // n
    assert g1 < 2**256 and g2 < 2**256
    # |k1| <= (1/2 + 2^-129)(a1 + a2), |k2| <= (1/2 + 2^-129)(|b1| + b2) (sc_ec_glv_split)
    hbits = 128
    assert (a1 + a2) * (2**129 + 2) < 2**(hbits + 130) and (-b1 + b2) * (2**129 + 2) < 2**(hbits + 130)
    return dict(beta=beta, lam=lam, a1=a1, b1=b1, a2=a2, b2=b2, g1=g1, g2=g2, hbits=hbits)


def glv_split(k, c):
    """The split of sc_ec_glv_split, in Python (for --check)."""
    c1 = (k * c["g1"] + 2**(GLV_SHIFT - 1)) >> GLV_SHIFT
    c2 = (k * c["g2"] + 2**(GLV_SHIFT - 1)) >> GLV_SHIFT
    return k - c1 * c["a1"] - c2 * c["a2"], -c1 * c["b1"] - c2 * c["b2"]


def render_glv(name, cv, c):
    bits = cv.p.bit_length()
    assert bits == 256 and cv.n.bit_length() == 256
    f = lambda v: "{ %s }" % coord(v, bits)
    return [
        "",
        "/* GLV endomorphism (see tools/gen_gtab.py): lambda*(x, y) = (beta*x, y); lattice basis",
        " * v1 = (0x%x, -0x%x), v2 = (0x%x, 0x%x);" % (c["a1"], -c["b1"], c["a2"], c["b2"]),
        " * k = k1 + k2*lambda with |k1|, |k2| < 2^%d.  In flash on AVR (SC_FLASH). */" % c["hbits"],
        "#if SC_CURVE_%s" % name.upper(),
        "const struct sc_ec_glv sc_glv_%s SC_FLASH = {" % name,
        "    %s," % f(cv.p), "    %s," % f(cv.n), "    %s," % f(cv.b),
        "    %s," % f(c["beta"]), "    %s," % f(c["lam"]),
        "    %s," % f(c["g1"]), "    %s," % f(c["g2"]),
        "    %s," % f(-c["b1"]), "    %s," % f(c["b2"]),
        "    %d, %d" % (GLV_SHIFT, c["hbits"]),
        "};",
        "#endif",
    ]


def table(cv, w):
    nwin = (cv.n.bit_length() + 1 + w - 1) // w
    rows, base = [], cv.g
    for j in range(nwin):
        two = cv.add(base, base)
        pt, win = base, []
        for t in range(1 << (w - 1)):
            win.append(pt)
            pt = cv.add(pt, two)
        rows.append(win)
        for _ in range(w):
            base = cv.add(base, base)
    return nwin, rows


def coord(v, bits):
    out, i = [], 0
    while i + 64 <= bits:
        out.append("SC_W64(0x%016xULL)" % ((v >> i) & (2**64 - 1)))
        i += 64
    if i < bits:
        assert bits - i == 32
        out.append("SC_GT_W32(0x%08xUL)" % ((v >> i) & (2**32 - 1)))
    return ", ".join(out)


def render(name, cv, w, wa):
    bits = cv.p.bit_length()
    assert bits % 32 == 0
    nwin, rows = table(cv, w)
    npts = 1 << (w - 1)
    nwa, rows_a = table(cv, wa)
    assert nwa * (1 << (wa - 1)) * 2 * bits // 8 <= AVR_MAX_BYTES, name
    L = [
        header_line("gen_gtab.py"),
        "/* From tests/vectors/curves/%s-params.txt." % ("opf" if name in MONT_ALL else "sec2"),
        " * %s: w = %d, %d windows of %d affine points (2t+1)*2^(%d*j)*G, x then y, %s;"
        % (name, w, nwin, npts, w, "Montgomery" if name in MONT_ALL else
           "canonical or Montgomery (SC_GTAB_MONT_%s)" % name.upper() if name in MONT64 else "canonical"),
        " * on AVR w = %d, %d windows of %d points, %s (%d bytes: avr-gcc allows no object over"
        % (wa, nwa, 1 << (wa - 1), "Montgomery" if name in MONT_ALL else "canonical",
           nwa * (1 << (wa - 1)) * 2 * bits // 8),
        " * 32 KiB). */",
        '#include "curves/gtab.h"',
        "",
        "#if !defined(SC_NO_GTAB) && SC_CURVE_%s" % name.upper(),
    ]

    def body(R, rows=rows):
        out = ["static const sc_word %s_gtab_pts[] SC_FLASH = {" % name]
        for j, win in enumerate(rows):
            out.append("    /* window %d */" % j)
            for (x, y) in win:
                out.append("    %s," % coord(x * R % cv.p, bits))
                out.append("    %s," % coord(y * R % cv.p, bits))
        out.append("};")
        return out

    avr_mont = name in MONT_ALL
    L += ["#if defined(__AVR__)"] + body(1 << bits if avr_mont else 1, rows_a) + [
        "",
        "const struct sc_ec_gtab sc_gtab_%s = { %d, %d, %d, %d, %s_gtab_pts };" % (
            name, wa, nwa, 1 << (wa - 1), avr_mont, name),
        "#else"]
    # the host forms: R = 2^(64 * nw) at 64-bit limbs for MONT64 (Montgomery only
    # there), and for MONT_ALL also R = 2^bits at 8/16/32-bit limbs
    forms, mont = mont_forms(name, bits)
    L += emit_forms(forms, body)
    L += [
        "",
        "const struct sc_ec_gtab sc_gtab_%s = { %d, %d, %d, %s, %s_gtab_pts };" % (name, w, nwin, npts, mont, name),
        "#endif",
        "#endif",
    ]
    if name in GLV:
        L += render_glv(name, cv, glv(cv))
    L += [""]
    return "\n".join(L), [(w, rows), (wa, rows_a)]


def render_w0(curves, w0):
    """gtab_w0.c: window 0 of width w0 of every curve, under SC_NO_GTAB; the forms (canonical
    or Montgomery) as the full tables' on AVR and on the host.  Returns (text, [(name, rows)])."""
    npts = 1 << (w0 - 1)
    L = [
        header_line("gen_gtab.py"),
        "/* From tests/vectors/curves/sec2-params.txt and opf-params.txt.",
        " * The builds without the tables of G (SC_NO_GTAB): for each curve window 0 alone, w = %d:" % w0,
        " * the %d affine points (2t+1)*G, x then y (struct sc_ec_gtab with one window), the odd" % npts,
        " * multiples of G that sc_ec_mul2_var reads (digits of width %d); k*G does not use them. */" % (w0 + 1),
        '#include "curves/gtab.h"',
        "",
        "#if defined(SC_NO_GTAB)",
    ]
    out = []
    for name, cv in curves:
        bits = cv.p.bit_length()
        _, rows = table(cv, w0)
        out.append((name, rows[:1]))

        def body(R, name=name, cv=cv, bits=bits, win=rows[0]):
            o = ["static const sc_word %s_gtab_w0_pts[] SC_FLASH = {" % name]
            for (x, y) in win:
                o.append("    %s," % coord(x * R % cv.p, bits))
                o.append("    %s," % coord(y * R % cv.p, bits))
            o.append("};")
            return o

        avr_mont = name in MONT_ALL
        forms, mont = mont_forms(name, bits)
        L += ["", "#if SC_CURVE_%s" % name.upper()]
        if not avr_mont and forms == [(None, 1)]:   # canonical everywhere: one form
            L += body(1) + ["const struct sc_ec_gtab sc_gtab_w0_%s = { %d, 1, %d, 0, %s_gtab_w0_pts };" % (
                name, w0, npts, name), "#endif"]
            continue
        L += ["#if defined(__AVR__)"]
        L += body(1 << bits if avr_mont else 1)
        L += ["const struct sc_ec_gtab sc_gtab_w0_%s = { %d, 1, %d, %d, %s_gtab_w0_pts };" % (
            name, w0, npts, avr_mont, name), "#else"]
        L += emit_forms(forms, body)
        L += ["const struct sc_ec_gtab sc_gtab_w0_%s = { %d, 1, %d, %s, %s_gtab_w0_pts };" % (
            name, w0, npts, mont, name), "#endif", "#endif"]
    L += ["", "#endif", ""]
    return "\n".join(L), out


def render_wide(curves, wv):
    """gtab_wide.c: window 0 of width wv of every curve, for 64-bit limbs with the tables
    of G, in the forms of the full tables there.  Returns (text, [(name, rows)])."""
    npts = 1 << (wv - 1)
    L = [
        header_line("gen_gtab.py"),
        "/* From tests/vectors/curves/sec2-params.txt and opf-params.txt.",
        " * The gateway's table of G for verification (64-bit limbs, with the tables of G): for",
        " * each curve window 0 alone, w = %d: the %d affine points (2t+1)*G, x then y (struct" % (wv, npts),
        " * sc_ec_gtab with one window), the odd multiples of G that sc_ec_mul2_var reads for",
        " * G's digits of width %d. */" % (wv + 1),
        '#include "curves/gtab.h"',
        "",
        "#if SC_GTAB_WIDE",
    ]
    out = []
    for name, cv in curves:
        bits = cv.p.bit_length()
        _, rows = table(cv, wv)
        win = rows[0]
        out.append((name, rows[:1]))
        forms, mont = mont_forms(name, bits)
        r64 = 1 << (64 * ((bits + 63) // 64))
        R = r64 if (name in MONT_ALL or name in MONT64) else 1
        L += ["", "#if SC_CURVE_%s" % name.upper()]
        if name in MONT64:
            L += ["#if !SC_GTAB_MONT_%s" % name.upper(),
                  "#error gtab_wide.c holds the %s points in Montgomery form: SC_GTAB_MONT_%s must be 1 here" % (name, name.upper()), "#endif"]
        L += ["static const sc_word %s_gtab_wide_pts[] = {" % name]
        for (x, y) in win:
            L.append("    %s," % coord(x * R % cv.p, bits))
            L.append("    %s," % coord(y * R % cv.p, bits))
        L += ["};",
              "const struct sc_ec_gtab sc_gtab_wide_%s = { %d, 1, %d, %d, %s_gtab_wide_pts };" % (
                  name, wv, npts, 1 if R != 1 else 0, name),
              "#endif"]
    L += ["", "#endif", ""]
    return "\n".join(L), out


def check_glv(name, cv):
    """lambda*P = (beta*x, y) on random points, and the split on edge and random scalars
    (k1 + k2*lambda = k mod n, both halves below 2^hbits in absolute value).  The random
    points and scalars come from the run's seed (tools/testseed.py)."""
    c, n, bad = glv(cv), cv.n, 0
    rnd = testseed.rng("glv " + name)
    for _ in range(4):
        P = cv.mul(rnd.randrange(1, n), cv.g)
        if cv.mul(c["lam"], P) != (c["beta"] * P[0] % cv.p, P[1]):
            print("%s: lambda*P != (beta*x, y)" % name)
            bad += 1
    ks = [0, 1, 2, n - 1, n - 2, c["lam"], n - c["lam"], (n + 1) // 2, 2**128, 2**255]
    ks += [rnd.randrange(n) for _ in range(20000)]
    for k in ks:
        k1, k2 = glv_split(k, c)
        if (k1 + k2 * c["lam"] - k) % n or max(abs(k1), abs(k2)) >= 2**c["hbits"]:
            print("%s: GLV split of 0x%x wrong" % (name, k))
            bad += 1
    return bad


def one_window_file(path, text, tables, curves, check, note):
    """Write path (one window of (2t+1)*G per curve), or with check verify every point by an
    independent double-and-add and that the file is up to date; returns the failures."""
    if not check:
        with open(path, "w") as f:
            f.write(text)
        print("wrote %s (%s)" % (path, note))
        return 0
    bad = 0
    for name, rows in tables:
        cv = curves[name]
        for t, P in enumerate(rows[0]):
            if not cv.on_curve(P) or cv.mul(2 * t + 1, cv.g) != P:
                print("%s: %s point %d wrong" % (name, os.path.basename(path), t))
                bad += 1
    old = open(path).read() if os.path.exists(path) else None
    if old != text:
        print("%s is out of date" % path)
        bad += 1
    return bad


def main(argv):
    check = "--check" in argv
    widths = dict(WIDTH)
    for i, a in enumerate(argv):
        if a == "--w":
            k, v = argv[i + 1].split("=")
            widths[k] = int(v)
    w0 = W0
    for i, a in enumerate(argv):
        if a == "--w0":
            w0 = int(argv[i + 1])
    params = read_params()
    bad = 0
    curves = [(name, Curve(params[name])) for name in widths]
    for fname, (text, tables), note in (("gtab_w0.c", render_w0(curves, w0), "w0=%d" % w0),
                                        ("gtab_wide.c", render_wide(curves, WV), "w=%d" % WV)):
        bad += one_window_file(os.path.join(OUTDIR, fname), text, tables, dict(curves), check, note)
    for name, w in widths.items():
        cv = Curve(params[name])
        text, tables = render(name, cv, w, AVR_WIDTH[name])
        path = os.path.join(OUTDIR, "gtab_%s.c" % name)
        if check:
            # independent verification: every point on the curve, a sample equal to
            # (2t+1)*2^(w*j)*G by double-and-add from G, and the file up to date
            for tw, rows in tables:
                for j, win in enumerate(rows):
                    for t, P in enumerate(win):
                        if not cv.on_curve(P):
                            print("%s: w=%d window %d point %d not on the curve" % (name, tw, j, t))
                            bad += 1
                    for t in (0, 1, len(win) - 1):
                        if cv.mul((2 * t + 1) << (tw * j), cv.g) != win[t]:
                            print("%s: w=%d window %d point %d wrong" % (name, tw, j, t))
                            bad += 1
            if name in GLV:
                bad += check_glv(name, cv)
            old = open(path).read() if os.path.exists(path) else None
            if old != text:
                print("%s: %s is out of date" % (name, path))
                bad += 1
        else:
            with open(path, "w") as f:
                f.write(text)
            print("wrote %s (w=%d, AVR w=%d)" % (path, w, AVR_WIDTH[name]))
    if check:
        print("gen_gtab --check: %s" % ("FAILED" if bad else "ok"))
        if bad:
            print(testseed.fail_line("gen_gtab --check"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
