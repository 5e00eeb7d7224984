/* seacurve curves: the curves of this build and the methods they use, read
 * from the library's curve descriptors (curves.h, sc_curve_get_info). */
#include "cli.h"
#include <string.h>

void cli_print_curve_names(const char *indent, size_t width)
{
    size_t i, k, col = 0;
    char item[160];
    for (i = 0; i < sc_curve_count(); i++) {
        const sc_curve *c = sc_curve_at(i);
        size_t n = (size_t)snprintf(item, sizeof item, "%s", c->name);
        for (k = 0; k < sizeof c->aliases / sizeof c->aliases[0] && c->aliases[k] && n < sizeof item; k++)
            n += (size_t)snprintf(item + n, sizeof item - n, "%s%s", k ? ", " : " (", c->aliases[k]);
        if (k && n < sizeof item)
            n += (size_t)snprintf(item + n, sizeof item - n, ")");
        if (i + 1 < sc_curve_count() && n < sizeof item)
            n += (size_t)snprintf(item + n, sizeof item - n, ",");
        if (n >= sizeof item)
            n = sizeof item - 1;
        if (col && col + 1 + n > width) {
            putchar('\n');
            col = 0;
        }
        if (!col)
            col = (size_t)printf("%s", indent);
        else
            col += (size_t)printf(" ");
        col += (size_t)printf("%s", item);
    }
    if (col)
        putchar('\n');
}

static void curves_usage(void)
{
    printf("usage: seacurve curves [--curve NAME] [--names]\n"
           "Lists the supported curves: names and aliases, OID, field and group-order sizes, and how\n"
           "this build computes on them (field reduction, inversion, scalar multiplication).\n"
           "  --curve NAME  only this curve\n"
           "  --names       canonical names only, one a line\n"
           "Exit status: 0, or 2 for an unknown curve or option.\n");
}

static void print_oid(const uint8_t *oid, size_t len)
{
    unsigned long v = 0;
    size_t i;
    int first = 1;
    for (i = 0; i < len; i++) {
        v = (v << 7) | (oid[i] & 0x7fu);
        if (oid[i] & 0x80u)
            continue;
        if (first) {
            unsigned long a = v < 80 ? v / 40 : 2;
            printf("%lu.%lu", a, v - 40 * a);
            first = 0;
        } else {
            printf(".%lu", v);
        }
        v = 0;
    }
}

static const char *reducer_name(const sc_fp_field *f)
{
    sc_fp_reduce_fn r = f->reduce;
    if (r == sc_fp_reduce_secp160r1)
        return "special form p = 2^160 - 2^31 - 1 (folding), plain elements";
    if (r == sc_fp_reduce_p192)
        return "Solinas (NIST fast reduction) p = 2^192 - 2^64 - 1, plain elements";
    if (r == sc_fp_reduce_p224)
        return "Solinas (NIST fast reduction) p = 2^224 - 2^96 + 1, plain elements";
    if (r == sc_fp_reduce_p256)
        return "Solinas (NIST fast reduction) p = 2^256 - 2^224 + 2^192 + 2^96 - 1, plain elements";
    if (r == sc_fp_reduce_secp256k1)
        return "special form p = 2^256 - 2^32 - 977 (folding), plain elements";
    if (r == sc_fp_reduce_p224_mont)
        return "Montgomery (REDC) specialised to P-224 (-p^-1 = -1 mod 2^64: no multiplies)";
    if (r == sc_fp_reduce_p256_mont)
        return "Montgomery (REDC) specialised to P-256 (-p^-1 = 1 mod 2^64)";
    if (r == sc_fp_reduce_mont)
        return "Montgomery (REDC), generic";
    if (r == sc_fp_reduce_barrett)
        return "Barrett, generic";
    if (r == sc_fp_reduce_opf)
        return "Montgomery (REDC) for the optimal prime p = u 2^k + 1 ([OPF]: -p^-1 = -1, top words only)";
    return f->mont ? "Montgomery (other reducer)" : "other reducer";
}

static void print_binary(const sc_curve *c)
{
    const sc_eb_curve *e = c->eb;
    printf("  field      GF(2^%u), polynomial basis, %u %u-bit limbs; coordinates %u bytes;\n"
           "             public key %u bytes (%u compressed)\n",
           (unsigned)e->f->m, (unsigned)e->f->nw, (unsigned)SC_WORD_BITS, (unsigned)c->flen,
           1u + 2u * c->flen, 1u + c->flen);
    printf("  order      n: %u bits, cofactor %u; private key %u bytes, P1363 signature %u bytes\n",
           (unsigned)c->nbits, (unsigned)c->h, (unsigned)c->nlen, 2u * c->nlen);
    printf("  mod n      %s\n", reducer_name(c->fn));
    printf("  curve      y^2 + xy = x^3 + %sx^2 + b%s\n",
           e->a_kind == SC_EB_A_ZERO ? "0" : e->a_kind == SC_EB_A_ONE ? "" : "a ",
           e->b_one ? " (b = 1: Koblitz)" : "");
    printf("  k*P, k*G   (ECDH, keygen, signing) Lopez-Dahab Montgomery ladder, x-only, over h*n; constant time\n");
    printf("  u1*G+u2*Q  (verification) interleaved wNAF (G: w = 5; Q: w = 4); variable time\n");
    printf("  validation on the curve and n*Q = O (cofactor %u)\n", (unsigned)c->h);
}

