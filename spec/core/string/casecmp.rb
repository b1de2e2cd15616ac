# casecmp and casecmp?.
p "abc".casecmp("ABC"), "abc".casecmp("abd"), "b".casecmp("A"), "a".casecmp("ab")
p "abc".casecmp?("ABC"), "abc".casecmp?("abd"), "äö".casecmp?("ÄÖ"), "äö".casecmp("ÄÖ")
p "straße".casecmp?("STRASSE"), "a".casecmp(1), "a".casecmp?(nil)
