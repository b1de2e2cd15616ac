n = Integer("forty-two")
p n
