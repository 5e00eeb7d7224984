/* ecm: the registry of scalar-multiplication methods (variable base, then fixed base and double scalar). */
#include "ecm_internal.h"
#include <string.h>

size_t sc_ecm_count(void)
{
    return sc_ecm_list_var_n + sc_ecm_list_fixdbl_n;
}

const sc_ecm_method *sc_ecm_at(size_t i)
{
    if (i < sc_ecm_list_var_n)
        return &sc_ecm_list_var[i];
    i -= sc_ecm_list_var_n;
    return i < sc_ecm_list_fixdbl_n ? &sc_ecm_list_fixdbl[i] : NULL;
}

const sc_ecm_method *sc_ecm_find(const char *name)
{
    size_t i;
    for (i = 0; i < sc_ecm_count(); i++)
        if (!strcmp(sc_ecm_at(i)->name, name))
            return sc_ecm_at(i);
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

int sc_ecm_supports(const sc_ecm_method *m, const sc_epc_sys *s)
{
    if (!m || !s)
        return 0;
    if (m->ct && !s->ct)
        return 0;
    return m->systems == NULL || in_list(m->systems, s->name);
}
