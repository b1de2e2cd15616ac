p format("%6s|", "é")
p format("%-6s|", "ñandú")
p format("%3.1s|", "éa")
p format("[%s]", "✓")
