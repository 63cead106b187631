absent
