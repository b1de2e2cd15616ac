# `blk.call(...)` of a block parameter the method only passes on or calls
# calls the block without making a Proc, with Proc#call's behaviour:
# arguments, keywords, a block for the block, lambdas, break and return,
# errors when there is no block, and a redefined Proc#call.

class Tree
  def initialize(keys) = @keys = keys

  def delete(key, &found)
    index(0, key, &found)
  end

  def index(i, key, &found)
    return nil if i >= @keys.size
    if @keys[i] == key
      found.call(key, i)
      i
    else
      index(i + 1, key, &found)
    end
  end

  def each_call(&blk) = @keys.each { |k| blk.(k) }
  def with_keywords(&blk) = blk.call(1, scale: 10)
  def chained(&blk) = blk.call(2).to_s
end

tree = Tree.new([4, 8, 15, 16, 23, 42])
hits = []
300.times { |i| tree.delete([15, 42, 7][i % 3]) { |k, i| hits << [k, i] } }
p hits.uniq
p tree.delete(16) { |k, i| p [:found, k, i] }
sum = 0
200.times { tree.each_call { |k| sum += k } }
p sum
p tree.with_keywords { |a, scale:| a * scale }
p tree.chained { |x| x * 21 }
p tree.chained(&->(x) { x + 1 })
begin
  tree.chained(&->(x, y) { x })
rescue ArgumentError => e
  p e.message
end
p tree.each_call { |k| break k * 100 if k > 10 }

def first_big(tree) = tree.each_call { |k| return k if k > 10 }
p first_big(tree)

begin
  tree.delete(8)
rescue NoMethodError => e
  puts e.message
end

class Proc
  alias_method :original_call, :call
  def call(*args)
    print "(called) "
    original_call(*args)
  end
end
p tree.chained { |x| x }
