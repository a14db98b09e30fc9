/*
 * _stop.h: how a compiled search stops at once, in one place for both solvers (misère and
 * all-pass). Each includes it once, after Python.h; everything is static, so each module gets
 * its own flag, exception and stop().
 *
 * A search runs without the GIL. It gives up when:
 *   - another thread called stop(True) (how advisor.parallel stops its threads when the caller
 *     is done or interrupted): the call then raises the module's Stopped;
 *   - in the main thread, a signal arrived and its Python handler raised (Ctrl-C, SIGTERM):
 *     the search takes the GIL back every few milliseconds to let the handler run (in any
 *     other thread it would wait for the GIL while the main thread runs Python, and Python
 *     runs signal handlers in the main thread only), and the call raises what the handler did.
 */
#ifndef ADVISOR_STOP_H
#define ADVISOR_STOP_H

enum { STOP_ASKED = 1, STOP_RAISED = 2 }; /* why a search stopped (0: it did not) */

static volatile int stop_asked;   /* set by stop() */
static unsigned long main_thread; /* the thread Python runs signal handlers in */
static PyObject *StoppedError;    /* the module's Stopped */

/* The saved thread state of a caller in the main thread, so that handlers can run; NULL in
 * any other thread. */
static PyThreadState **in_main_thread(PyThreadState **thread) {
    return PyThread_get_thread_ident() == main_thread ? thread : NULL;
}

/* Why the search must stop now (STOP_ASKED, STOP_RAISED), or 0. `thread` is what
 * in_main_thread() gave. */
static int stop_reason(PyThreadState **thread) {
    if (stop_asked) return STOP_ASKED;
    if (!thread) return 0;
    PyEval_RestoreThread(*thread);
    int raised = PyErr_CheckSignals();
    *thread = PyEval_SaveThread();
    return raised ? STOP_RAISED : 0;
}

/* After a call's search: its exception set when it was stopped (a handler's is set already);
 * whether it was. */
static int stopped(int how) {
    if (how == STOP_ASKED) PyErr_SetString(StoppedError, "the search was stopped");
    return how != 0;
}

static PyObject *py_stop(PyObject *self, PyObject *arg) {
    (void)self;
    int asked = PyObject_IsTrue(arg);
    if (asked < 0) return NULL;
    stop_asked = asked;
    Py_RETURN_NONE;
}

#define STOP_METHOD                                                                           \
    {"stop", py_stop, METH_O,                                                                 \
     "stop(flag) -> None: with True, every search running or begun gives up at once and its " \
     "call raises Stopped (until stop(False))."}

/* At import: the main thread's ident, and the module's Stopped (`name` is its full name). */
static int init_stopping(PyObject *module, const char *name) {
    PyObject *threading = PyImport_ImportModule("threading");
    if (!threading) return -1;
    PyObject *main = PyObject_CallMethod(threading, "main_thread", NULL);
    Py_DECREF(threading);
    PyObject *ident = main ? PyObject_GetAttrString(main, "ident") : NULL;
    Py_XDECREF(main);
    if (!ident) return -1;
    main_thread = PyLong_AsUnsignedLong(ident);
    Py_DECREF(ident);
    if (PyErr_Occurred()) return -1;
    StoppedError = PyErr_NewException(name, NULL, NULL);
    if (!StoppedError) return -1;
    return PyModule_AddObjectRef(module, "Stopped", StoppedError);
}

#endif
