#!/usr/bin/env python3
"""Generate src/scalarmul/gen/tab_<curve>.c and src/scalarmul/gen/tab.h: the const tables of the
fixed-base and double-scalar methods of scalarmul.h (src/scalarmul/fixed_base.c,
src/scalarmul/double_scalar.c; docs/methods-fixed-double.md).

Per curve (from tests/vectors/curves/sec2-params.txt and opf-params.txt), all points affine:

  mul      the small multiples of G: i*G for i = 1 .. 15 ([WM-ECC]'s 15
           precomputed points of its w = 4 fixed-base window), then the odd
           multiples 17G, 19G, .., 31G, so that every odd multiple up to 31G
           (the width-6 NAF table of G for sc_scalarmul_interleave) is present:
           23 points.
  comb w   for w = 4 .. 8 teeth and d = ceil(bits(n) / w): the Lim-Lee comb
           table T[j - 1] = sum over the set bits i of j of 2^(i*d) * G,
           j = 1 .. 2^w - 1 (Lim, Lee, CRYPTO '94; Guide to ECC Alg. 3.44).

The points are computed with plain Python integers (affine chord-and-tangent
arithmetic of tools/gen_gtab.py; no seacurve code is involved) and written as
SC_W64 / SC_GT_W32 chunks, so one file serves every limb width; curves whose
field is in Montgomery form at 64-bit limbs (MONT64 of gen_gtab.py) carry a
Montgomery copy under SC_GTAB_MONT_<CURVE> (src/curves/gtab.h), and the opf*
curves (MONT_ALL) are Montgomery at every width, exactly like
src/curves/gen/gtab_*.c.  Defining SC_NO_SCALARMUL_TABLES drops every table (the
fixed-base methods then answer SC_ERR_UNSUPPORTED).

Usage: python3 tools/gen_scalarmul_tables.py [--check]
  --check  regenerate into a temporary directory, verify every point is on
           the curve, verify a sample of entries against an independent
           double-and-add from G (i*G, and sum_i 2^(i*d)*G from the bits of
           j), and fail if a committed file differs.
"""
import filecmp, os, shutil, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_curves import read_params  # noqa: E402
from gen_gtab import Curve, coord, MONT64, MONT_ALL, mont_forms, emit_forms  # noqa: E402
from genfiles import header_line  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTDIR = os.path.join(ROOT, "src/scalarmul/gen")
CURVES = ["secp160r1", "secp192r1", "secp224r1", "secp256r1", "secp256k1", "opf160", "opf192", "opf224", "opf256"]
COMB_W = range(4, 9)
MUL = list(range(1, 16)) + list(range(17, 32, 2))   # the multiples in `mul`


def mul_table(cv):
    pts, P = {}, None
    for i in range(1, 32):
        P = cv.add(P, cv.g)
        pts[i] = P
    return [pts[i] for i in MUL]


def comb_d(cv, w):
    return (cv.n.bit_length() + w - 1) // w


def comb_table(cv, w):
    d = comb_d(cv, w)
    base, B = cv.g, []
    for i in range(w):
        B.append(base)
        for _ in range(d):
            base = cv.add(base, base)
    T = [None] * (1 << w)
    for j in range(1, 1 << w):
        top = j.bit_length() - 1
        T[j] = cv.add(T[j ^ (1 << top)], B[top])
        assert T[j] is not None
    return T[1:]


def coord_bytes(bits, wbits):
    """bytes of one coordinate at limb width wbits (fp->nw words)"""
    return (bits + wbits - 1) // wbits * wbits // 8


