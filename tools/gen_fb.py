#!/usr/bin/env python3
"""Generate src/fb/gen/fb_fields.c (the GF(2^m) field descriptors of include/seacurve/fb.h)
from the SEC 2 reduction polynomials in tests/vectors/curves/sec2-params.txt.

For each m in 163, 233, 283, 409 (every binary curve over the field must list
the same poly_terms): the middle exponents k, T(x) = f(x) - x^m as 64-bit chunks
(SC_W64 expands them for every limb width), and the trace positions i < m with
Tr(x^i) = 1.  The traces come from Newton's identities for the power sums of the
roots of f (Tr(x^i) is the i-th power sum): over GF(2),
    p_i = c_1 p_(i-1) + ... + c_(i-1) p_1 + i c_i,   f = x^m + c_1 x^(m-1) + ... + c_m,
and tests/test_fb.c checks them against the definition (sum of the m conjugates).

red_clmul (the reducer sc_fb_mul uses with PCLMULQDQ) is the measured winner of
docs/binary.md (tests/test_fb_timing --table: PCLMULQDQ product, then each
reducer), per limb width: the shift-and-xor folding works on W-bit words, the
multiplier on 64-bit pieces whatever W is, so the narrower the words the more
the multiplier gains.

Usage: python3 tools/gen_fb.py [--check]   (--check: fail if the file would change)
"""
import os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from genfiles import header_line  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PARAMS = os.path.join(ROOT, "tests/vectors/curves/sec2-params.txt")
OUT = os.path.join(ROOT, "src/fb/gen/fb_fields.c")
DEGREES = [163, 233, 283, 409]
# limb width -> the degrees reduced by multiply-by-T (the others by shift-and-xor)
RED_MULT_AT = {64: [], 32: [283], 16: [163, 283, 409], 8: [163, 233, 283, 409]}


def read_polys():
    polys, cur = {}, {}
    for line in open(PARAMS):
        line = line.strip()
        if line.startswith("["):
            cur = {}
        elif "=" in line:
            k, v = (s.strip() for s in line.split("=", 1))
            cur[k] = v
            if k == "poly_terms":
                terms = [int(t) for t in v.split()]
                m = terms[0]
                if m in polys and polys[m] != terms:
                    sys.exit("gen_fb: curves over GF(2^%d) disagree on f" % m)
                polys[m] = terms
                if "poly" in cur and int(cur["poly"], 16) != sum(1 << t for t in terms):
                    sys.exit("gen_fb: poly and poly_terms differ for %s" % cur.get("name"))
    return polys


def traces(terms):
    m = terms[0]
    c = [0] * (m + 1)          # c[j] = coefficient of x^(m-j)
    for t in terms:
        c[m - t] = 1
    p = [0] * m                # p[i] = Tr(x^i)
    p[0] = m & 1
    for i in range(1, m):
        s = (i & 1) * c[i]
        for j in range(1, i):
            s ^= c[j] & p[i - j]
        p[i] = s
    return [i for i in range(m) if p[i]]


def chunks(v, n):
    return ["SC_W64(0x%016xu)" % ((v >> (64 * i)) & (2**64 - 1)) for i in range(n)]


def generate():
    polys = read_polys()
    out = [header_line("gen_fb.py"),
           "/* GF(2^m) field descriptors (include/seacurve/fb.h), from",
           " * tests/vectors/curves/sec2-params.txt. */",
           "#include <seacurve/fb.h>", "",
           "/* red_clmul: the reducer of sc_fb_mul / sc_fb_sqr with PCLMULQDQ, measured per",
           " * limb width (docs/binary.md, tests/test_fb_timing --table) */"]
    for i, w in enumerate(sorted(RED_MULT_AT, reverse=True)):
        out.append("#%s SC_WORD_BITS == %d" % ("if" if i == 0 else "elif", w))
        for m in DEGREES:
            out.append("#  define RED_%d %s" % (m, "SC_FB_RED_MULT" if m in RED_MULT_AT[w] else "SC_FB_RED_SHXOR"))
    out += ["#endif", "", "const sc_fb_field sc_fb_fields[] = {"]
    for m in DEGREES:
        terms = polys[m]
        ks = terms[1:-1]
        assert terms[-1] == 0 and len(ks) in (1, 3) and ks == sorted(ks, reverse=True)
        assert m - ks[0] > 64, "shift-and-xor folding needs m - k[0] > W"
        tr = traces(terms)
        assert len(tr) <= 4
        T = sum(1 << t for t in terms[1:])
        out.append("#if SC_FB_HAS_%d" % m)
        out.append("    { \"gf2m%d\", %d, SC_WORDS(%d), %d, { %s }, SC_WORDS(%d), %d, { %s }, %s,"
                   % (m, m, m, len(ks), ", ".join(str(k) for k in ks + [0] * (3 - len(ks))),
                      ks[0] + 1, len(tr), ", ".join(str(i) for i in tr + [0] * (4 - len(tr))),
                      "RED_%d" % m))
        out.append("      { %s } }," % ", ".join(chunks(T, 2)))
        out.append("#endif")
    out += ["};", "",
            "const size_t sc_fb_nfields = sizeof sc_fb_fields / sizeof sc_fb_fields[0];", ""]
    return "\n".join(out)


def main():
    text = generate()
    if "--check" in sys.argv[1:]:
        old = open(OUT).read() if os.path.exists(OUT) else ""
        if old != text:
            sys.exit("gen_fb: %s is out of date (run python3 tools/gen_fb.py)" % os.path.relpath(OUT, ROOT))
        print("gen_fb --check: ok")
        return
    with open(OUT, "w") as fh:
        fh.write(text)


if __name__ == "__main__":
    main()
