/* OpenCL fault injection and object counting for tests (libovcl_cl_fault.so).
 *
 * The library defines some OpenCL entry points itself; linked before libOpenCL (or preloaded),
 * its definitions win the dynamic linker's global lookup, for the GPU plugin loaded with
 * dlopen too. Each forwards to the next definition (the ICD loader) found with
 * dlsym(RTLD_NEXT), after counting the call and deciding whether this call fails.
 *
 * A fault is armed for one call site: the nth call from now (1 = the next) fails once with the
 * given error. Create/enqueue/build calls then do nothing and return the error (what a driver
 * does when it runs out of memory or cannot build); completion calls run the real call first and
 * then report the failure: clFinish returns the error, clWaitForEvents returns
 * CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, and for OVCL_FAULT_EVENT_STATUS the nth event
 * found complete by clGetEventInfo(CL_EVENT_COMMAND_EXECUTION_STATUS) reports the (negative)
 * error as its status from then on, to clWaitForEvents too.
 *
 * From the environment (for a preloaded library):
 *   OVCL_CL_FAULT=<call>:<nth>:<error>   e.g. clCreateBuffer:3:CL_MEM_OBJECT_ALLOCATION_FAILURE
 * <error> is a name of the list in cl_fault.c or a number.
 *
 * Live-object counts are references: successful creates and retains minus releases, per kind. */
#pragma once

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum ovcl_fault_call {
    OVCL_FAULT_CREATE_BUFFER,    /* clCreateBuffer */
    OVCL_FAULT_BUILD_PROGRAM,    /* clBuildProgram */
    OVCL_FAULT_ENQUEUE_KERNEL,   /* clEnqueueNDRangeKernel */
    OVCL_FAULT_ENQUEUE_READ,     /* clEnqueueReadBuffer */
    OVCL_FAULT_ENQUEUE_WRITE,    /* clEnqueueWriteBuffer */
    OVCL_FAULT_WAIT_FOR_EVENTS,  /* clWaitForEvents */
    OVCL_FAULT_FINISH,           /* clFinish */
    OVCL_FAULT_EVENT_STATUS,     /* clGetEventInfo(CL_EVENT_COMMAND_EXECUTION_STATUS) seeing CL_COMPLETE */
    OVCL_FAULT_CALL_COUNT
};

enum ovcl_cl_object { OVCL_CL_MEM, OVCL_CL_EVENT, OVCL_CL_KERNEL, OVCL_CL_PROGRAM, OVCL_CL_QUEUE, OVCL_CL_CONTEXT,
                      OVCL_CL_OBJECT_COUNT };

/* The OpenCL function name of a call site ("clCreateBuffer"), or 0. */
const char* ovcl_fault_call_name(int call);
/* Arms one fault: the nth call of `call` from now fails once with `error`. Replaces an armed one. */
void ovcl_fault_arm(int call, uint64_t nth, int32_t error);
/* Disarms every call site (and forgets failed events). */
void ovcl_fault_disarm_all(void);
/* 1 once the armed fault of `call` has fired (until the next arm). */
int ovcl_fault_fired(int call);
/* Calls of `call` seen since the library was loaded, failed ones included. */
uint64_t ovcl_fault_calls(int call);
/* Live references of a kind of object (creates + retains - releases, successful ones). */
int64_t ovcl_fault_live(int kind);
/* 1: the library's definitions are the ones the process uses (a call went through them). */
int ovcl_fault_active(void);

#ifdef __cplusplus
}
#endif
