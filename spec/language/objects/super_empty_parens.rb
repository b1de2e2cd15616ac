class Parent
  def run(*args)
    "parent got #{args.length} args: #{args.inspect}"
  end
end

class ChildImplicit < Parent
  def run(a, b)
    super
  end
end

class ChildEmpty < Parent
  def run(a, b)
    super()
  end
end

class ChildExplicit < Parent
  def run(a, b)
    super(b)
  end
end

puts ChildImplicit.new.run(1, 2)
puts ChildEmpty.new.run(1, 2)
puts ChildExplicit.new.run(1, 2)
