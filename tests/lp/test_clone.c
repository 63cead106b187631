// SPDX-License-Identifier: GPL-2.0
/* pcdrop_test_clone.ko: pcdrop_test_lp.c says what it is. */
#define PCDROP_TEST_LP_CLONE
#include "pcdrop_test_lp.c"
