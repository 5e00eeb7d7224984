/* scalarmul: the registry of scalar-multiplication methods (variable base, then fixed base and double scalar). */
#include "scalarmul_internal.h"
#include <string.h>

size_t sc_scalarmul_count(void)
{
    return sc_scalarmul_list_var_n + sc_scalarmul_list_fixed_double_n;
}

const sc_scalarmul_method *sc_scalarmul_at(size_t i)
{
    if (i < sc_scalarmul_list_var_n)
        return &sc_scalarmul_list_var[i];
    i -= sc_scalarmul_list_var_n;
    return i < sc_scalarmul_list_fixed_double_n ? &sc_scalarmul_list_fixed_double[i] : NULL;
}

const sc_scalarmul_method *sc_scalarmul_find(const char *name)
{
    size_t i;
    for (i = 0; i < sc_scalarmul_count(); i++)
        if (!strcmp(sc_scalarmul_at(i)->name, name))
            return sc_scalarmul_at(i);
    return NULL;
}

/* name occurs as a whole item of the comma-separated list */
static int in_list(const char *list, const char *name)
{
    size_t n = strlen(name);
    const char *p = list;
    while (*p) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len == n && !memcmp(p, name, n))
            return 1;
        if (!e)
            break;
        p = e + 1;
    }
    return 0;
}

int sc_scalarmul_supports(const sc_scalarmul_method *m, const sc_coords_sys *s)
{
    if (!m || !s)
        return 0;
    if (m->ct && !s->ct)
        return 0;
    return m->systems == NULL || in_list(m->systems, s->name);
}
