#!/usr/bin/env python3
"""Layer and file dependency check of the seacurve library, from its objects.

    python3 tools/check_deps.py BUILD [--nm NM] [--ar AR] [--dot FILE] [-v]

BUILD is a CMake build tree of the library, or the path of its libseacurve.a
(or of another static library of the same sources, libseacurve_opcount.a).
The objects of the static library are read with `nm`: the global symbols each
object defines and the ones it leaves undefined.  A file that uses a symbol
defined by another file depends on that file.  Each source file belongs to a
layer by its folder (tools/arch/layers.py; generated files under
src/<layer>/gen/ belong to <layer>, the kernels of port/<arch>/ to port/<arch>).  The check fails
when

  (a) the files of one layer depend on each other in a circle (the circle is
      printed), or
  (b) a file depends on a file of a layer its own layer may not call
      (tools/arch/layers.py lists, for each layer, the layers below it that
      it may call; the picture of docs/architecture.md is drawn from it).

--dot FILE writes the file graph, one cluster per layer, as graphviz text;
-v prints every dependency between files with the symbols behind it.  Only
the Python standard library and binutils (nm, ar) are used.
"""
import argparse
import os
import subprocess
import sys

# The layers, their order and the calls each may make: tools/arch/layers.py,
# the same table docs/architecture.md draws.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "arch"))
from layers import LAYERS, allowed, layer_of as folder_layer  # noqa: E402

ALLOWED = allowed()
RANK = {name: i for i, (name, _, _, _) in enumerate(LAYERS)}

# nm symbol types: defined globals and references
DEFINED = set("TDBRGSCVWiu")
UNDEFINED = set("Uvw")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def die(msg):
    print("check_deps: " + msg, file=sys.stderr)
    sys.exit(2)


def run(cmd):
    try:
        return subprocess.run(cmd, check=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              universal_newlines=True).stdout
    except FileNotFoundError:
        die("%s not found" % cmd[0])
    except subprocess.CalledProcessError as e:
        die("%s failed: %s" % (" ".join(cmd[:2]), e.stderr.strip()))


def find_archive(path):
    if os.path.isfile(path):
        return path
    top = os.path.join(path, "libseacurve.a")
    if os.path.isfile(top):
        return top
    for dirpath, dirnames, filenames in os.walk(path):
        dirnames.sort()
        if "libseacurve.a" in filenames:
            return os.path.join(dirpath, "libseacurve.a")
    die("no libseacurve.a under %s (build the library first)" % path)


def objects(archive, ar):
    """[(source path relative to ROOT, object path)] of the archive's members.

    The objects of CMakeFiles/<name>.dir/ beside lib<name>.a name their
    sources (src/eb/eb.c.o); only those in the archive whose source exists
    count (a moved source leaves its old object behind).  Without that folder
    the members are matched to the sources by file name."""
    members = set(run([ar, "t", archive]).split())
    stem = os.path.basename(archive)
    stem = stem[3:] if stem.startswith("lib") else stem
    stem = stem[:-2] if stem.endswith(".a") else stem
    objdir = os.path.join(os.path.dirname(archive), "CMakeFiles", stem + ".dir")
    found = []
    if os.path.isdir(objdir):
        for dirpath, dirnames, filenames in os.walk(objdir):
            dirnames.sort()
            for fn in sorted(filenames):
                if not fn.endswith(".o") or fn not in members:
                    continue
                obj = os.path.join(dirpath, fn)
                rel = os.path.relpath(obj, objdir)[:-2]
                parts = rel.split(os.sep)
                # multi-configuration generators put a configuration folder first
                while parts and not os.path.isfile(os.path.join(ROOT, *parts)):
                    parts = parts[1:]
                if parts:
                    found.append(("/".join(parts), obj))
        if found:
            return found
    byname = {}
    for top in ("src", "port"):
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, top)):
            for fn in filenames:
                byname.setdefault(fn + ".o", []).append(
                    os.path.relpath(os.path.join(dirpath, fn), ROOT).replace(os.sep, "/"))
    for m in sorted(members):
        srcs = byname.get(m, [])
        if len(srcs) != 1:
            die("archive member %s: %s (build tree with CMakeFiles/seacurve.dir needed)"
                % (m, "several sources: " + ", ".join(srcs) if srcs else "no source"))
        found.append((srcs[0], archive + "(" + m + ")"))
    return found


def read_symbols(archive, objs, nm):
    """{source: (defined set, used set)}"""
    syms = {src: (set(), set()) for src, _ in objs}
    if objs and objs[0][1].endswith(".o"):
        by_obj = {obj: src for src, obj in objs}
        out = run([nm, "-A", "-P"] + [obj for _, obj in objs])
        def source_of(name):
            return by_obj.get(name)
    else:
        by_member = {obj[len(archive) + 1:-1]: src for src, obj in objs}
        out = run([nm, "-A", "-P", archive])
        def source_of(name):
            # "libseacurve.a[eb.c.o]"
            return by_member.get(name[name.rfind("[") + 1:-1]) if name.endswith("]") else None
    for line in out.splitlines():
        head, sep, rest = line.partition(": ")
        if not sep:
            continue
        src = source_of(head)
        f = rest.split()
        if src is None or len(f) < 2:
            continue
        name, kind = f[0], f[1]
        if kind in DEFINED:
            syms[src][0].add(name)
        elif kind in UNDEFINED:
            syms[src][1].add(name)
    return syms


