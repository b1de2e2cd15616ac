class Account
  attr_reader :balance

  def initialize(b)
    @balance = b
  end

  def deposit(n)
    @balance += n
    self
  end
end
