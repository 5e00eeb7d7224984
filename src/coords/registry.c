/* coords: the registry of coordinate systems, one per file of this folder, by name. */
#include <string.h>
#include <seacurve/coords.h>
#include "coords_internal.h"

static const sc_coords_sys *const systems[] = {
    &sc_coords_affine,
    &sc_coords_projective,
    &sc_coords_jacobian,
    &sc_coords_mjacobian,
    &sc_coords_chudnovsky,
    &sc_coords_jacproj,
    &sc_coords_jacproj_noinv,
};

size_t sc_coords_count(void)
{
    return sizeof systems / sizeof systems[0];
}

const sc_coords_sys *sc_coords_at(size_t i)
{
    return i < sc_coords_count() ? systems[i] : NULL;
}

const sc_coords_sys *sc_coords_find(const char *name)
{
    size_t i;
    if (!name)
        return NULL;
    for (i = 0; i < sc_coords_count(); i++)
        if (strcmp(systems[i]->name, name) == 0)
            return systems[i];
    return NULL;
}
