class Account
  def deposit(n)
    self.balance = balance + n
    balance
  end

  def initialize
    self.balance = 0
  end

  private

  attr_accessor :balance
end

a = Account.new
p a.deposit(10)
p a.deposit(5)
p a.respond_to?(:balance)
p a.respond_to?(:balance=)
