class Base
  def each_item
    yield 1
    yield 2
    :base_done
  end
end

class Derived < Base
  def each_item
    puts "before"
    r = super
    puts "after"
    r
  end
end

p(Derived.new.each_item { |x| puts "got #{x}" })
