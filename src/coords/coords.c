/* coords: the helpers common to every coordinate system (the systems call them;
 * the registry of systems is registry.c). */
#include <seacurve/coords.h>
#include <seacurve/opcount.h>
#include <seacurve/util.h>
#include "coords_internal.h"
#include "util/flash.h"

void sc_coords_cmov(sc_coords_point *r, const sc_coords_point *a, sc_word mask, const sc_coords_sys *s, const sc_ep_curve *c)
{
    unsigned i;
    for (i = 0; i < s->ncoords; i++)
        sc_fp_cmov(r->v[i], a->v[i], mask, c->fp);
}

void sc_coords_copy(sc_coords_point *r, const sc_coords_point *a, const sc_coords_sys *s, const sc_ep_curve *c)
{
    unsigned i;
    if (r == a)
        return;
    for (i = 0; i < s->ncoords; i++)
        sc_fp_copy(r->v[i], a->v[i], c->fp);
}

void sc_coords_to_jac(sc_ep_jac *r, const sc_coords_point *p, const sc_ep_curve *c)
{
    sc_fp_copy(r->x, p->v[0], c->fp);
    sc_fp_copy(r->y, p->v[1], c->fp);
    sc_fp_copy(r->z, p->v[2], c->fp);
}

void sc_coords_from_jac(sc_coords_point *r, const sc_ep_jac *p, const sc_ep_curve *c)
{
    sc_fp_copy(r->v[0], p->x, c->fp);
    sc_fp_copy(r->v[1], p->y, c->fp);
    sc_fp_copy(r->v[2], p->z, c->fp);
}

/* hide constant loading from the counters (see coords_internal.h) */
#if defined(SC_OPCOUNT) && SC_OPCOUNT
#  define UNCOUNTED_BEGIN() (sc_opcount_depth++)
#  define UNCOUNTED_END() (sc_opcount_depth--)
#else
#  define UNCOUNTED_BEGIN() ((void)0)
#  define UNCOUNTED_END() ((void)0)
#endif

void sc_coords_get_a(sc_word *r, const sc_ep_curve *c)
{
    UNCOUNTED_BEGIN();
    sc_fp_from_canon(r, sc_flash_words(r, c->a, c->fp->nw), c->fp);
    UNCOUNTED_END();
}

void sc_coords_get_b(sc_word *r, const sc_ep_curve *c)
{
    UNCOUNTED_BEGIN();
    sc_fp_from_canon(r, sc_flash_words(r, c->b, c->fp->nw), c->fp);
    UNCOUNTED_END();
}

void sc_coords_get_b3(sc_word *r, const sc_ep_curve *c)
{
    UNCOUNTED_BEGIN();
    sc_fp_from_canon(r, sc_flash_words(r, c->b, c->fp->nw), c->fp);
    sc_coords_mul3(r, r, c->fp);
    UNCOUNTED_END();
}

void sc_coords_mul3(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    sc_fe t;
    sc_fp_dbl(t, a, f);
    sc_fp_add(r, t, a, f);
}

void sc_coords_mul8(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    sc_fp_dbl(r, a, f);
    sc_fp_dbl(r, r, f);
    sc_fp_dbl(r, r, f);
}

sc_err sc_coords_aff_result(sc_ep_aff *r, sc_word inf, const sc_fp_field *f)
{
    SC_DECLASSIFY(&inf, sizeof inf);    /* whether the result is infinity is published */
    if (inf) {
        sc_fp_set_zero(r->x, f);
        sc_fp_set_zero(r->y, f);
        return SC_ERR_INFINITY;
    }
    return SC_OK;
}
