# Compiled code calls core methods and blocks directly: errors they raise
# show the same frames, calls back into Ruby see the same callers, and a
# `yield` without a block raises as the interpreter does.

class Token
  def initialize(text) = @text = text
  def to_str = @text
  def ==(other) = other.to_s == @text
end

def fetch_at(list, i) = list.fetch(i)

def same?(a, b) = a == b

def twice
  yield 1
  yield 2
end

def sum_pairs(list)
  total = 0
  list.each { |x| total += x }
  total
end

def caller_names = caller(0, 2).map { |line| line[/`(.*)'/, 1] }

def through_core(list) = list.map { |x| caller_names if x == 1 }.compact.first

list = [10, 20, 30]
i = 0
seen = []
while i < 2000
  seen << fetch_at(list, i % 3)
  seen << same?("ab", "ab") << same?("ab", Token.new("ab"))
  twice { |n| seen << n }
  seen << sum_pairs(list)
  i += 1
end
p seen.tally
p through_core([1, 2])

begin
  fetch_at(list, 7)
rescue IndexError => e
  puts "#{e.class}: #{e.message}"
  puts e.backtrace.first(2)
end

begin
  twice
rescue LocalJumpError => e
  puts "#{e.class}: #{e.message}"
  puts e.backtrace.first(2)
end
# spec: skip-mode gc-stress 2.4 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
