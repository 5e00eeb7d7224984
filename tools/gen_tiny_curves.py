#!/usr/bin/env python3
"""Tiny prime-order curves for the exhaustive tests (tests/test_tiny_exhaustive.c).

One curve of prime order n (a few thousand points, cofactor 1) over a small
prime field of each shape the library reduces differently:

  tiny_pm    p = 2^12 - 3, a pseudo-Mersenne prime: sc_fp_reduce_pm_generic
             ([DSP] Alg. 3, generic in k and c), plain form, a = -3;
  tiny_mont  p = 4003, a generic prime: sc_fp_reduce_mont (REDC), Montgomery
             form, a = 0 (the doubling of secp256k1; p = 1 mod 3, as a = 0 needs
             for a prime order), p = 3 mod 4;
  tiny_opf   p = 13 * 2^8 + 1 = 3329, an OPF-shaped prime u 2^k + 1: at 8-bit
             limbs p = 1 mod 2^8 and sc_fp_reduce_opf applies ([OPF] Alg. 2's
             REDC with -p^-1 = -1); at 16/32/64-bit limbs p is one word that is
             not 1 mod 2^W and the field falls back to sc_fp_reduce_mont (the
             same Montgomery form); a generic a, p = 1 mod 2^8 (Tonelli-Shanks with
             eight halvings in decompression).

For each shape the search is deterministic: the smallest b >= 1 (b != 0, a
nonsingular curve) whose group order, counted by brute force over x with
Euler's criterion, is a prime n != p inside the Hasse interval; G is the
point with the smallest x >= 1 and the smaller of its two y.  The checks
(--check reruns them) recount the points by enumerating every (x, y), and
verify n G = O and Hasse's bound.

And a binary curve, tiny_b13: y^2 + xy = x^3 + x^2 + b over GF(2^13) = GF(2)[x] / (x^13 +
x^4 + x^3 + x + 1) (a = 1, as sect163r2's), the smallest b with #E = 2 n, n prime (cofactor
2), G = 2 P for the point P of smallest nonzero x and smaller y.  Points are counted with the
trace criterion (y = x z, z^2 + z = x + a + b / x^2 has a solution iff its trace is 0); the test
recounts them by enumerating every (x, y).  The binary-field reducers of src/fb need
m - deg T > W (fb_reduce.c), so a field this small runs on them only at 8-bit limbs: the
binary curve is written for SC_WORD_BITS == 8 alone.

Writes tests/gen/tiny_curves.c: for each curve the fields GF(p) and Z/nZ, the
sc_ep_curve with its table of G (struct sc_ec_gtab, w = 4, every window, as
tools/gen_gtab.py lays it out) and an sc_curve, at each limb width 8/16/32/64.
They are test data, not part of sc_curve_find's list.  Host builds only (the
layout of the host, SC_FP_CONSTS_IN_FLASH = SC_EP_CONSTS_IN_FLASH = 0).

  python3 tools/gen_tiny_curves.py           write the file
  python3 tools/gen_tiny_curves.py --check   regenerate in memory, recheck, compare
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tests", "gen", "tiny_curves.c")
WIDTHS = (8, 16, 32, 64)
GTAB_W = 4

# name, p, a, a_kind, reducer, Montgomery form, reducer at 8-bit limbs
SHAPES = [
    ("tiny_pm", 2**12 - 3, -3, "SC_EP_A_MINUS3", "sc_fp_reduce_pm_generic", 0, None),
    ("tiny_mont", 4003, 0, "SC_EP_A_ZERO", "sc_fp_reduce_mont", 1, None),
    ("tiny_opf", 13 * 2**8 + 1, 7, "SC_EP_A_GENERIC", "sc_fp_reduce_mont", 1, "sc_fp_reduce_opf"),
]


def is_prime(n):
    if n < 2:
        return False
    i = 2
    while i * i <= n:
        if n % i == 0:
            return False
        i += 1
    return True


def count_points(p, a, b):
    """#E over GF(p) by Euler's criterion for every x (with the point at infinity)."""
    cnt = 1
    for x in range(p):
        r = (x * x * x + a * x + b) % p
        if r == 0:
            cnt += 1
        elif pow(r, (p - 1) // 2, p) == 1:
            cnt += 2
    return cnt


def count_points_enum(p, a, b):
    """#E by enumerating every (x, y): an independent recount for --check."""
    sq = [0] * p
    for y in range(p):
        sq[y * y % p] += 1
    return 1 + sum(sq[(x * x * x + a * x + b) % p] for x in range(p))


def sqrt_mod(r, p):
    return min(y for y in range(p) if y * y % p == r)


def add(P, Q, p, a):
    if P is None:
        return Q
    if Q is None:
        return P
    (x1, y1), (x2, y2) = P, Q
    if x1 == x2 and (y1 + y2) % p == 0:
        return None
    if P == Q:
        lam = (3 * x1 * x1 + a) * pow(2 * y1, p - 2, p) % p
    else:
        lam = (y2 - y1) * pow(x2 - x1, p - 2, p) % p
    x3 = (lam * lam - x1 - x2) % p
    return (x3, (lam * (x1 - x3) - y1) % p)


def mul(k, P, p, a):
    R = None
    while k:
        if k & 1:
            R = add(R, P, p, a)
        P = add(P, P, p, a)
        k >>= 1
    return R


def find_curve(p, a):
    a %= p
    for b in range(1, p):
        if (4 * a ** 3 + 27 * b * b) % p == 0:
            continue
        n = count_points(p, a, b)
        if n != p and is_prime(n):
            for x in range(1, p):
                r = (x ** 3 + a * x + b) % p
                if r and pow(r, (p - 1) // 2, p) == 1:
                    return b, n, (x, sqrt_mod(r, p))
    raise SystemExit("no curve for p = %d" % p)


def check_curve(name, p, a, b, n, g):
    a %= p
    assert is_prime(p) and is_prime(n), name
    assert (n - (p + 1)) ** 2 <= 4 * p, name + ": outside the Hasse interval"
    assert count_points_enum(p, a, b) == n, name + ": point count"
    assert (g[1] ** 2 - g[0] ** 3 - a * g[0] - b) % p == 0, name + ": G not on the curve"
    assert mul(n, g, p, a) is None and mul(n - 1, g, p, a) is not None, name + ": order of G"


def words(v, w, nw):
    return [(v >> (w * i)) & ((1 << w) - 1) for i in range(nw)]


def nwords(bits, w):
    return (bits + w - 1) // w


def lit(v, w):
    return "(sc_word)0x%0*xu" % (w // 4, v)


def arr(vs, w, nw):
    return "{ " + ", ".join(lit(x, w) for x in words(vs, w, nw)) + " }"


def field_c(ident, doc, m, mont, red, w):
    """An sc_fp_field initializer for modulus m at limb width w."""
    nw = nwords(m.bit_length(), w)
    R = 1 << (w * nw)
    pinv = (-pow(m, -1, 1 << w)) % (1 << w)
    r2 = R * R % m
    one = R % m if mont else 1
    return ("static const sc_fp_field %s = {\n    SC_DOC(\"%s\"), %d, %d, %d, %s, %s,\n"
            "    %s,\n    %s,\n    %s\n};\n" % (ident, doc, m.bit_length(), nw, mont, red, lit(pinv, w),
                                            arr(m, w, nw), arr(r2, w, nw), arr(one, w, nw)))


def gtab_points(p, a, g, n, w, nw, mont):
    """Windows j = 0 .. nwin-1 of (2t+1) 2^(w j) G, x then y (tools/gen_gtab.py's layout)."""
    nwin = (n.bit_length() + 1 + GTAB_W - 1) // GTAB_W
    R = 1 << (w * nw)
    out = []
    for j in range(nwin):
        base = mul(1 << (GTAB_W * j), g, p, a)
        for t in range(1 << (GTAB_W - 1)):
            x, y = mul(2 * t + 1, base, p, a)
            for c in (x, y):
                out += words(c * R % p if mont else c, w, nw)
    return nwin, out


# ---- GF(2^13) and the binary curve ----
BM = 13
BK = (4, 3, 1)
BF = (1 << BM) | sum(1 << k for k in BK) | 1
B_A = 1


def bmul(x, y):
    r = 0
    while y:
        if y & 1:
            r ^= x
        x <<= 1
        y >>= 1
    for d in range(r.bit_length() - 1, BM - 1, -1):
        if (r >> d) & 1:
            r ^= BF << (d - BM)
    return r


def binv(x):
    r, e = 1, (1 << BM) - 2
    while e:
        if e & 1:
            r = bmul(r, x)
        x = bmul(x, x)
        e >>= 1
    return r


def btrace(x):
    t, z = 0, x
    for _ in range(BM):
        t ^= z
        z = bmul(z, z)
    return t


def b_on(x, y, b):
    return bmul(y, y) ^ bmul(x, y) == bmul(bmul(x, x), x) ^ bmul(B_A, bmul(x, x)) ^ b


def badd(P, Q):
    if P is None:
        return Q
    if Q is None:
        return P
    (x1, y1), (x2, y2) = P, Q
    if x1 == x2 and (y2 == y1 ^ x1):
        return None
    if P == Q:
        lam = x1 ^ bmul(y1, binv(x1))
        x3 = bmul(lam, lam) ^ lam ^ B_A
        return (x3, bmul(x1, x1) ^ bmul(lam ^ 1, x3))
    lam = bmul(y1 ^ y2, binv(x1 ^ x2))
    x3 = bmul(lam, lam) ^ lam ^ x1 ^ x2 ^ B_A
    return (x3, bmul(lam, x1 ^ x3) ^ x3 ^ y1)


def bmulk(k, P):
    R = None
    while k:
        if k & 1:
            R = badd(R, P)
        P = badd(P, P)
        k >>= 1
    return R


def b_count(b):
    """#E: O, the one point with x = 0, two for each x != 0 with Tr(x + a + b / x^2) = 0."""
    return 2 + 2 * sum(1 for x in range(1, 1 << BM)
                       if btrace(x ^ B_A ^ bmul(b, binv(bmul(x, x)))) == 0)


def find_binary():
    for b in range(1, 1 << BM):
        e = b_count(b)
        if e % 2 == 0 and is_prime(e // 2):
            for x in range(1, 1 << BM):
                ys = [y for y in range(1 << BM) if b_on(x, y, b)]
                if ys:
                    g = badd((x, ys[0]), (x, ys[0]))
                    if g is not None:
                        return b, e // 2, g
    raise SystemExit("no binary curve")


def check_binary(b, n, g):
    assert is_prime(n) and b_count(b) == 2 * n, "tiny_b13: order"
    assert (2 * n - (2 ** BM + 1)) ** 2 <= 4 * 2 ** BM, "tiny_b13: outside the Hasse interval"
    assert b_on(g[0], g[1], b), "tiny_b13: G not on the curve"
    assert bmulk(n, g) is None and bmulk(n - 1, g) is not None, "tiny_b13: order of G"


def binary_c(b, n, g):
    """The binary field, curve and Z/nZ at 8-bit limbs."""
    w, nw = 8, nwords(BM, 8)
    stride = nwords(64 * ((BM + 63) // 64), 8)
    trs = [i for i in range(BM) if btrace(1 << i)]
    assert len(trs) <= 4
    t = BF ^ (1 << BM)
    godd = []
    for i in range(16):
        x, y = bmulk(2 * i + 1, g)
        godd += words(x, w, stride) + words(y, w, stride)
    hn = 2 * n
    out = [
        "/* ---- tiny_b13: y^2 + xy = x^3 + x^2 + %d over GF(2^13), f = x^13 + x^4 + x^3 + x + 1, h = 2,"
        " n = %d, G = (%d, %d) ---- */" % (b, n, g[0], g[1]),
        "#if SC_WORD_BITS == 8",
        "#define SC_TINY_BINARY 1",
        "static const sc_fb_field tiny_b13_f = {",
        "    \"tiny_gf2m13\", %d, %d, %d, { %s }, %d, %d, { %s }, SC_FB_RED_SHXOR," % (
            BM, nw, len(BK), ", ".join(str(k) for k in BK), nwords(BK[0] + 1, w), len(trs),
            ", ".join(str(i) for i in trs + [0] * (4 - len(trs)))),
        "    %s" % arr(t, w, nwords(128, w)),
        "};",
        field_c("tiny_b13_n", "tiny_b13.n", n, 1, "sc_fp_reduce_mont", w).rstrip("\n"),
    ]
    for nm, v, k in (("a", B_A, nw), ("b", b, nw), ("gx", g[0], nw), ("gy", g[1], nw),
                     ("nn", n, nwords(n.bit_length(), w)), ("hn", hn, nwords(hn.bit_length(), w))):
        out.append("static const sc_word tiny_b13_%s[] = %s;" % (nm, arr(v, w, k)))
    out.append("static const sc_word tiny_b13_godd[] = {")
    for k in range(0, len(godd), 8):
        out.append("    " + ", ".join(lit(x, w) for x in godd[k:k + 8]) + ",")
    out += [
        "};",
        "static const sc_eb_curve tiny_b13_eb = {",
        "    \"tiny_b13\", &tiny_b13_f, SC_EB_A_ONE, 0, 2, %d, %d, %d, %d," % (
            n.bit_length(), hn.bit_length(), nwords(n.bit_length(), w), nwords(hn.bit_length(), w)),
        "    tiny_b13_a, tiny_b13_b, tiny_b13_gx, tiny_b13_gy, tiny_b13_nn, tiny_b13_hn, tiny_b13_godd",
        "};",
        "#else",
        "#define SC_TINY_BINARY 0",
        "#endif",
        "",
    ]
    return out


def generate():
    curves = []
    for name, p, a, akind, red, mont, red8 in SHAPES:
        b, n, g = find_curve(p, a)
        curves.append((name, p, a % p, akind, red, mont, red8, b, n, g))
    lines = [
        "/* Generated by tools/gen_tiny_curves.py (regenerate: python3 tools/gen_tiny_curves.py); do not edit. */",
        "/* Tiny prime-order curves for tests/test_tiny_exhaustive.c (test data, not in sc_curve_find's",
        " * list): fields, curves and tables of G built as src/curves/gen/params.c and gtab_*.c build",
        " * the named ones, at each limb width.  Host layout only (constants inside the structs). */",
        "#include <seacurve/curves.h>",
        "#include <seacurve/fp_methods.h>",
        "#include \"curves/gtab.h\"",
        "#include \"tiny_curves.h\"",
        "",
        "#if SC_FP_CONSTS_IN_FLASH || SC_EP_CONSTS_IN_FLASH",
        "#error \"the tiny curves use the host layout\"",
        "#endif",
        "",
    ]
    for name, p, a, akind, red, mont, red8, b, n, g in curves:
        lines.append("/* ---- %s: y^2 = x^3 + %d x + %d over GF(%d), n = %d, G = (%d, %d) ---- */"
                     % (name, a, b, p, n, g[0], g[1]))
        for i, w in enumerate(WIDTHS):
            lines.append("#%s SC_WORD_BITS == %d" % ("if" if i == 0 else "elif", w))
            nwp, nwn = nwords(p.bit_length(), w), nwords(n.bit_length(), w)
            r = red8 if (red8 and w == 8) else red
            lines.append(field_c("%s_p" % name, name + ".p", p, mont, r, w).rstrip("\n"))
            lines.append(field_c("%s_n" % name, name + ".n", n, 1, "sc_fp_reduce_mont", w).rstrip("\n"))
            nwin, pts = gtab_points(p, a, g, n, w, nwp, mont)
            lines.append("static const sc_word %s_gtab_pts[] = {" % name)
            for k in range(0, len(pts), 8):
                lines.append("    " + ", ".join(lit(x, w) for x in pts[k:k + 8]) + ",")
            lines.append("};")
            lines.append("#define %s_CONSTS %s, %s, %s, %s" % (name.upper(), arr(a, w, nwp), arr(b, w, nwp),
                                                            arr(g[0], w, nwp), arr(g[1], w, nwp)))
            lines.append("#define %s_NWIN %d" % (name.upper(), nwin))
        lines.append("#endif")
        lines += [
            "static const struct sc_ec_gtab %s_gtab = { %d, %s_NWIN, %d, %d, %s_gtab_pts };"
            % (name, GTAB_W, name.upper(), 1 << (GTAB_W - 1), mont, name),
            "static const sc_ep_curve %s_ep = {" % name,
            "    &%s_p, &%s_n, %s, 1," % (name, name, akind),
            "    %s_CONSTS," % name.upper(),
            "    &%s_gtab" % name,
            "};",
            "",
        ]
    bb, bn, bg = find_binary()
    lines += binary_c(bb, bn, bg)
    lines.append("const sc_curve sc_tiny_curves[] = {")
    for name, p, a, akind, red, mont, red8, b, n, g in curves:
        lines.append("    { \"%s\", { NULL }, NULL, 0, %d, %d, %d, &%s_ep, NULL, &%s_n, 1 },"
                     % (name, (p.bit_length() + 7) // 8, (n.bit_length() + 7) // 8, n.bit_length(), name, name))
    lines += [
        "#if SC_TINY_BINARY",
        "    { \"tiny_b13\", { NULL }, NULL, 0, %d, %d, %d, NULL, &tiny_b13_eb, &tiny_b13_n, 2 },"
        % ((BM + 7) // 8, (bn.bit_length() + 7) // 8, bn.bit_length()),
        "#endif",
        "};",
    ]
    curves.append(("tiny_b13", None, None, None, None, None, None, bb, bn, bg))
    lines.append("const size_t sc_tiny_curve_count = sizeof sc_tiny_curves / sizeof sc_tiny_curves[0];")
    lines.append("")
    return curves, "\n".join(lines)


def main():
    check = "--check" in sys.argv[1:]
    curves, text = generate()
    for name, p, a, akind, red, mont, red8, b, n, g in curves:
        if p is None:
            check_binary(b, n, g)
        else:
            check_curve(name, p, a, b, n, g)
    if check:
        with open(OUT) as f:
            if f.read() != text:
                sys.exit("%s is out of date: run python3 tools/gen_tiny_curves.py" % os.path.relpath(OUT, ROOT))
        print("gen_tiny_curves: %s up to date (%d curves rechecked)" % (os.path.relpath(OUT, ROOT), len(curves)))
        return
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        f.write(text)
    for name, p, a, akind, red, mont, red8, b, n, g in curves:
        print("%s: p = %s, a = %s, b = %d, n = %d, G = %s" % (name, p, a, b, n, g))


if __name__ == "__main__":
    main()
