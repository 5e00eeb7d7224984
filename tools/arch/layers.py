"""The layers of the library, bottom to top, and the calls each one may make.

One description read by tools/arch/figure.py (the picture in docs/architecture.md)
and by tools/check_deps.py (which fails the build when the object files call
across a layer in a way this table does not allow).  A layer may call only the
layers it lists; the order of LAYERS is the order of the stack, and every
allowed call goes down it.
"""

# name, source folders, what it owns (one line, for the picture), may call
LAYERS = [
    ('util', ['src/util'], 'constant-time masks, wiping, flash access', []),
    ('opcount', ['src/opcount'], 'field-operation counters (measuring builds)', []),
    ('port/x86_64', ['port/x86_64'], 'gateway kernels: MULX/ADX, PCLMULQDQ, SHA-NI', []),
    ('port/avr', ['port/avr'], 'mote kernels (AVR assembly, generated)', []),
    ('port/cortexm', ['port/cortexm'], 'mote kernels (Cortex-M assembly: UMAAL, reductions, add / sub)', []),
    ('mp', ['src/mp'], 'multi-precision naturals, 8/16/32/64-bit limbs',
     ['util', 'opcount', 'port/x86_64', 'port/avr', 'port/cortexm']),
    ('fp', ['src/fp'], 'GF(p): reducers, inversion, square roots',
     ['mp', 'util', 'opcount', 'port/x86_64', 'port/avr', 'port/cortexm']),
    ('fb', ['src/fb'], 'GF(2^m): carry-less / comb multiply, reductions',
     ['mp', 'util', 'opcount', 'port/x86_64']),
    ('ep', ['src/ep'], 'prime-curve points: Jacobian, mixed, complete formulas',
     ['fp', 'mp', 'util', 'opcount', 'port/x86_64']),
    ('eb', ['src/eb'], 'binary-curve points: Lopez-Dahab, x-only ladder, TNAF',
     ['fb', 'mp', 'util', 'opcount', 'port/x86_64']),
    ('curves', ['src/curves'], 'curve descriptors, tables of G, GLV constants',
     ['ep', 'eb', 'fp', 'fb', 'mp', 'util']),
    ('coords', ['src/coords'], 'method matrix: coordinate systems',
     ['ep', 'fp', 'mp', 'util', 'opcount']),
    ('ec', ['src/ec'], 'production k*P, k*G, u1*G + u2*Q',
     ['curves', 'ep', 'fp', 'mp', 'util']),
    ('scalarmul', ['src/scalarmul'], 'method matrix: scalar-multiplication methods',
     ['coords', 'ep', 'fp', 'mp', 'util', 'opcount']),
    ('hash', ['src/hash'], 'SHA-1/2, HMAC, HMAC-DRBG',
     ['util', 'port/x86_64', 'port/avr']),
    ('pk', ['src/pk'], 'keys, ECDSA, ECDH, encodings, key files',
     ['curves', 'ec', 'eb', 'ep', 'fp', 'fb', 'mp', 'hash', 'util']),
    ('batch', ['src/batch'], 'gateway: batch verification, worker pool, per-key table cache',
     ['pk', 'curves', 'ec', 'ep', 'fp', 'mp', 'hash', 'util']),
]

# Groups drawn side by side in the picture (one rank each), top to bottom.
RANKS = [
    ['batch'],
    ['pk'],
    ['hash', 'scalarmul'],
    ['ec', 'coords'],
    ['curves'],
    ['ep', 'eb'],
    ['fp', 'fb'],
    ['mp'],
    ['port/x86_64', 'port/avr', 'port/cortexm', 'util', 'opcount'],
]


def layer_of(path):
    """The layer a repository path belongs to (generated files under
    <folder>/gen/ belong to <folder>'s layer), or None."""
    best = None
    for name, folders, _, _ in LAYERS:
        for d in folders:
            if (path == d or path.startswith(d + '/')) and (best is None or len(d) > len(best[1])):
                best = (name, d)
    return best[0] if best else None


def allowed():
    """{layer: set of layers it may call}."""
    return {name: set(calls) for name, _, _, calls in LAYERS}
