#!/usr/bin/env python3
"""sc_cmsim: run a Cortex-M firmware ELF and count its instructions and cycles between markers.

    sc_cmsim.py [--core cortex-m0plus|cortex-m3|cortex-m4] [--json] [--timeout S] IMAGE.elf

The image is executed by Unicorn (Debian python3-unicorn: QEMU's ARM core as a library);
every basic block is decoded once with Capstone (python3-capstone) and each instruction
is given a class and a cost in cycles from the instruction timing tables of the core's
Technical Reference Manual ([ArmM0plusTRM], [ArmM3TRM], [ArmM4TRM] in docs/references.md).
The firmware protocol is the one of firmware/cortexm/mote_cm.h: a 32-bit store to the
marker word (the ELF symbol sc_cm_marker, 0x20000000) starts region id (1..127) or, with
0x80 | id, stops it (id 0: the calibration region, whose count the runner subtracts from
every region); console bytes and the exit code come through ARM semihosting (bkpt 0xab:
SYS_WRITEC, SYS_WRITE0, SYS_EXIT, SYS_EXIT_EXTENDED). Any ELF that follows the protocol
can be measured (another library's benchmark, for instance); the core comes from the
image's .sc_core record or --core.

Output, one line per stopped region and a summary:
    cmsim region <id> cycles <n> min <n> max <n> insns <n> stack <bytes> base <bytes> trace <hex> classes <c>=<n>,...
    cmsim exit <code> cycles <n> insns <n> stack <bytes> overhead <n>
`cycles` is the model's figure (docs/mote.md, "Cortex-M: the cycle model"; the Cortex-M3's
long multiplies timed by their operands, m3_longmul_cycles), min and max its bounds where the
TRM gives a range (branch refill P = 1..3, the Cortex-M3's early-terminating long multiplies,
division 2..12); `classes` counts executed
instructions per class (and taken branches, words moved by LDM / STM / PUSH / POP);
`trace` is a hash of the sequence of executed blocks: two runs with the same trace took the
same path through the code. `stack` is the deepest stack written in the region (bytes
below the top of RAM), `base` the depth at its start. --json prints one object instead.

Exit status: the firmware's exit code, else 120 usage, 121 ELF load error, 122 protocol
error, 123 crash (an exception, an unmapped access, an undecodable instruction; on the
Cortex-M3 also a long multiply outside the Thumb code that the ELF's mapping symbols mark,
which the runner could not time), 124 wall clock timeout.
"""
import argparse
import json
import struct
import sys

try:
    import capstone
    import unicorn
    import unicorn.arm_const as UA
except ImportError as e:  # pragma: no cover - reported, not tested
    sys.stderr.write("sc_cmsim: %s (Debian: python3-unicorn python3-capstone)\n" % e)
    sys.exit(121)

CORES = ("cortex-m0plus", "cortex-m3", "cortex-m4")
CONDS = {"eq", "ne", "cs", "hs", "cc", "lo", "mi", "pl", "vs", "vc", "hi", "ls", "ge", "lt", "gt", "le", "al"}

# Instruction classes (the keys of `classes`)
LOADS = {"ldr", "ldrb", "ldrh", "ldrsb", "ldrsh", "ldrex", "ldrexb", "ldrexh", "ldrt", "ldrbt", "ldrht"}
STORES = {"str", "strb", "strh", "strex", "strexb", "strexh", "strt", "strbt", "strht"}
LDMS = {"ldm", "ldmia", "ldmfd", "ldmdb", "ldmea", "pop"}
STMS = {"stm", "stmia", "stmea", "stmdb", "stmfd", "push"}
MULS = {"mul", "muls"}
MLAS = {"mla", "mls"}
MULLS = {"umull", "smull"}
MLALS = {"umlal", "smlal", "umaal"}
DIVS = {"udiv", "sdiv"}
KNOWN = LOADS | STORES | LDMS | STMS | MULS | MLAS | MULLS | MLALS | DIVS | {
    "b", "bl", "blx", "bx", "cbz", "cbnz", "tbb", "tbh", "ldrd", "strd"}


