/* Bare-metal startup for the validation subjects (mps2-an386): .data/.bss,
 * FPU, main(), and its result as the semihosting exit status. */
#include <stdint.h>
int main(void);
extern uint32_t _estack, _sdata, _edata, _sidata, _sbss, _ebss;
static void sh_exit(int code) {
  uint32_t block[2] = {0x20026, (uint32_t)code};
  register uint32_t r0 __asm("r0") = 0x20;
  register uint32_t* r1 __asm("r1") = block;
  __asm volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
  for (;;) {
  }
}
void Reset_Handler(void) {
  uint32_t *s = &_sidata, *d = &_sdata;
  while (d < &_edata) *d++ = *s++;
  for (d = &_sbss; d < &_ebss;) *d++ = 0;
  *(volatile uint32_t*)0xE000ED88 |= 0xFu << 20;
  sh_exit(main());
}
void Default_Handler(void) { sh_exit(99); }
__attribute__((section(".vectors"), used)) void (*const vectors[16])(void) = {(void (*)(void)) & _estack,
                                                                              Reset_Handler,
                                                                              Default_Handler,
                                                                              Default_Handler,
                                                                              Default_Handler,
                                                                              Default_Handler,
                                                                              Default_Handler};
