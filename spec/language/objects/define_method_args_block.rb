class Builder
  define_method(:combine) do |a, b = 10, *rest, key: "k", &blk|
    r = "a=#{a} b=#{b} rest=#{rest.inspect} key=#{key}"
    r += " blk=#{blk.call}" if blk
    r
  end

  result = define_method(:noop) { }
  p result
end

bld = Builder.new
puts bld.combine(1)
puts bld.combine(1, 2, 3, 4, key: "z")
puts(bld.combine(0) { "yes" })
p Builder.instance_method(:combine).arity
p bld.noop
