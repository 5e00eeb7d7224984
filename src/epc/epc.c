/* epc: the registry of coordinate systems and the helpers common to all of them. */
#include <string.h>
#include <seacurve/epc.h>
#include <seacurve/opcount.h>
#include <seacurve/util.h>
#include "epc_internal.h"
#include "util/flash.h"

static const sc_epc_sys *const systems[] = {
    &sc_epc_affine,
    &sc_epc_projective,
    &sc_epc_jacobian,
    &sc_epc_mjacobian,
    &sc_epc_chudnovsky,
    &sc_epc_mixed002,
    &sc_epc_mixed002x,
};

size_t sc_epc_count(void)
{
    return sizeof systems / sizeof systems[0];
}

const sc_epc_sys *sc_epc_at(size_t i)
{
    return i < sc_epc_count() ? systems[i] : NULL;
}

const sc_epc_sys *sc_epc_find(const char *name)
{
    size_t i;
    if (!name)
        return NULL;
    for (i = 0; i < sc_epc_count(); i++)
        if (strcmp(systems[i]->name, name) == 0)
            return systems[i];
    return NULL;
}

void sc_epc_cmov(sc_epc *r, const sc_epc *a, sc_word mask, const sc_epc_sys *s, const sc_ep_curve *c)
{
    unsigned i;
    for (i = 0; i < s->ncoords; i++)
        sc_fp_cmov(r->v[i], a->v[i], mask, c->fp);
}

void sc_epc_copy(sc_epc *r, const sc_epc *a, const sc_epc_sys *s, const sc_ep_curve *c)
{
    unsigned i;
    if (r == a)
        return;
    for (i = 0; i < s->ncoords; i++)
        sc_fp_copy(r->v[i], a->v[i], c->fp);
}

void sc_epc_to_jac(sc_ep_jac *r, const sc_epc *p, const sc_ep_curve *c)
{
    sc_fp_copy(r->x, p->v[0], c->fp);
    sc_fp_copy(r->y, p->v[1], c->fp);
    sc_fp_copy(r->z, p->v[2], c->fp);
}

void sc_epc_from_jac(sc_epc *r, const sc_ep_jac *p, const sc_ep_curve *c)
{
    sc_fp_copy(r->v[0], p->x, c->fp);
    sc_fp_copy(r->v[1], p->y, c->fp);
    sc_fp_copy(r->v[2], p->z, c->fp);
}

/* hide constant loading from the counters (see epc_internal.h) */
#if defined(SC_OPCOUNT) && SC_OPCOUNT
#  define UNCOUNTED_BEGIN() (sc_opcount_depth++)
#  define UNCOUNTED_END() (sc_opcount_depth--)
#else
#  define UNCOUNTED_BEGIN() ((void)0)
#  define UNCOUNTED_END() ((void)0)
#endif

void sc_epc_get_a(sc_word *r, const sc_ep_curve *c)
{
    UNCOUNTED_BEGIN();
    sc_fp_from_canon(r, sc_flash_words(r, c->a, c->fp->nw), c->fp);
    UNCOUNTED_END();
}

void sc_epc_get_b(sc_word *r, const sc_ep_curve *c)
{
    UNCOUNTED_BEGIN();
    sc_fp_from_canon(r, sc_flash_words(r, c->b, c->fp->nw), c->fp);
    UNCOUNTED_END();
}

void sc_epc_get_b3(sc_word *r, const sc_ep_curve *c)
{
    UNCOUNTED_BEGIN();
    sc_fp_from_canon(r, sc_flash_words(r, c->b, c->fp->nw), c->fp);
    sc_epc_mul3(r, r, c->fp);
    UNCOUNTED_END();
}

void sc_epc_mul3(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    sc_fe t;
    sc_fp_dbl(t, a, f);
    sc_fp_add(r, t, a, f);
}

void sc_epc_mul8(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    sc_fp_dbl(r, a, f);
    sc_fp_dbl(r, r, f);
    sc_fp_dbl(r, r, f);
}

sc_err sc_epc_aff_result(sc_ep_aff *r, sc_word inf, const sc_fp_field *f)
{
    SC_DECLASSIFY(&inf, sizeof inf);    /* whether the result is infinity is published */
    if (inf) {
        sc_fp_set_zero(r->x, f);
        sc_fp_set_zero(r->y, f);
        return SC_ERR_INFINITY;
    }
    return SC_OK;
}
