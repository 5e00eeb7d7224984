/* Curve lookup by name, alias and OID. */
#include <seacurve/curves.h>
#include <string.h>

extern const sc_curve sc_curve_table[];
extern const size_t sc_curve_table_len;

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
    for (i = 0; i < sc_curve_table_len; i++) {
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
    for (i = 0; i < sc_curve_table_len; i++) {
        const sc_curve *c = &sc_curve_table[i];
        if (c->oid_len == len && memcmp(c->oid, oid, len) == 0)
            return c;
    }
    return NULL;
}

const sc_curve *sc_curve_at(size_t i)
{
    return i < sc_curve_table_len ? &sc_curve_table[i] : NULL;
}

size_t sc_curve_count(void)
{
    return sc_curve_table_len;
}
