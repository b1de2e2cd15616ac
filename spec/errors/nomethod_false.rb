flag = false
p flag
p flag.to_s
p flag.class
flag.length
