// SPDX-License-Identifier: GPL-2.0
/* pcdrop_test_shadow.ko: pcdrop_test_lp.c says what it is. */
#define PCDROP_TEST_LP_SHADOW
#include "pcdrop_test_lp.c"
