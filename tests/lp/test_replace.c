// SPDX-License-Identifier: GPL-2.0
/* pcdrop_test_replace.ko: pcdrop_test_lp.c says what it is. */
#define PCDROP_TEST_LP_REPLACE
#include "pcdrop_test_lp.c"
