$twice_count = ($twice_count || 0) + 1
