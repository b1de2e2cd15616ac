p Integer.sqrt(16)
Integer.sqrt(-16)