def layer_of(src):
    layer = folder_layer(src)
    if layer is None:
        die("%s: in no layer of tools/arch/layers.py" % src)
    return layer


def build_graph(syms):
    definers = {}
    for src, (defs, _) in syms.items():
        for s in defs:
            definers.setdefault(s, []).append(src)
    edges = {src: {} for src in syms}  # src -> {dst: [symbols]}
    for src, (defs, uses) in syms.items():
        for s in sorted(uses):
            for dst in definers.get(s, ()):
                if dst != src:
                    edges[src].setdefault(dst, []).append(s)
    return edges


def sccs(nodes, succ):
    """Tarjan's strongly connected components (iterative)."""
    index, low, onstack, stack, out = {}, {}, set(), [], []
    counter = [0]
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(sorted(succ(root))))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        onstack.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    onstack.add(w)
                    work.append((w, iter(sorted(succ(w)))))
                    break
                if w in onstack:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        onstack.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    out.append(sorted(comp))
    return out


def one_cycle(comp, succ):
    """A shortest circle through the first file of a strongly connected component."""
    inside = set(comp)
    start = comp[0]
    prev = {start: None}
    queue = [start]
    for v in queue:
        for w in sorted(succ(v)):
            if w not in inside:
                continue
            if w == start:
                path = [v]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                return list(reversed(path)) + [start]
            if w not in prev:
                prev[w] = v
                queue.append(w)
    return comp + [start]


def write_dot(path, layer, edges):
    lines = ["digraph seacurve {", "  rankdir=BT;", "  node [shape=box, fontsize=10];"]
    order = sorted(set(layer.values()), key=lambda l: (RANK[l], l))
    for l in order:
        lines.append('  subgraph "cluster_%s" {' % l)
        lines.append('    label="%s";' % l)
        for src in sorted(s for s in layer if layer[s] == l):
            lines.append('    "%s" [label="%s"];' % (src, src.split("/", 2)[-1] if src.startswith("src/") else src))
        lines.append("  }")
    for src in sorted(edges):
        for dst in sorted(edges[src]):
            style = "" if layer[src] == layer[dst] else " [color=gray]"
            lines.append('  "%s" -> "%s"%s;' % (src, dst, style))
    lines.append("}")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("build", help="CMake build folder of the library, or its libseacurve.a")
    ap.add_argument("--nm", default=os.environ.get("NM", "nm"), help="nm to run (default: nm)")
    ap.add_argument("--ar", default=os.environ.get("AR", "ar"), help="ar to run (default: ar)")
    ap.add_argument("--dot", metavar="FILE", help="write the file graph as graphviz text")
    ap.add_argument("--verbose", "-v", action="store_true", help="print every dependency between files")
    args = ap.parse_args()

    archive = find_archive(args.build)
    objs = objects(archive, args.ar)
    if not objs:
        die("no objects in %s" % archive)
    syms = read_symbols(archive, objs, args.nm)
    for name, _, _, calls in LAYERS:  # the table itself: every allowed call goes down
        for callee in calls:
            if callee not in RANK or RANK[callee] >= RANK[name]:
                die("tools/arch/layers.py: %s may call %s, which is not below it" % (name, callee))
    layer = {src: layer_of(src) for src in syms}
    edges = build_graph(syms)

    if args.verbose:
        for src in sorted(edges):
            for dst in sorted(edges[src]):
                print("%s -> %s: %s" % (src, dst, " ".join(edges[src][dst])))

    errors = 0
    # (b) every dependency between layers is one the table allows
    for src in sorted(edges):
        for dst in sorted(edges[src]):
            ls, ld = layer[src], layer[dst]
            if ls != ld and ld not in ALLOWED[ls]:
                errors += 1
                print("layer violation: %s (%s) -> %s (%s): %s"
                      % (src, ls, dst, ld, ", ".join(edges[src][dst])))
    # (a) no circle between the files of one layer
    for l in sorted(set(layer.values())):
        files = sorted(s for s in layer if layer[s] == l)
        def succ(v, l=l):
            return [w for w in edges[v] if layer[w] == l]
        for comp in sccs(files, succ):
            if len(comp) < 2:
                continue
            errors += 1
            cyc = one_cycle(comp, succ)
            print("file cycle in %s (%d files: %s):" % (l, len(comp), ", ".join(comp)))
            for a, b in zip(cyc, cyc[1:]):
                print("    %s -> %s (%s)" % (a, b, ", ".join(edges[a].get(b, ()))))

    if args.dot:
        write_dot(args.dot, layer, edges)

    nedges = sum(len(d) for d in edges.values())
    if errors:
        print("check_deps: FAILED, %d problem(s) in %d files, %d dependencies" % (errors, len(syms), nedges))
        return 1
    print("check_deps: OK, %d files in %d layers, %d dependencies: every layer's file graph is acyclic "
          "and every call between layers goes down" % (len(syms), len(set(layer.values())), nedges))
    return 0


if __name__ == "__main__":
    sys.exit(main())
