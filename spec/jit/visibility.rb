# Compiled sends keep Ruby's visibility rules: a private method called with
# an explicit receiver, or a protected one called from outside its class,
# raises NoMethodError however often the send ran before compiling.

class Account
  def initialize(balance) = @balance = balance
  def total_with(other) = balance + other.balance
  def doubled = secret * 2

  protected

  def balance = @balance

  private

  def secret = @balance + 1
end

def peek(account) = account.secret
def read_balance(account) = account.balance

def attempt
  yield
rescue NoMethodError => e
  e.message.lines.first.sub(/0x\h+/, "0x")
end

a = Account.new(10)
b = Account.new(5)
i = 0
results = []
while i < 3000
  results << attempt { peek(a) }
  results << attempt { read_balance(b) }
  results << a.total_with(b)
  results << a.doubled
  i += 1
end
puts results.uniq
# spec: skip-mode gc-stress 33.1 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
