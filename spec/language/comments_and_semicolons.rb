# a comment
x = 1; y = 2; p x + y # trailing comment
p 3;
=begin
block comment
p "never"
=end
z = 1 +
  2 +
  3
p z
w = (1
)
p w
def one; 1; end
p one
