/* firmware/cortexm/cm_selftest.c: calibration and self-test of the Cortex-M runner
 * (tools/cmsim/sc_cmsim.py; ctest cmsim_selftest_<core> checks the figures of
 * docs/mote.md, "Cortex-M: the runner").
 *
 * Regions whose instruction counts and classes are known from the code itself (inline
 * assembly, 16-bit Thumb encodings valid on every core):
 *   1  empty
 *   2  1 nop
 *   3  10 nop
 *   4  8 single loads (ldr [sp, #imm]) and 8 single stores (str [sp, #imm]), one after another
 *   5  push {r4-r7}, pop {r4-r7}
 *   6  a call to a leaf function (bl, then bx lr)
 *   7  16 muls
 *   8  movs, then a loop of 10 passes: subs + bne (9 taken, 1 not taken)
 *   9  recursion deep(8): 9 frames of a 64-byte array (stack - base >= 9 * 64)
 *  10-13  the load / store pairs the Cortex-M3 TRM times as its examples of pipelined loads
 *     ([ArmM3TRM] 3.3, "normally three / four cycles total"), with r0-r3, r5 as there:
 *     10  ldr r0, [r1]; ldr r1, [r2]                          (3)
 *     11  ldr r0, [r1, r2]; str r0, [r3, #20]                 (3)
 *     12  ldr r0, [r1, r2]; str r1, [r3, r2]                  (3)
 *     13  ldr r0, [r1, r5]; ldr r1, [r2]; ldr r2, [r3, #4]    (4)
 *  14-20  ARMv7-M (Cortex-M3 / M4) only: one long multiply each, whose cycles the Cortex-M3
 *     takes from its operands (early termination, [ArmM3TRM]; the runner's rule, 3 + one per
 *     operand wider than 16 bits, UMLAL 4 / 5 / 7), the M4 one cycle:
 *     14  umull 0x1234 x 0x5678              15  umull 0x12345678 x 0x5678
 *     16  umull 0x12345678 x 0x9abcdef0     17  umlal 0x1234 x 0x5678
 *     18  umlal 0x5678 x 0x9abcdef0          19  umlal 0x12345678 x 0x9abcdef0
 *     20  smull -2 x 0x7fffffff
 * Console: "selftest <core>" then "deep <sum>"; exit 0. */
#include <stdint.h>

#include "mote_cm.h"

#ifndef SC_MOTE_MCU_NAME
#define SC_MOTE_MCU_NAME "cortex-m4"
#endif
SC_MOTE_MMCU(SC_MOTE_MCU_NAME, 0);

static volatile uint32_t words[1];

__attribute__((noinline)) static void leaf(void)
{
    __asm__ __volatile__("" ::: "memory");
}

__attribute__((noinline)) static uint32_t deep(uint32_t n)
{
    volatile uint8_t a[64];
    uint32_t i, s = 0;
    for (i = 0; i < sizeof a; i++)
        a[i] = (uint8_t)(n + i);
    if (n)
        s = deep(n - 1);
    return s + a[n];
}

/* the marker sequence of mote_cm.h with r0, r1 (r6, r7), for a region inside one asm statement */
#define SC_MOTE_MARK_ASM_(v) "movs r0, #32\n\tlsls r0, r0, #24\n\tmovs r1, #" #v "\n\tstr r1, [r0]"
#define SC_MOTE_MARK_ASM67_(v) "movs r6, #32\n\tlsls r6, r6, #24\n\tmovs r7, #" #v "\n\tstr r7, [r6]"

/* One of the TRM's load / store examples as region id: 32 bytes of stack reserved, r1, r2, r3
 * pointing at it (or r2, r5 = 0 as an index), the markers on r6 / r7. */
#define TRM_REGION(id, setup, body)                                                 \
    __asm__ __volatile__("sub sp, #32\n\t" setup "\n\t" SC_MOTE_MARK_ASM67_(id) "\n\t" body  \
                         "\n\t" SC_MOTE_MARK_ASM67_(0x80 | id) "\n\tadd sp, #32"          \
                         :                                                          \
                         :                                                          \
                         : "r0", "r1", "r2", "r3", "r5", "r6", "r7", "memory", "cc")

/* a 32-bit constant into a register (ARMv7-M) */
#define SET32_(r, hi, lo) "movw " r ", #" #lo "\n\tmovt " r ", #" #hi

#define NOP1 "nop\n\t"
#define NOP10 NOP1 NOP1 NOP1 NOP1 NOP1 NOP1 NOP1 NOP1 NOP1 NOP1