static void print_curve(const sc_curve *c)
{
    const sc_ep_curve *e = c->ep;
    sc_curve_info in;
    size_t i;

    sc_curve_get_info(c, &in);
    printf("%s", c->name);
    for (i = 0; i < 3 && c->aliases[i]; i++)
        printf("%s%s", i ? ", " : " (", c->aliases[i]);
    if (c->oid_len) {
        printf("%s  OID ", i ? ")" : "");
        print_oid(c->oid, c->oid_len);
        printf("\n");
    } else {
        printf("%s  no OID: non-standard (docs/opf.md); key files carry explicit parameters\n", i ? ")" : "");
    }
    if (!e) {
        print_binary(c);
        return;
    }
    printf("  field      p: %u bits, %u %u-bit limbs (Comba products); coordinates %u bytes;\n"
           "             public key %u bytes (%u compressed)\n",
           (unsigned)e->fp->bits, (unsigned)e->fp->nw, (unsigned)SC_WORD_BITS, (unsigned)c->flen,
           1u + 2u * c->flen, 1u + c->flen);
    printf("  order      n: %u bits, cofactor %u; private key %u bytes, P1363 signature %u bytes\n",
           (unsigned)c->nbits, (unsigned)e->h, (unsigned)c->nlen, 2u * c->nlen);
    printf("  mod p      %s\n", reducer_name(e->fp));
    printf("  mod n      %s\n", reducer_name(e->fn));
    if (in.inv_safegcd)
        printf("  inversion  safegcd (Bernstein-Yang divsteps), constant time; the same for public values\n");
    else
        printf("  inversion  Fermat a^(p-2) (addition chains on the special primes), constant time;\n"
               "             public values: binary extended Euclid\n");
    printf("  points     Jacobian coordinates, %s doubling formulas\n",
           e->a_kind == SC_EP_A_MINUS3 ? "a = -3" : e->a_kind == SC_EP_A_ZERO ? "a = 0" : "generic-a");
    printf("  k*P        (ECDH) signed odd fixed window, w = %u (Joye-Tunstall regular recoding),\n"
           "             %u odd multiples%s; constant time\n",
           (unsigned)in.mul_w, in.mul_w ? 1u << (in.mul_w - 1u) : 0u,
           e->a_kind == SC_EP_A_ZERO ? " kept affine on an isomorphic curve (mixed additions)" : "");
    if (in.gen_w)
        printf("  k*G        (keygen, signing) fixed-base table in const data, %u windows x %u odd\n"
               "             multiples of G (w = %u): one mixed addition per window, no doubling; constant time\n",
               (unsigned)in.gen_windows, 1u << (in.gen_w - 1u), (unsigned)in.gen_w);
    else
        printf("  k*G        (keygen, signing) as k*P: no fixed-base table in this build\n");
    if (in.glv)
        printf("  u1*G+u2*Q  (verification) GLV endomorphism: four half-length scalars, interleaved wNAF\n"
               "             (G, phi(G): w = %u%s; Q, phi(Q): w = %u); variable time\n",
               (unsigned)in.mul2_wg, in.mul2_g_table ? " from the table" : "", (unsigned)in.mul2_wq);
    else
        printf("  u1*G+u2*Q  (verification) interleaved wNAF (G: w = %u%s; Q: w = %u); variable time\n",
               (unsigned)in.mul2_wg, in.mul2_g_table ? " from the table" : "", (unsigned)in.mul2_wq);
}

int cmd_curves(int argc, char **argv)
{
    const char *curve = NULL;
    int names = 0, help = 0, rc;
    const cli_opt opts[] = { { "--curve", 1, &curve, NULL }, { "--names", 0, NULL, &names }, { NULL, 0, NULL, NULL } };
    const sc_curve *only = NULL;
    size_t i;

    if ((rc = cli_parse(argc, argv, opts, &help)) != 0)
        return rc;
    if (help) {
        curves_usage();
        return 0;
    }
    if (curve && !(only = cli_curve(curve)))
        return CLI_EXIT_ERROR;
    for (i = 0; i < sc_curve_count(); i++) {
        const sc_curve *c = sc_curve_at(i);
        if (only && c != only)
            continue;
        if (names) {
            printf("%s\n", c->name);
            continue;
        }
        if (i && !only)
            printf("\n");
        print_curve(c);
    }
    if (!names && !only) {
        printf("\nBuilt with %u-bit limbs.\n", (unsigned)SC_WORD_BITS);
#if SC_WORD_BITS == 64 && (defined(__x86_64__) || defined(_M_X64))
        printf("On CPUs with BMI2 and ADX, fused MULX multiply-and-reduce kernels (port/x86_64) replace\n"
               "the C path of the P-256, P-224, secp256k1, secp160r1 and P-192 fields and of the 3- and\n"
               "4-word Montgomery fields at run time.\n");
#endif
    }
    if (fflush(stdout) != 0)
        return cli_fail("stdout", "write error");
    return 0;
}