def base_name(mn):
    """Mnemonic without width qualifier and condition: ('beq' -> ('b', 'eq'))."""
    mn = mn.split(".")[0]
    if mn in KNOWN:
        return mn, ""
    if mn.startswith("it") and set(mn[2:]) <= {"t", "e"}:
        return "it", ""
    if len(mn) > 2 and mn[-2:] in CONDS and mn[:-2] in KNOWN:
        return mn[:-2], mn[-2:]
    if len(mn) > 2 and mn[-2:] in CONDS and mn[:-2].rstrip("s") in KNOWN:
        return mn[:-2], mn[-2:]
    return mn, ""


class Model:
    """Cycle costs of one core: (nominal, low, high) per instruction class."""

    def __init__(self, core):
        self.core = core
        v6 = core == "cortex-m0plus"
        self.v6 = v6
        # pipeline refill of a taken branch. M0+: a 2-stage pipeline, exact ([ArmM0plusTRM]
        # 3.3: B taken 2, BL 3, BX / BLX 2, POP {pc} 3 + N). M3 / M4: 1 + P with P = 1..3
        # ([ArmM3TRM] 3.3, [ArmM4TRM] 3.3.1); nominal P = 2 for direct branches,
        # P = 3 for loads and moves to the PC (the TRM's load / store timing notes).
        self.p_direct = (1, 1, 1) if v6 else (2, 1, 3)
        self.p_indirect = (1, 1, 1) if v6 else (3, 3, 3)

    def cost(self, name, op_str, nregs, prev):
        """Static cost of one instruction, and its class. prev: the previous instruction
        of the block as (name, op_str, written registers) or None."""
        v6 = self.v6
        if name in LOADS or name in STORES:
            cls = "ld" if name in LOADS else "st"
            if "pc" in op_str.split(",")[0]:
                return (4, 4, 4) if v6 else (5, 5, 5), "ld_pc"
            if v6:
                return (2, 2, 2), cls
            c = 2
            if cls == "st" and "," not in op_str.split("[", 1)[1].split("]")[0]:
                c = 1  # STR Rx, [Ry, #imm]: always one cycle ([ArmM3TRM] load/store timings)
            if cls == "st" and "#" in op_str.split("[", 1)[1]:
                c = 1
            if prev and prev[0] in LOADS and cls in ("ld", "st"):
                addr = op_str.split("[", 1)[1]
                if prev[2].isdisjoint(_regs(addr)):
                    c = 1  # pipelined after a load whose result is not this address
            if prev and prev[0] not in LOADS | STORES and prev[2] & _regs(op_str.split("[", 1)[1]):
                c += 1  # address computed by the previous instruction: no forwarding path
            return (c, c, c), cls
        if name in ("ldrd", "strd"):
            return (2 if v6 else 3,) * 3, "ld2" if name == "ldrd" else "st2"
        if name in LDMS or name in STMS:
            cls = "ldm" if name in LDMS else "stm"
            if name in LDMS and "pc" in op_str:
                p = self.p_indirect
                return tuple(1 + nregs + 2 if v6 else 1 + nregs + x for x in p), "ldm_pc"
            return (1 + nregs,) * 3, cls
        if name in MULS:
            return (1, 1, 1), "mul"
        if name in MLAS:
            return (2, 2, 2), "mla"
        if name in MULLS:
            return ((1, 1, 1) if self.core == "cortex-m4" else (5, 3, 5)), "mull"
        if name in MLALS:
            return ((1, 1, 1) if self.core == "cortex-m4" else (7, 4, 7)), "mlal"
        if name in DIVS:
            return (12, 2, 12), "div"
        if name == "it":
            return (1, 1, 1), "it"
        if name in ("tbb", "tbh"):
            return (6, 6, 6), "tb"
        return (1, 1, 1), "alu"


def m3_longmul_cycles(name, a, b):
    """Cycles of a Cortex-M3 long multiply for the operand values a, b (32-bit).

    [ArmM3TRM] gives UMULL / SMULL 3-5 and UMLAL / SMLAL 4-7 cycles, "early termination
    depending on the size of source values", and not the rule. The model's rule: each
    source operand that does not fit in 16 bits (unsigned; signed forms: that is not the
    sign extension of its low 16 bits) costs one cycle more: UMULL / SMULL 3, 4, 5 and
    UMLAL / SMLAL 4, 5, 7 for 0, 1, 2 such operands, the TRM's ranges. Any rule of this
    kind makes a product of small operands faster, which is what a constant-time test
    must catch; the exact figures of a real M3 may differ (docs/mote.md, the cycle model)."""
    if name in ("smull", "smlal"):
        wide = sum(1 for v in (a, b) if not (v < 0x8000 or v >= 0xFFFF8000))
    else:
        wide = sum(1 for v in (a, b) if v >= 0x10000)
    if name in MULLS:
        return 3 + wide
    return (4, 5, 7)[wide]