int main(void)
{
    uint32_t sum;
    sc_mote_calibrate();
    sc_mote_print("selftest " SC_MOTE_MCU_NAME "\n");

    sc_mote_start(1);
    sc_mote_stop(1);

    sc_mote_start(2);
    __asm__ __volatile__(NOP1 ::: "memory");
    sc_mote_stop(2);

    sc_mote_start(3);
    __asm__ __volatile__(NOP10 ::: "memory");
    sc_mote_stop(3);

    /* region 4 whole in one asm statement (markers included), so that its body is
     * exactly the 16 accesses: 32 bytes of stack reserved around it */
    __asm__ __volatile__("sub sp, #32\n\t" SC_MOTE_MARK_ASM_(4) "\n\t"
                         "ldr r2, [sp, #0]\n\tldr r2, [sp, #4]\n\tldr r2, [sp, #8]\n\tldr r2, [sp, #12]\n\t"
                         "ldr r2, [sp, #16]\n\tldr r2, [sp, #20]\n\tldr r2, [sp, #24]\n\tldr r2, [sp, #28]\n\t"
                         "str r2, [sp, #0]\n\tstr r2, [sp, #4]\n\tstr r2, [sp, #8]\n\tstr r2, [sp, #12]\n\t"
                         "str r2, [sp, #16]\n\tstr r2, [sp, #20]\n\tstr r2, [sp, #24]\n\tstr r2, [sp, #28]\n\t"
                         SC_MOTE_MARK_ASM_(0x84) "\n\tadd sp, #32"
                         :
                         :
                         : "r0", "r1", "r2", "memory", "cc");

    sc_mote_start(5);
    __asm__ __volatile__("push {r4-r7}\n\tpop {r4-r7}" ::: "memory");
    sc_mote_stop(5);

    sc_mote_start(6);
    leaf();
    sc_mote_stop(6);

    {
        uint32_t x = 3, y = 5;
        sc_mote_start(7);
        __asm__ __volatile__("muls %0, %1\n\tmuls %0, %1\n\tmuls %0, %1\n\tmuls %0, %1\n\t"
                             "muls %0, %1\n\tmuls %0, %1\n\tmuls %0, %1\n\tmuls %0, %1\n\t"
                             "muls %0, %1\n\tmuls %0, %1\n\tmuls %0, %1\n\tmuls %0, %1\n\t"
                             "muls %0, %1\n\tmuls %0, %1\n\tmuls %0, %1\n\tmuls %0, %1"
                             : "+l"(x)
                             : "l"(y)
                             : "cc");
        sc_mote_stop(7);
        words[0] = x;
    }

    {
        uint32_t n;
        sc_mote_start(8);
        __asm__ __volatile__("movs %0, #10\n1:\n\tsubs %0, #1\n\tbne 1b" : "=&l"(n) : : "cc");
        sc_mote_stop(8);
    }

    sc_mote_start(9);
    sum = deep(8);
    sc_mote_stop(9);

    TRM_REGION(10, "mov r1, sp\n\tmov r2, sp", "ldr r0, [r1]\n\tldr r1, [r2]");
    TRM_REGION(11, "mov r1, sp\n\tmovs r2, #0\n\tmov r3, sp", "ldr r0, [r1, r2]\n\tstr r0, [r3, #20]");
    TRM_REGION(12, "mov r1, sp\n\tmovs r2, #0\n\tmov r3, sp", "ldr r0, [r1, r2]\n\tstr r1, [r3, r2]");
    TRM_REGION(13, "mov r1, sp\n\tmovs r5, #0\n\tmov r2, sp\n\tmov r3, sp",
               "ldr r0, [r1, r5]\n\tldr r1, [r2]\n\tldr r2, [r3, #4]");

#if defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__)
    TRM_REGION(14, SET32_("r2", 0, 0x1234) "\n\t" SET32_("r3", 0, 0x5678), "umull r0, r1, r2, r3");
    TRM_REGION(15, SET32_("r2", 0x1234, 0x5678) "\n\t" SET32_("r3", 0, 0x5678), "umull r0, r1, r2, r3");
    TRM_REGION(16, SET32_("r2", 0x1234, 0x5678) "\n\t" SET32_("r3", 0x9abc, 0xdef0), "umull r0, r1, r2, r3");
    TRM_REGION(17, SET32_("r2", 0, 0x1234) "\n\t" SET32_("r3", 0, 0x5678), "umlal r0, r1, r2, r3");
    TRM_REGION(18, SET32_("r2", 0, 0x5678) "\n\t" SET32_("r3", 0x9abc, 0xdef0), "umlal r0, r1, r2, r3");
    TRM_REGION(19, SET32_("r2", 0x1234, 0x5678) "\n\t" SET32_("r3", 0x9abc, 0xdef0), "umlal r0, r1, r2, r3");
    TRM_REGION(20, SET32_("r2", 0xffff, 0xfffe) "\n\t" SET32_("r3", 0x7fff, 0xffff), "smull r0, r1, r2, r3");
#endif

    sc_mote_print("deep ");
    sc_mote_putu32(sum);
    sc_mote_putc('\n');
    sc_mote_exit(0);
}
