# Each method call has its own $~.
def inner
  "inner text" =~ /(inner)/
  $1
end

def outer
  "outer text" =~ /(outer)/
  r = inner
  [r, $1]
end

p outer
p $~
"top" =~ /(top)/
p inner, $1
def reads_caller
  $~
end
p reads_caller
