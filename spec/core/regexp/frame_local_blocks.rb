# Blocks share the $~ of the method they are written in.
def in_block
  ["k1=v1"].each { |s| s =~ /(\w+)=(\w+)/ }
  [$1, $2]
end
p in_block

def block_reads
  "x5" =~ /(\d)/
  [1, 2].map { |i| "#{$1}#{i}" }
end
p block_reads

def yielder
  "inside" =~ /(ins)/
  yield
  $1
end

"outside" =~ /(out)/
r = yielder { p $1 }
p r, $1