def render(name, cv):
    bits = cv.p.bit_length()
    assert bits % 32 == 0
    mul = mul_table(cv)
    combs = {w: comb_table(cv, w) for w in COMB_W}
    npts = len(mul) + sum(len(t) for t in combs.values())
    b64, b8 = coord_bytes(bits, 64), coord_bytes(bits, 8)
    L = [
        header_line("gen_scalarmul_tables.py"),
        "/* From tests/vectors/curves/%s-params.txt." % ("opf" if name in MONT_ALL else "sec2"),
        " * %s: fixed-base tables of scalarmul.h (layout in tab.h), affine x then y, %s." % (
            name, "Montgomery" if name in MONT_ALL else
            "canonical or Montgomery (SC_GTAB_MONT_%s)" % name.upper() if name in MONT64 else "canonical"),
        " * mul: 1G..15G, 17G, 19G, .., 31G (23 points); comb w: 2^w - 1 points, d = ceil(%d / w)." % cv.n.bit_length(),
        " * %d points: %d bytes at 64-bit limbs, %d at 8/16/32-bit limbs. */" % (npts, npts * 2 * b64, npts * 2 * b8),
        '#include "tab.h"',
        "",
        "#if !defined(SC_NO_SCALARMUL_TABLES) && SC_CURVE_%s" % name.upper(),
    ]

    def arrays(R):
        out = []

        def arr(label, pts, comment):
            out.append("static const sc_word %s_%s[] SC_FLASH = {" % (name, label))
            for i, (x, y) in enumerate(pts):
                if comment:
                    out.append("    /* %s */" % comment(i))
                out.append("    %s," % coord(x * R % cv.p, bits))
                out.append("    %s," % coord(y * R % cv.p, bits))
            out.append("};")

        arr("mul", mul, lambda i: "%dG" % MUL[i])
        for w in COMB_W:
            arr("comb%d" % w, combs[w], None)
        return out

    forms, mont = mont_forms(name, bits)
    L += emit_forms(forms, arrays)
    L += [
        "",
        "const struct sc_scalarmul_table sc_scalarmul_table_%s = {" % name,
        "    { %s }," % coord(cv.p, bits),
        "    { %s }," % coord(cv.g[0], bits),
        "    %d, %s, %s_mul," % (cv.n.bit_length(), mont, name),
        "    { %s }" % ", ".join("%s_comb%d" % (name, w) for w in COMB_W),
        "};",
        "#endif",
        "",
    ]
    return "\n".join(L), mul, combs


def render_header(sizes):
    L = [
        header_line("gen_scalarmul_tables.py"),
        "/* Const tables (SC_FLASH: in flash on AVR, util/flash.h) of the fixed-base and double-scalar methods of scalarmul.h",
        " * (src/scalarmul/fixed_base.c, src/scalarmul/double_scalar.c; docs/methods-fixed-double.md), one",
        " * struct sc_scalarmul_table per curve in src/scalarmul/gen/tab_<curve>.c.  A point is x then y,",
        " * fp->nw words each, little-endian, in the field's internal form at the",
        " * limb width the file is compiled for: canonical, or Montgomery (x R mod p,",
        " * R = 2^(W * nw)) when mont is set; the form follows the field exactly as",
        " * src/curves/gen/gtab_*.c does (SC_GTAB_MONT_* of src/curves/gtab.h), and a user",
        " * converts canonical entries for a Montgomery field and refuses the",
        " * reverse.",
        " *",
        " * mul:     i*G for i = 1 .. 15, then 17G, 19G, .., 31G (SC_SCALARMUL_MUL_N points);",
        " *          entry of m: m - 1 for m <= 15, 15 + (m - 17) / 2 for odd m >= 17.",
        " * comb[w - SC_SCALARMUL_COMB_WMIN], w = 4 .. 8: the Lim-Lee comb table of w teeth,",
        " *          d = ceil(nbits / w): entry j - 1 = sum over the set bits i of j of",
        " *          2^(i*d) * G, j = 1 .. 2^w - 1.",
        " *",
        " * Const data per curve (all tables; bytes at 64-bit limbs / at 8-, 16- and",
        " * 32-bit limbs):",
    ]
    tot64 = tot8 = 0
    for name, (n, b64, b8) in sizes.items():
        L.append(" *   %-10s %4d points  %6d / %6d bytes" % (name, n, b64, b8))
        tot64 += b64
        tot8 += b8
    L += [
        " *   total                  %6d / %6d bytes" % (tot64, tot8),
        " * Defining SC_NO_SCALARMUL_TABLES drops them all (SC_SCALARMUL_TABLES is then empty). */",
        "#ifndef SC_SCALARMUL_TAB_H",
        "#define SC_SCALARMUL_TAB_H",
        "",
        "#include <seacurve/scalarmul.h>",
        '#include "curves/gtab.h"   /* SC_W64 / SC_GT_W32 chunks, SC_GTAB_MONT_<CURVE> */',
        "",
        "#define SC_SCALARMUL_MUL_N %d" % len(MUL),
        "#define SC_SCALARMUL_MUL_MAX %d     /* the largest multiple in mul */" % MUL[-1],
        "#define SC_SCALARMUL_COMB_WMIN %d" % COMB_W[0],
        "#define SC_SCALARMUL_COMB_WMAX %d" % COMB_W[-1],
        "",
        "struct sc_scalarmul_table {",
        "    sc_word p[SC_FP_MAXW];      /* the curve the table is for: p and x(G), canonical */",
        "    sc_word gx[SC_FP_MAXW];",
        "    uint16_t nbits;             /* bits(n): the combs' d = ceil(nbits / w) */",
        "    uint8_t mont;               /* points in Montgomery form */",
        "    const sc_word *mul;         /* SC_SCALARMUL_MUL_N points */",
        "    const sc_word *comb[SC_SCALARMUL_COMB_WMAX - SC_SCALARMUL_COMB_WMIN + 1]; /* 2^w - 1 points each */",
        "};",
        "",
        "#ifdef SC_NO_SCALARMUL_TABLES",
        "#  define SC_SCALARMUL_TABLES NULL",
        "#else",
    ]
    # one entry per curve of the build (SC_CURVE_<NAME>, seacurve/config.h), then NULL
    for n in CURVES:
        L += ["#  if SC_CURVE_%s" % n.upper(),
              "extern const struct sc_scalarmul_table sc_scalarmul_table_%s;" % n,
              "#    define SC_SCALARMUL_TAB_%s &sc_scalarmul_table_%s," % (n.upper(), n),
              "#  else",
              "#    define SC_SCALARMUL_TAB_%s" % n.upper(),
              "#  endif"]
    L += ["#  define SC_SCALARMUL_TABLES %s NULL" % " ".join("SC_SCALARMUL_TAB_%s" % n.upper() for n in CURVES), "#endif", ""]
    L += [
        "/* The table of curve c (matched by p and x(G)), or NULL: none for c, or",
        " * Montgomery entries for a field that is not (src/scalarmul/fixed_base.c). */",
        "const struct sc_scalarmul_table *sc_scalarmul_table_find(const sc_ep_curve *c);",
        "/* r = entry i of a table (mul or a comb) in c's internal form. */",
        "void sc_scalarmul_table_point(sc_ep_aff *r, const struct sc_scalarmul_table *t, const sc_word *pts, size_t i,",
        "                      const sc_ep_curve *c);",
        "",
        "/* Beyond scalarmul.h (registered as \"comb_ct\" in list_fixed_double.c): the comb of",
        " * sc_scalarmul_fix_comb, constant time in k (full-table masked lookups, the",
        " * system's dbl_ct / madd_ct / to_aff); SC_ERR_UNSUPPORTED for a system",
        " * with ct == 0.  w = 4 .. 8. */",
        "sc_err sc_scalarmul_fix_comb_ct(sc_ep_aff *r, const sc_word *k, unsigned w, const sc_coords_sys *s,",
        "                          const sc_ep_curve *c);",
        "",
        "#endif",
        "",
    ]
    return "\n".join(L)


