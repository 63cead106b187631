/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PCDROP_STAT_PROBE_H
#define PCDROP_STAT_PROBE_H

struct address_space;

void pcdrop_stat_values_walked(struct address_space *mapping,
			       unsigned long walks, unsigned long nr);
void pcdrop_stat_folios_evicted(struct address_space *mapping, unsigned int nr);
void pcdrop_stat_folios_walked(struct address_space *mapping, unsigned int nr);

#endif /* PCDROP_STAT_PROBE_H */