def _regs(s):
    out = set()
    for tok in s.replace("[", " ").replace("]", " ").replace(",", " ").replace("!", " ").split():
        if tok in ("sp", "lr", "pc", "ip", "fp", "sb", "sl") or (tok[0] == "r" and tok[1:].isdigit()):
            out.add({"ip": "r12", "fp": "r11", "sb": "r9", "sl": "r10"}.get(tok, tok))
    return out


class Block:
    __slots__ = ("addr", "end", "static", "counts", "kind", "taken", "nottaken", "insns", "markers", "longmul")


def decode_block(md, model, uc, addr, size):
    code = bytes(uc.mem_read(addr, size))
    b = Block()
    b.addr, b.end = addr, addr + size
    b.static = [0, 0, 0]
    b.counts = {}
    b.insns = []
    b.markers = []
    b.longmul = []
    b.kind = None  # last instruction: None, 'cond' (conditional branch), 'always' (taken)
    b.taken = b.nottaken = (0, 0, 0)
    prev = None
    hist = []
    for ins in md.disasm(code, addr):
        name, cond = base_name(ins.mnemonic)
        ops = ins.op_str
        nregs = 0  # registers moved by LDM / STM / PUSH / POP
        if name in ("push", "pop"):
            nregs = len(_expand(ops.strip("{}")))
        elif name in LDMS | STMS:
            nregs = len(_expand(ops.split("{", 1)[1]))
        parts = ops.split(",")
        written = set(_regs(parts[0])) if ops and name not in STORES | STMS else set()
        if name in MULLS | MLALS and len(parts) > 1:
            written |= _regs(parts[1])  # RdLo and RdHi
        if (name in LOADS | STORES) and "[" in ops and ("!" in ops or "]," in ops):
            written |= _regs(ops.split("[", 1)[1].split("]")[0].split(",")[0])  # base written back
        is_branch = name in ("b", "bl", "blx", "bx", "cbz", "cbnz")
        writes_pc = (name in ("mov", "add") and ops.startswith("pc")) or \
            (name in LOADS and ops.startswith("pc"))
        cost, cls = model.cost(name, ops, nregs, prev)
        if name in MULLS | MLALS:
            b.longmul.append(ins.address)
        if is_branch or writes_pc:
            cls = "branch"
            direct = name in ("b", "bl", "cbz", "cbnz")
            p = model.p_direct if direct else model.p_indirect
            if model.v6:
                base = 2 if name == "bl" else 1  # BL 3 = 2 + refill 1; B / BX / BLX 2 = 1 + 1
                if writes_pc:
                    base = 1
                tk = tuple(base + x for x in p)
            else:
                tk = tuple(1 + x for x in p)
            conditional = (name == "b" and cond) or name in ("cbz", "cbnz") or bool(cond)
            cost = (0, 0, 0)
            b.kind = "cond" if conditional else "always"
            b.taken, b.nottaken = tk, (1, 1, 1)
        elif cls in ("ldm_pc", "ld_pc"):
            b.kind = "always"
            b.taken, b.nottaken = cost, cost
            cost = (0, 0, 0)
        else:
            b.kind = None
        # the marker sequence of mote_cm.h: movs rA, #32; lsls rA, rA, #24; movs rV, #v; str rV, [rA]
        if name == "str" and len(hist) >= 3 and ops.endswith("]") and "#" not in ops.split("[")[1]:
            h3, h2, h1 = hist[-3], hist[-2], hist[-1]
            if h3[0] == "movs" and h3[1].endswith("#0x20") and h2[0] == "lsls" and h2[1].endswith("#0x18") \
                    and h1[0] == "movs":
                b.markers.append(len(b.insns))
        for k in range(3):
            b.static[k] += cost[k]
        b.counts[cls] = b.counts.get(cls, 0) + 1
        if cls in ("ldm", "stm", "ldm_pc"):
            b.counts["words"] = b.counts.get("words", 0) + nregs
        b.insns.append((cost, cls, nregs if cls in ("ldm", "stm", "ldm_pc") else 0))
        hist.append((ins.mnemonic.split(".")[0], ops))
        prev = (name, ops, written)
    if not b.insns:
        raise RuntimeError("undecodable instruction at 0x%x" % addr)
    return b


