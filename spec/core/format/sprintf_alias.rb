p sprintf("%05d", 42)
p sprintf("%-4s|", "ab")
p sprintf("%.3e", 1234.5)
p format("%s", "same") == sprintf("%s", "same")
