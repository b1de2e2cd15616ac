# Calls from inlined code to core methods and to Ruby methods not compiled
# yet run above the inlined frames without rebuilding them: backtraces,
# `caller`, error_highlight and warnings must still name every frame.

class Tokenizer
  def initialize(text) = @text = text

  def char_at(i) = @text[i]

  def strict_char(i)
    @text.fetch_char(i)
  end

  def slice(i, n) = @text[i, n]
end

class String
  def fetch_char(i)
    raise IndexError, "no char at #{i}" if i >= length
    self[i]
  end
end

class Reader
  def initialize(tokenizer) = @tokenizer = tokenizer

  def read(i) = @tokenizer.char_at(i)
  def read_strict(i) = @tokenizer.strict_char(i)
  def read_slice(i, n) = @tokenizer.slice(i, n)

  def each_char(n)
    i = 0
    while i < n
      yield read(i)
      i += 1
    end
  end
end

class Tracer
  def where = caller(0, 3)
end

class Probe
  def initialize(tracer) = @tracer = tracer
  def probe = @tracer.where
  def deep = probe
end

reader = Reader.new(Tokenizer.new("hello"))
out = +""
300.times do
  out = +""
  reader.each_char(5) { |c| out << c }
end
p out
p reader.read_slice(1, 3)

def strict(reader, i)
  reader.read_strict(i)
end

200.times { strict(reader, 1) }
begin
  strict(reader, 9)
rescue IndexError => e
  p e.message
  puts e.backtrace.first(5).map { |l| l.sub(/^.*\//, "") }
end

def slice_bad(reader)
  reader.read_slice("x", 1)
end

200.times { reader.read_slice(0, 2) }
begin
  slice_bad(reader)
rescue TypeError => e
  p e.message
  puts e.backtrace.first(5).map { |l| l.sub(/^.*\//, "") }
end

probe = Probe.new(Tracer.new)
lines = nil
300.times { lines = probe.deep }
puts lines.map { |l| l.sub(/^.*\//, "") }

class Account
  def initialize(balance)
    raise ArgumentError, "negative balance" if balance < 0
    @balance = balance
  end
  attr_reader :balance
end

class Bank
  def open(balance) = Account.new(balance)
  def open_all(list) = list.map { |b| open(b).balance }
end

bank = Bank.new
200.times { bank.open_all([1, 2, 3]) }
begin
  bank.open_all([4, -1])
rescue ArgumentError => e
  puts e.message
  puts e.backtrace.first(6).map { |l| l.sub(/^.*\//, "") }
end

def fail_in_core(reader)
  reader.read_slice(nil, 1)
end
200.times { reader.read_slice(2, 1) }
fail_in_core(reader)
# spec: skip-mode gc-stress 0.5 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
