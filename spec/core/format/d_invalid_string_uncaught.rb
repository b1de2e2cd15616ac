format("value: %d", "12abc")