def _expand(reglist):
    out = []
    for r in reglist.strip(" {}").split(","):
        r = r.strip()
        if "-" in r:
            lo, hi = r.split("-")
            out += ["r%d" % i for i in range(int(lo[1:]), int(hi[1:]) + 1)]
        elif r:
            out.append(r)
    return out


UREG = {"r%d" % i: getattr(UA, "UC_ARM_REG_R%d" % i) for i in range(13)}
UREG.update({"sl": UA.UC_ARM_REG_R10, "fp": UA.UC_ARM_REG_R11, "ip": UA.UC_ARM_REG_R12,
             "lr": UA.UC_ARM_REG_LR, "sp": UA.UC_ARM_REG_SP})


def scan_longmul(md, segs, syms_all):
    """(address, name, Rn, Rm) of every UMULL / UMLAL / SMULL / SMLAL in the image's code:
    the Thumb ranges that the ARM ELF mapping symbols mark ($t up to the next $d or $t;
    literal pools are $d), each disassembled from its start."""
    marks = sorted((v & ~1, n[:2]) for n, v in syms_all if n in ("$t", "$d") or n.startswith(("$t.", "$d.")))
    out = []
    for i, (start, kind) in enumerate(marks):
        if kind != "$t":
            continue
        end = marks[i + 1][0] if i + 1 < len(marks) else None
        for base, data in segs:
            if base <= start < base + len(data):
                stop = base + len(data) if end is None or end > base + len(data) else end
                code = data[start - base:stop - base]
                pos = 0
                while pos < len(code):
                    n = 0
                    for ins in md.disasm(code[pos:], start + pos):
                        n += ins.size
                        name = base_name(ins.mnemonic)[0]
                        if name in MULLS | MLALS:
                            ops = [x.strip() for x in ins.op_str.split(",")]
                            out.append((ins.address, name, ops[2], ops[3]))
                    pos += n if n else 2  # an undecodable halfword: resume after it
    return out


# ---- ELF32 little endian: segments, symbols, one section ----

