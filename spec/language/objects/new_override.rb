class Registry
  @made = 0

  def self.new(*args)
    @made += 1
    obj = super
    puts "made #{@made}: #{args.inspect}"
    obj
  end

  def self.made
    @made
  end

  def initialize(a, b = 2)
    @sum = a + b
  end

  attr_reader :sum
end

p Registry.new(1).sum
p Registry.new(1, 5).sum
p Registry.made
