/* Curve lookup by name, alias and OID. */
#include <seacurve/curves.h>
#include <seacurve/ec.h>   /* the windows' defaults, SC_EC_MUL_W and SC_EC_MUL2_WQ */
#include "gtab.h"
#include <string.h>
#include "util/flash.h"

extern const sc_curve sc_curve_table[];
/* in flash on AVR (src/curves/gen/params.c) */
extern const uint16_t sc_curve_table_len SC_FLASH;
extern const uint16_t sc_curve_table_prime_len SC_FLASH;
#define TABLE_LEN ((size_t)sc_flash_rd_u16(&sc_curve_table_len))

static int name_eq(const char *a, const char *b)
{
    for (;; a++, b++) {
        char x = *a, y = *b;
        if (x >= 'A' && x <= 'Z')
            x = (char)(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z')
            y = (char)(y - 'A' + 'a');
        if (x != y)
            return 0;
        if (!x)
            return 1;
    }
}

const sc_curve *sc_curve_find(const char *name)
{
    size_t i, j;
    if (!name)
        return NULL;
    for (i = 0; i < TABLE_LEN; i++) {
        const sc_curve *c = &sc_curve_table[i];
        if (name_eq(name, c->name))
            return c;
        for (j = 0; j < 3 && c->aliases[j]; j++)
            if (name_eq(name, c->aliases[j]))
                return c;
    }
    return NULL;
}

const sc_curve *sc_curve_by_oid(const uint8_t *oid, size_t len)
{
    size_t i;
    if (!oid)
        return NULL;
    for (i = 0; i < TABLE_LEN; i++) {
        const sc_curve *c = &sc_curve_table[i];
        if (c->oid_len == len && memcmp(c->oid, oid, len) == 0)
            return c;
    }
    return NULL;
}

const sc_curve *sc_curve_at(size_t i)
{
    return i < TABLE_LEN ? &sc_curve_table[i] : NULL;
}

size_t sc_curve_count(void)
{
    return TABLE_LEN;
}

size_t sc_curve_prime_count(void)
{
    return sc_flash_rd_u16(&sc_curve_table_prime_len);
}

#if SC_GTAB_WIDE
/* gtab.h: each curve's full table of G and the gateway's window beside it */
const struct sc_ec_gtab *sc_gtab_mul2(const struct sc_ec_gtab *g)
{
    static const struct { const struct sc_ec_gtab *full, *wide; } map[] = {
#if SC_CURVE_SECP160R1
        { SC_GTAB_SECP160R1, &sc_gtab_wide_secp160r1 },
#endif
#if SC_CURVE_SECP192R1
        { SC_GTAB_SECP192R1, &sc_gtab_wide_secp192r1 },
#endif
#if SC_CURVE_SECP224R1
        { SC_GTAB_SECP224R1, &sc_gtab_wide_secp224r1 },
#endif
#if SC_CURVE_SECP256R1
        { SC_GTAB_SECP256R1, &sc_gtab_wide_secp256r1 },
#endif
#if SC_CURVE_SECP256K1
        { SC_GTAB_SECP256K1, &sc_gtab_wide_secp256k1 },
#endif
#if SC_CURVE_OPF160
        { SC_GTAB_OPF160, &sc_gtab_wide_opf160 },
#endif
#if SC_CURVE_OPF192
        { SC_GTAB_OPF192, &sc_gtab_wide_opf192 },
#endif
#if SC_CURVE_OPF224
        { SC_GTAB_OPF224, &sc_gtab_wide_opf224 },
#endif
#if SC_CURVE_OPF256
        { SC_GTAB_OPF256, &sc_gtab_wide_opf256 },
#endif
        { NULL, NULL }
    };
    size_t i;
    for (i = 0; g && map[i].full; i++)
        if (g == map[i].full)
            return map[i].wide->mont == g->mont ? map[i].wide : g;
    return g;
}
#endif

void sc_curve_get_info(const sc_curve *c, sc_curve_info *info)
{
    const sc_ep_curve *e;
    const struct sc_ec_gtab *g;
#if SC_CURVE_SECP256K1
    const struct sc_ec_glv *gl = &sc_glv_secp256k1;   /* in flash on AVR */
    size_t bytes;
#endif
    if (!info)
        return;
    memset(info, 0, sizeof *info);
    if (!c || !c->ep)
        return;
    e = c->ep;
    info->mul_w = SC_EC_MUL_W;
    info->mul2_wq = SC_EC_MUL2_WQ;
    /* as ec.c's curve_gtab: a Montgomery table on a plain field is not used;
     * without the tables of G (SC_NO_GTAB) a curve has window 0 alone, for
     * sc_ec_mul2_var, and k*G no table */
    g = e->gtab;
    info->mul2_wg = SC_EC_MUL2_WQ;
    if (g && !(g->mont && !e->fp->mont)) {
        if (g->nwin > 1) {
            info->gen_w = g->w;
            info->gen_windows = g->nwin;
        }
        /* the table verification reads: the gateway's window of G for a curve with its full
         * table, else the curve's window 0 (gtab_w0.c without the tables) */
        info->mul2_wg = (uint8_t)(sc_gtab_mul2(g)->w + 1u);
        info->mul2_g_table = 1;
    }
    /* as ec.c's curve_glv: the curve is the one of the generated GLV data */
#if SC_CURVE_SECP256K1
    bytes = e->fp->nw * sizeof(sc_word);
    info->glv = (uint8_t)(e->a_kind == SC_EP_A_ZERO && e->fn->nw == e->fp->nw && e->fp->nw == SC_WORDS(256) &&
                          !sc_flash_cmp(e->fp->p, gl->p, bytes) && !sc_flash_cmp(e->fn->p, gl->n, bytes) &&
                          !sc_flash_cmp_ff(e->b, gl->b, bytes));
#endif
    /* as fp/inv.c's sc_fp_inv */
#if defined(SC_FP_HAVE_SAFEGCD) && SC_WORD_BITS >= 32
    info->inv_safegcd = 1;
#endif
}