def write_all(outdir, verify):
    params = read_params()
    bad, sizes = 0, {}
    for name in CURVES:
        cv = Curve(params[name])
        text, mul, combs = render(name, cv)
        bits = cv.p.bit_length()
        npts = len(mul) + sum(len(t) for t in combs.values())
        sizes[name] = (npts, npts * 2 * coord_bytes(bits, 64), npts * 2 * coord_bytes(bits, 8))
        with open(os.path.join(outdir, "tab_%s.c" % name), "w") as f:
            f.write(text)
        if verify:
            for P in mul + [P for t in combs.values() for P in t]:
                if not cv.on_curve(P):
                    print("%s: point not on the curve" % name)
                    bad += 1
            for i in (0, 1, 2, 14, 15, len(MUL) - 1):
                if cv.mul(MUL[i], cv.g) != mul[i]:
                    print("%s: mul entry %d wrong" % (name, i))
                    bad += 1
            for w, t in combs.items():
                d = comb_d(cv, w)
                for j in (1, 2, 3, (1 << w) - 2, (1 << w) - 1, 5):
                    k = sum(1 << (i * d) for i in range(w) if j >> i & 1)
                    if cv.mul(k, cv.g) != t[j - 1]:
                        print("%s: comb w=%d entry %d wrong" % (name, w, j))
                        bad += 1
    with open(os.path.join(outdir, "tab.h"), "w") as f:
        f.write(render_header(sizes))
    return bad


def main(argv):
    names = ["tab.h"] + ["tab_%s.c" % n for n in CURVES]
    if "--check" in argv:
        tmp = tempfile.mkdtemp()
        try:
            bad = write_all(tmp, True)
            for n in names:
                committed = os.path.join(OUTDIR, n)
                if not os.path.exists(committed) or not filecmp.cmp(committed, os.path.join(tmp, n), shallow=False):
                    print("%s is out of date" % committed)
                    bad += 1
        finally:
            shutil.rmtree(tmp)
        print("gen_scalarmul_tables --check: %s" % ("FAILED" if bad else "ok"))
        return 1 if bad else 0
    write_all(OUTDIR, False)
    for n in names:
        print("wrote %s" % os.path.join(OUTDIR, n))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
