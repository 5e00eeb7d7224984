/* port/msp430/rt/crt0.S: reset code of the MSP430 images (the part of a C runtime that
 * runs before main; clang's msp430 target comes without one).
 *
 * Stops the watchdog (its reset would end a long computation after some 32 ms),
 * points the stack at the top of RAM, copies .data from flash, clears .bss, calls
 * main and hands main's return value to sc_msp430_exit.
 *
 * Also the three words of the runner's protocol (firmware/mote_msp430.h,
 * tools/msp430/msp430sim.py), at the start of RAM (section .sc_mote), and sc_msp430_exit,
 * which writes the exit code to the exit word and stops with interrupts off.  Symbols from port/msp430/msp430.ld: __sc_stack_top,
 * __sc_data_load, __sc_data_start, __sc_data_end, __sc_bss_start, __sc_bss_end.
 * SC_MSP430_WDTCTL: the watchdog control register (0x0120 on the F1xx, 0x015C on the
 * F5xx), given by the build (cmake/msp430-clang.cmake). */
#ifndef SC_MSP430_WDTCTL
#error "SC_MSP430_WDTCTL (address of WDTCTL) is not set"
#endif

    .section .text.sc_reset, "ax", @progbits
    .global __sc_reset
    .type __sc_reset, @function
__sc_reset:
    mov #0x5a80, &SC_MSP430_WDTCTL  /* WDTPW | WDTHOLD */
    mov #__sc_stack_top, r1
    mov #__sc_data_load, r12
    mov #__sc_data_start, r13
1:  cmp #__sc_data_end, r13
    jhs 2f
    mov @r12+, r14
    mov r14, 0(r13)
    incd r13
    jmp 1b
2:  mov #__sc_bss_start, r13
3:  cmp #__sc_bss_end, r13
    jhs 4f
    clr 0(r13)
    incd r13
    jmp 3b
4:  call #main
    call #sc_msp430_exit

    /* the reset vector, the last word of the vector table */
    .section .sc_resetvec, "a", @progbits
    .word __sc_reset

    .section .text.sc_msp430_exit, "ax", @progbits
    .global sc_msp430_exit
    .type sc_msp430_exit, @function
sc_msp430_exit:
    mov r12, &sc_mote_exitcode
5:  dint
    jmp 5b

    .section .sc_mote, "aw", @nobits
    .global sc_mote_region, sc_mote_console, sc_mote_exitcode
sc_mote_region:
    .skip 2
sc_mote_console:
    .skip 2
sc_mote_exitcode:
    .skip 2