def read_elf(path):
    data = open(path, "rb").read()
    if data[:4] != b"\x7fELF" or data[4] != 1 or data[5] != 1 or struct.unpack_from("<H", data, 18)[0] != 40:
        raise ValueError("not a 32-bit little-endian ARM ELF")
    (e_phoff, e_shoff) = struct.unpack_from("<II", data, 28)
    e_phentsize, e_phnum, e_shentsize, e_shnum, e_shstrndx = struct.unpack_from("<HHHHH", data, 42)
    segs = []
    for i in range(e_phnum):
        p_type, p_off, p_vaddr, p_paddr, p_filesz, p_memsz = struct.unpack_from("<IIIIII", data,
                                                                                e_phoff + i * e_phentsize)
        if p_type == 1 and p_filesz:
            segs.append((p_paddr, data[p_off:p_off + p_filesz]))
    shdrs = [struct.unpack_from("<IIIIIIIIII", data, e_shoff + i * e_shentsize) for i in range(e_shnum)]
    shstr = shdrs[e_shstrndx]

    def sname(off, tab):
        end = data.index(b"\0", tab[4] + off)
        return data[tab[4] + off:end].decode()

    syms, sections = {}, {}
    syms_all = []
    for sh in shdrs:
        sections[sname(sh[0], shstr)] = data[sh[4]:sh[4] + sh[5]]
        if sh[1] == 2:  # SHT_SYMTAB
            strtab = shdrs[sh[6]]
            for j in range(sh[5] // 16):
                st_name, st_value, st_size, st_info, _o, st_shndx = struct.unpack_from("<IIIBBH", data, sh[4] + 16 * j)
                if st_name:
                    syms[sname(st_name, strtab)] = st_value
                    syms_all.append((sname(st_name, strtab), st_value))
    return segs, syms, sections, syms_all


class Run:
    def __init__(self, path, core, timeout):
        self.path = path
        segs, self.syms, sections, self.syms_all = read_elf(path)
        rec = sections.get(".sc_core", b"")
        rec_core = rec[:16].split(b"\0")[0].decode() if rec else ""
        self.core = core or rec_core
        if self.core not in CORES:
            raise ValueError("core '%s' unknown: use --core %s" % (self.core, "|".join(CORES)))
        for s in ("sc_cm_marker", "__stack_top", "__bss_end"):
            if s not in self.syms:
                raise ValueError("symbol %s missing (link with firmware/cortexm/cortexm.ld)" % s)
        self.model = Model(self.core)
        self.timeout = timeout
        mode = unicorn.UC_MODE_THUMB | unicorn.UC_MODE_MCLASS
        self.uc = uc = unicorn.Uc(unicorn.UC_ARCH_ARM, mode)
        uc.ctl_set_cpu_model({"cortex-m0plus": UA.UC_CPU_ARM_CORTEX_M0, "cortex-m3": UA.UC_CPU_ARM_CORTEX_M3,
                              "cortex-m4": UA.UC_CPU_ARM_CORTEX_M4}[self.core])
        self.md = capstone.Cs(capstone.CS_ARCH_ARM, capstone.CS_MODE_THUMB | capstone.CS_MODE_MCLASS)
        flash_end = max(a + len(d) for a, d in segs if a < 0x20000000)
        uc.mem_map(0, (flash_end + 0xFFFF) & ~0xFFFF)
        self.ram0 = self.syms["sc_cm_marker"]
        self.top = self.syms["__stack_top"]
        uc.mem_map(self.ram0 & ~0xFFF, ((self.top + 0xFFF) & ~0xFFF) - (self.ram0 & ~0xFFF))
        for a, d in segs:
            uc.mem_write(a, d)
        self.sp0, self.entry = struct.unpack("<II", bytes(uc.mem_read(0, 8)))
        self.blocks = {}
        self.hist = {}  # (block addr, taken) -> executions
        # the Cortex-M3's long multiplies: cycles by operand value (m3_longmul_cycles), added
        # at execution by a hook on each one to `dyn`, the difference from the static cost
        self.dyn = 0
        self.longmul = {}
        if self.core == "cortex-m3":
            for addr, name, rn, rm in scan_longmul(self.md, segs, self.syms_all):
                self.longmul[addr] = (name, UREG[rn], UREG[rm])
                uc.hook_add(unicorn.UC_HOOK_CODE, self.on_longmul, begin=addr, end=addr)
        self.prev = None
        self.cur = None
        self.cur_marks = 0
        self.traces = {}  # open region -> FNV-1a style hash of the blocks entered since its start
        self.console = bytearray()
        self.exit_code = None
        self.error = None
        self.low = self.top  # lowest stack address written so far
        self.open = {}
        self.regions = []
        self.overhead = None
        uc.hook_add(unicorn.UC_HOOK_BLOCK, self.on_block)
        uc.hook_add(unicorn.UC_HOOK_MEM_WRITE, self.on_marker, begin=self.ram0, end=self.ram0 + 3)
        uc.hook_add(unicorn.UC_HOOK_MEM_WRITE, self.on_stack, begin=self.syms["__bss_end"], end=self.top - 1)
        uc.hook_add(unicorn.UC_HOOK_INTR, self.on_intr)

    # -- hooks
    def on_longmul(self, uc, addr, size, _):
        name, rn, rm = self.longmul[addr]
        static = 5 if name in MULLS else 7
        self.dyn += m3_longmul_cycles(name, uc.reg_read(rn), uc.reg_read(rm)) - static

    def on_block(self, uc, addr, size, _):
        p = self.cur
        if p is not None:
            k = (p.addr, addr != p.end)
            self.hist[k] = self.hist.get(k, 0) + 1
        b = self.blocks.get(addr)
        if b is None or b.end != addr + size:
            b = decode_block(self.md, self.model, uc, addr, size)
            self.blocks[addr] = b
            if self.core == "cortex-m3":
                for a in b.longmul:
                    if a not in self.longmul:
                        self.fail(123, "long multiply at 0x%x outside the code the runner scanned" % a)
        self.cur = b
        self.cur_marks = 0
        if self.traces:
            for rid, h in self.traces.items():
                self.traces[rid] = ((h ^ addr) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF

    def on_stack(self, uc, access, addr, size, value, _):
        if addr < self.low:
            self.low = addr

    def snapshot(self, upto):
        """Totals of every finished block plus the current block's instructions 0..upto."""
        cyc = [self.dyn, 0, 0]
        cls = {}
        insns = 0
        for (a, taken), n in self.hist.items():
            b = self.blocks[a]
            extra = b.taken if (taken and b.kind) else (b.nottaken if b.kind == "cond" else b.taken)
            if b.kind is None:
                extra = (0, 0, 0)
            for k in range(3):
                cyc[k] += n * (b.static[k] + extra[k])
            for c, m in b.counts.items():
                cls[c] = cls.get(c, 0) + n * m
            if b.kind == "cond" and taken:
                cls["taken"] = cls.get("taken", 0) + n
            elif b.kind == "always":
                cls["taken"] = cls.get("taken", 0) + n
            insns += n * len(b.insns)
        for cost, c, words in self.cur.insns[:upto + 1]:
            for k in range(3):
                cyc[k] += cost[k]
            cls[c] = cls.get(c, 0) + 1
            if words:
                cls["words"] = cls.get("words", 0) + words
            insns += 1
        return cyc, cls, insns

    def on_marker(self, uc, access, addr, size, value, _):
        b = self.cur
        if self.cur_marks >= len(b.markers):
            self.fail(122, "write to the marker word outside the marker sequence (block 0x%x)" % b.addr)
            return
        idx = b.markers[self.cur_marks]
        self.cur_marks += 1
        rid, stop = value & 0x7F, bool(value & 0x80)
        if value > 0xFF:
            self.fail(122, "marker value 0x%x" % value)
            return
        sp = uc.reg_read(UA.UC_ARM_REG_SP)
        cyc, cls, insns = self.snapshot(idx)
        if not stop:
            if rid in self.open:
                self.fail(122, "region %d started twice" % rid)
                return
            self.open[rid] = (cyc, cls, insns, self.low, sp)
            self.traces[rid] = 0xCBF29CE484222325
            self.low = sp  # deepest stack measured from here (restored at stop)
            return
        if rid not in self.open:
            self.fail(122, "region %d stopped without a start" % rid)
            return
        c0, k0, i0, low0, sp0 = self.open.pop(rid)
        trace = self.traces.pop(rid)
        dc = [cyc[k] - c0[k] for k in range(3)]
        dk = {c: cls.get(c, 0) - k0.get(c, 0) for c in cls}
        dk = {c: n for c, n in dk.items() if n}
        reg_low = self.low
        self.low = min(low0, reg_low)
        if rid == 0:
            self.overhead = (dc, dk, insns - i0)
            return
        if self.overhead is None:
            self.fail(122, "region %d measured before the calibration region" % rid)
            return
        oc, ok, oi = self.overhead
        dc = [dc[k] - oc[k] for k in range(3)]
        for c, n in ok.items():
            dk[c] = dk.get(c, 0) - n
        dk = {c: n for c, n in sorted(dk.items()) if n}
        self.regions.append({"id": rid, "cycles": dc[0], "min": dc[1], "max": dc[2], "insns": insns - i0 - oi,
                             "stack": self.top - reg_low, "base": self.top - sp0,
                             "trace": "%016x" % trace, "classes": dk})
        if not self.json:
            self.flush_line()

    def on_intr(self, uc, intno, _):
        pc = uc.reg_read(UA.UC_ARM_REG_PC)
        insn = bytes(uc.mem_read(pc, 2))
        if intno != 7 or insn != b"\xab\xbe":
            self.fail(123, "exception %d at 0x%x" % (intno, pc))
            return
        op = uc.reg_read(UA.UC_ARM_REG_R0)
        arg = uc.reg_read(UA.UC_ARM_REG_R1)
        if op == 0x03:
            self.out(bytes(uc.mem_read(arg, 1)))
        elif op == 0x04:
            s = bytearray()
            while True:
                c = bytes(uc.mem_read(arg + len(s), 1))
                if c == b"\0":
                    break
                s += c
            self.out(bytes(s))
        elif op in (0x18, 0x20):
            if op == 0x20:  # SYS_EXIT_EXTENDED: r1 points to (reason, code)
                reason, code = struct.unpack("<II", bytes(uc.mem_read(arg, 8)))
            else:  # SYS_EXIT: r1 is the reason (AArch32), no code
                reason, code = arg, 0
            self.exit_code = code if reason == 0x20026 else 1
            uc.emu_stop()
            return
        else:
            self.fail(123, "semihosting operation 0x%x not supported" % op)
            return
        uc.reg_write(UA.UC_ARM_REG_R0, 0)
        uc.reg_write(UA.UC_ARM_REG_PC, (pc + 2) | 1)

    pending = ""

    def out(self, b):
        self.console += b
        if not self.json:
            self.pending += b.decode("latin-1")
            if "\n" in self.pending:
                head, self.pending = self.pending.rsplit("\n", 1)
                sys.stdout.write(head + "\n")
                self.flush_regions()

    def flush_line(self):
        if self.pending == "":
            self.flush_regions()

    def flush_regions(self):
        while self.printed < len(self.regions):
            r = self.regions[self.printed]
            sys.stdout.write("cmsim region %d cycles %d min %d max %d insns %d stack %d base %d trace %s classes %s\n" % (
                r["id"], r["cycles"], r["min"], r["max"], r["insns"], r["stack"], r["base"], r["trace"],
                ",".join("%s=%d" % kv for kv in r["classes"].items())))
            self.printed += 1

    def fail(self, code, msg):
        if self.error is None:
            self.error = (code, msg)
        self.uc.emu_stop()

    def run(self, as_json):
        self.json = as_json
        self.printed = 0
        self.uc.reg_write(UA.UC_ARM_REG_SP, self.sp0)
        try:
            self.uc.emu_start(self.entry | 1, 0xFFFFFFFF, timeout=int(self.timeout * 1e6))
        except unicorn.UcError as e:
            pc = self.uc.reg_read(UA.UC_ARM_REG_PC)
            self.fail(123, "%s at pc 0x%x" % (e, pc))
        except RuntimeError as e:
            self.fail(123, str(e))
        if self.error is None and self.exit_code is None:
            self.error = (124, "timeout after %g s" % self.timeout)
        if self.cur is not None:
            k = (self.cur.addr, False)
            self.hist[k] = self.hist.get(k, 0) + 1
        return self.error[0] if self.error else self.exit_code


def main():
    ap = argparse.ArgumentParser(description="Cortex-M instruction and cycle counting runner")
    ap.add_argument("elf")
    ap.add_argument("--core", choices=CORES)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--timeout", type=float, default=60.0, help="wall clock seconds (default 60)")
    try:
        args = ap.parse_args()
    except SystemExit as e:
        sys.exit(120 if e.code else 0)
    try:
        r = Run(args.elf, args.core, args.timeout)
    except (OSError, ValueError, struct.error, unicorn.UcError) as e:
        sys.stderr.write("sc_cmsim: %s: %s\n" % (args.elf, e))
        sys.exit(121)
    code = r.run(args.json)
    total_cyc, _cls, total_insns = r.snapshot(-1) if r.cur else ([0, 0, 0], {}, 0)
    if args.json:
        json.dump({"elf": args.elf, "core": r.core, "overhead": r.overhead[0][0] if r.overhead else None,
                   "regions": r.regions, "console": r.console.decode("latin-1"), "cycles": total_cyc[0],
                   "insns": total_insns, "stack": r.top - r.low, "exit": code,
                   **({"error": r.error[1]} if r.error else {})}, sys.stdout)
        sys.stdout.write("\n")
    else:
        if r.pending:
            sys.stdout.write(r.pending + "\n")
        r.flush_regions()
        sys.stdout.write("cmsim exit %d cycles %d insns %d stack %d overhead %d\n" % (
            code, total_cyc[0], total_insns, r.top - r.low, r.overhead[0][0] if r.overhead else 0))
    if r.error:
        sys.stderr.write("sc_cmsim: %s\n" % r.error[1])
    sys.stdout.flush()
    sys.exit(code)


if __name__ == "__main__":
    main()
