# `$!` after a jump out of a clause that an exception entered: a `return`
# (or `break`, `next`) in an `ensure` clause drops the exception and `$!`
# is again what it was before the `begin`; so after a `break` or `return`
# out of a block from inside a `rescue` clause.

def dropped(x)
  raise "dropped #{x}"
ensure
  return -x
end
p dropped(6), $!

def kept(x)
  raise "kept #{x}"
ensure
  p $!
end
begin
  kept(1)
rescue => e
  p $!.equal?(e)
end
p $!

def from_rescue_modifier
  [1, 2].each { |x| raise "z#{x}" rescue (break 5) }
end
p from_rescue_modifier, $!

def return_from_block
  [1].each do
    begin
      raise "r"
    rescue
      return $!.message
    end
  end
end
p return_from_block, $!

def inside_outer_rescue
  raise "outer"
rescue
  r = dropped(2)
  [r, $!.message]
end
p inside_outer_rescue, $!

i = 0
while i < 3
  begin
    raise "loop #{i}"
  ensure
    i += 1
    next
  end
end
p i, $!
