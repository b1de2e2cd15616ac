p Math.sqrt(4)
Math.sqrt(-4)
