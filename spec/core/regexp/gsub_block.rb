# gsub with a block: its value (to_s) replaces each match, which the
# block also sees as $~.
p "hello world".gsub(/o/) { |m| m.upcase }
p "a1b2".gsub(/\d/) { |d| (d.to_i * 2).to_s }
p "cat hat".gsub(/(\w)at/) { "#{$1.upcase}AT(#{$~.begin(0)})" }
p "x y z".gsub(/\w/) { |c| c.ord }
p $~
